use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Shipping {
    Standard,
    Express(u8),
}

fn main() {}
