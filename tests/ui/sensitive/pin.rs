use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Card {
    pin: u16,
}

fn main() {}
