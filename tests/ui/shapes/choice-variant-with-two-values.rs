use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Shipping {
    Standard,
    Express(u8, String),
}

fn main() {}
