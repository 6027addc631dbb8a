use elicit_runtime::Elicit;

// A rename changes the name on the wire, not what the field asks for: the Rust name is
// checked too.
#[derive(Elicit, serde::Deserialize)]
struct Login {
    #[elicit(rename = "value")]
    password: String,
    #[serde(rename = "k")]
    api_key: String,
}

fn main() {}
