use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "camelCase")]
struct Connect {
    access_token: String,
    token: Option<String>,
}

fn main() {}
