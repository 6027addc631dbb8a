use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Never {}

fn main() {}
