use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "UPPERCASE")]
struct Form {
    user_id: String,
    #[allow(non_snake_case)]
    USER_ID: String,
}

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Mode {
    ReadOnly,
    Readonly,
}

fn main() {}
