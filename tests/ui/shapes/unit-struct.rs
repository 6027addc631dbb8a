use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Confirm;

fn main() {}
