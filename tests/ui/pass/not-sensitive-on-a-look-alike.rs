use elicit_runtime::Elicit;

// `not_sensitive` clears a word that also has an innocent meaning: a map pin, a game
// token, the account number of a customer file.
#[derive(Elicit)]
struct Marker {
    #[elicit(not_sensitive)]
    pin: String,
    #[elicit(not_sensitive, title = "Token to move")]
    piece: String,
    #[elicit(not_sensitive)]
    account_number: Option<u32>,
}

fn main() {
    let names: Vec<&str> = Marker::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["pin", "piece", "account_number"]);
}
