use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    name: &'static str,
}

fn main() {}
