use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    name: String,
}

fn main() {
    let _ = Form::SCHEMA;
}
