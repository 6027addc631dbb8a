use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Verify {
    one_time_code: String,
    mfa_code: String,
    passcode: String,
    card_no: String,
    cvc: String,
    iban: String,
    #[elicit(rename = "APIKey")]
    key: String,
    session_id: String,
    // Not secrets: a count of tokens, a word that contains `pin`, one that contains `pass`.
    token_count: u32,
    spinner: bool,
    passenger: String,
}

fn main() {}
