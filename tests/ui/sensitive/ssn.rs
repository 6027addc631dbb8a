use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Identity {
    name: String,
    ssn: String,
}

fn main() {}
