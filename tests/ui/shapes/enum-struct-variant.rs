use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Payment {
    Cash,
    Transfer { iban_hint: String },
    Cheque { number: u32 },
}

fn main() {}
