use elicit_runtime::Elicit;

// A default the pattern refuses would be refused when the user keeps it.
#[derive(Elicit)]
struct Form {
    #[elicit(pattern = "^[0-9]{5}$", default = "1234a")]
    zip: String,
    // ECMA-262's `\d` is ASCII, as the runtime reads it.
    #[elicit(pattern = "^\\d+$", default = "١٢٣")]
    digits: Option<String>,
    // Matches: not an error.
    #[elicit(pattern = "^[a-z]+(-[a-z]+)*$", default = "kebab-case")]
    slug: String,
}

fn main() {}
