use elicit_runtime::Elicit;

// `not_sensitive` opts out one field, not its neighbours.
#[derive(Elicit)]
struct Settings {
    #[elicit(not_sensitive)]
    max_token_count: u32,
    refresh_token: String,
}

fn main() {}
