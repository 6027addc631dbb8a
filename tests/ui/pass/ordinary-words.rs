// Names, titles and descriptions that contain a secret word inside another word, or
// name a property of a secret, are not secrets.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Settings {
    tokenizer: String,
    pinned: bool,
    spinner: bool,
    passenger: String,
    keyboard: String,
    monkey: String,
    keynote: String,
    compass: String,
    bypass: bool,
    secretary: String,
    token_count: u32,
    max_tokens: u32,
    password_length: u8,
    #[elicit(title = "Postal code", description = "How many tokens the reply may use")]
    postal_code: String,
    /// Whether the sort key ignores case.
    sort_key_ignores_case: bool,
}

fn main() {
    assert_eq!(Settings::SCHEMA.fields().len(), 15);
}
