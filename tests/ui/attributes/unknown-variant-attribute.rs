use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Size {
    #[elicit(description = "a small cup")]
    Small,
    Large,
}

fn main() {}
