use elicit_runtime::Elicit;

// A variant's fields are a form like any other: no secret in form mode.
#[derive(Elicit)]
enum Login {
    Guest,
    Account { user: String, password: String },
}

fn main() {}
