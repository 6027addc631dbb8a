use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(json_schema)]
struct Labeled<T> {
    value: Option<T>,
    label: String,
}

fn main() {}
