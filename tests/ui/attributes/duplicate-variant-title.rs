use elicit_runtime::Elicit;

// Two options with one title look the same to the user.
#[derive(Elicit)]
enum Plan {
    #[elicit(title = "Free")]
    Free,
    #[elicit(title = "Free")]
    Pro,
    Team,
}

fn main() {}
