use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(minimum = 1.5)]
    guests: u8,
    #[elicit(maximum = -0.5)]
    count: Option<u32>,
}

fn main() {}
