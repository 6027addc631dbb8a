use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(minimum = 18, default = 16)]
    age: u8,
    #[elicit(minimum = -1.5, default = -2.0)]
    offset: f64,
}

fn main() {}
