use elicit_runtime::Elicit;

#[derive(serde::Deserialize, Elicit)]
struct Form {
    #[elicit(rename = "fullName")]
    #[serde(rename = "full_name")]
    name: String,
}

#[derive(serde::Deserialize, Elicit)]
#[elicit(rename_all = "camelCase")]
#[serde(rename_all = "kebab-case")]
struct Other {
    first_name: String,
}

fn main() {}
