use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Extra {
    Wrap,
    Card,
    Ribbon,
}

#[derive(Elicit)]
struct Form {
    #[elicit(format = "email", default = "nobody")]
    email: String,
    #[elicit(format = "date", default = "24.12.2026")]
    day: String,
    #[elicit(max_items = 1, default = ["Wrap", "Card"])]
    extras: Vec<Extra>,
    #[elicit(min_items = 1, default = [])]
    more: Vec<Extra>,
    #[elicit(default = ["Card", "Card"])]
    twice: Vec<Extra>,
}

fn main() {}
