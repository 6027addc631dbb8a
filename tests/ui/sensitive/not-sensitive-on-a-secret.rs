use elicit_runtime::Elicit;

// `not_sensitive` is for names that only look like secrets: it cannot clear a field
// whose name, title or description is a secret whatever the field holds.
#[derive(Elicit)]
struct Login {
    #[elicit(not_sensitive)]
    password: String,
    #[elicit(not_sensitive, title = "Card number")]
    reference: String,
    /// Your API key
    #[elicit(not_sensitive)]
    handle: String,
}

fn main() {}
