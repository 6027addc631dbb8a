use elicit_runtime::{Elicit, ElicitChoice};

/// A derived form a variant holds.
#[derive(Elicit, Debug)]
struct ChequeDetails {
    #[elicit(minimum = 1)]
    number: u32,
}

/// How do you pay?
#[derive(Elicit, Debug)]
#[elicit(rename_all = "snake_case")]
enum Payment {
    Cash,
    #[elicit(title = "Bank transfer")]
    Transfer {
        /// The name of your bank
        #[elicit(min_length = 2)]
        bank: String,
    },
    Cheque(ChequeDetails),
}

fn ask<T: ElicitChoice>() {}

fn main() {
    ask::<Payment>();
}
