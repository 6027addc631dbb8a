use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    name: String,
    nothing: (),
}

fn main() {}
