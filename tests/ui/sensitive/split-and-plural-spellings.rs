use elicit_runtime::Elicit;

#[derive(Elicit)]
#[allow(non_snake_case)]
struct Form {
    PassWord: String,
    pass_word: String,
    passWd: String,
    pw: String,
    passwords: String,
    PINs: String,
    api_keys: String,
    cc_number: String,
    jwt: String,
    hmac_key: String,
    // Not secrets: a count of tokens, a hint about the password.
    max_tokens: u32,
    password_hints: String,
}

fn main() {}
