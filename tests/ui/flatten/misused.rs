use elicit_runtime::Elicit;
use serde::{Deserialize, Serialize};

#[derive(Elicit, Serialize, Deserialize, Default)]
struct Address {
    street: String,
}

// Malformed options.
#[derive(Elicit)]
struct Malformed {
    #[elicit(flatten = true)]
    a: Address,
    #[elicit(flatten(prefx = "b_"))]
    b: Address,
    #[elicit(flatten(prefix = 3))]
    c: Address,
}

// serde's flatten has no prefix: one beside it would give serde other names.
#[derive(Elicit, Serialize, Deserialize)]
struct WithSerde {
    #[elicit(flatten(prefix = "home_"))]
    #[serde(flatten)]
    home: Address,
}

// A default cannot fill in a flattened form's fields.
#[derive(Elicit, Serialize, Deserialize, Default)]
#[serde(default)]
struct Defaulted {
    #[elicit(flatten)]
    home: Address,
}

#[derive(Elicit, Serialize, Deserialize)]
struct FieldDefault {
    #[serde(flatten, default)]
    home: Address,
}

// A generic form lays out its fields once for all its type arguments.
#[derive(Elicit)]
struct Generic<T> {
    value: T,
    #[elicit(flatten)]
    home: Address,
}

fn main() {}
