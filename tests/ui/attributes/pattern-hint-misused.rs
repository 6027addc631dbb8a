use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Card {
    // A hint, and no pattern for it to describe.
    #[elicit(pattern_hint = "MM/YY")]
    expiry: String,
    #[elicit(pattern = "^[A-Z]{2}[0-9]{3}$", pattern_hint = "two letters, three digits", pattern_hint = "AB123")]
    plate: String,
    // A hint that says nothing.
    #[elicit(pattern = "^[0-9]{5}$", pattern_hint = " ")]
    zip: String,
    // A hint is about strings.
    #[elicit(pattern_hint = "a small number")]
    guests: u8,
}

fn main() {}
