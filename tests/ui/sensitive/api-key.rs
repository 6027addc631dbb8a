use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Integration {
    api_key: String,
    #[elicit(rename = "API-KEY")]
    header: String,
}

fn main() {}
