use elicit_runtime::Elicit;
use elicit_runtime::page::Secret;

#[derive(Elicit)]
#[elicit(page)]
enum Size {
    S,
    L,
}

#[derive(Elicit)]
struct Address {
    street: String,
}

#[derive(Elicit)]
#[elicit(page)]
struct Signup {
    password: Secret,
    #[elicit(flatten)]
    address: Address,
}

#[derive(Elicit)]
#[elicit(page = true)]
struct Valued {
    password: Secret,
}

#[derive(Elicit)]
#[elicit(page, json_schema)]
struct Described {
    password: Secret,
}

fn main() {}
