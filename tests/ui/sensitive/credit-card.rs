use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Checkout {
    credit_card: String,
    card_number: String,
    cvv: u16,
}

fn main() {}
