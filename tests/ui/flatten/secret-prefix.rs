use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Login {
    user: String,
}

#[derive(Elicit)]
struct Keys {
    key: String,
    #[elicit(title = "Number")]
    count: u8,
}

// A prefix that asks for a secret by itself.
#[derive(Elicit)]
struct Secret {
    #[elicit(flatten(prefix = "password_"))]
    login: Login,
    #[elicit(flatten(prefix = "a_", title_prefix = "API key "))]
    other: Login,
}

// A prefix that, before a field of the sub-form, makes a secret's name: `api_key`, and
// the title `Card Number`.
#[derive(Elicit)]
struct Joined {
    #[elicit(flatten(prefix = "api_"))]
    api: Keys,
    #[elicit(flatten(prefix = "c_", title_prefix = "Card "))]
    card: Keys,
}

fn main() {}
