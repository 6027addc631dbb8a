// `not_sensitive` lets a field whose name looks like a secret through, and only that field.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Settings {
    #[elicit(not_sensitive)]
    max_tokens: u32,
    #[elicit(not_sensitive, title = "Pin to the top")]
    pin: bool,
    #[elicit(not_sensitive, description = "Which of your saved cards to charge (not its number)")]
    card_number_hint: Option<String>,
    // Names that only contain a secret word inside another word are not secrets.
    opinion: String,
    spinner: bool,
    keyboard: String,
}

fn main() {
    let names: Vec<&str> = Settings::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["max_tokens", "pin", "card_number_hint", "opinion", "spinner", "keyboard"]);
}
