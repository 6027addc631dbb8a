// schemars attributes that change only the `JsonSchema` while serde and the form decode
// by serde's, or that state what a form cannot: each refused with the elicit spelling.
use elicit_runtime::Elicit;
use schemars::JsonSchema;

#[derive(JsonSchema, Elicit, Default)]
#[schemars(rename_all = "camelCase")]
#[schemars(default)]
struct Names {
    first_name: String,
}

#[derive(JsonSchema, Elicit)]
#[schemars(tag = "kind")]
enum Tagged {
    One,
}

#[derive(JsonSchema, Elicit)]
#[schemars(untagged)]
enum Untagged {
    One,
}

#[derive(JsonSchema)]
struct Raw {
    name: String,
}

#[derive(JsonSchema, Elicit)]
#[schemars(from = "Raw")]
struct Converted {
    name: String,
}

#[derive(JsonSchema, Elicit)]
enum Plan {
    #[schemars(rename = "free")]
    Free,
    #[schemars(skip)]
    Hidden,
}

#[derive(JsonSchema, Elicit, Default)]
struct Sub {
    phone: String,
}

#[derive(JsonSchema, Elicit)]
struct Form {
    #[schemars(required)]
    nickname: Option<String>,
    #[schemars(contains(pattern = "@"))]
    handle: String,
    #[schemars(ip)]
    address: String,
    #[schemars(ipv4)]
    v4: String,
    #[schemars(ipv6)]
    v6: String,
    #[schemars(inner(length(min = 1)))]
    tags: Vec<Plan>,
    #[schemars(rename = "mail")]
    email: String,
    #[schemars(default)]
    seats: u8,
    #[schemars(skip)]
    session: String,
    #[schemars(flatten)]
    sub: Sub,
}

fn main() {}
