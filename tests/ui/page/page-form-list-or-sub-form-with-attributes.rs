// A separated list and a flattened form in a page form, with attributes that would be
// wrong on them anyway (a default and a bound on a list, `flatten` written twice): one
// error each.
use elicit_runtime::Elicit;
use elicit_runtime::page::Secret;

#[derive(Elicit)]
struct Address {
    street: String,
}

#[derive(Elicit)]
#[elicit(page)]
struct Card {
    #[elicit(separated = ",", default = "a", minimum = 1)]
    labels: Vec<String>,
    pin: Secret,
}

#[derive(Elicit)]
#[elicit(page)]
struct Home {
    #[elicit(flatten)]
    #[elicit(flatten(prefix = "home_"))]
    home: Address,
    pin: Secret,
}

fn main() {}
