use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(maximum = 12, default = 20)]
    guests: u8,
}

fn main() {}
