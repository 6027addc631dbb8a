use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    Free,
    Pro,
}

#[derive(Elicit)]
struct Form {
    #[elicit(default = "Pro")]
    plan: Plan,
}

fn main() {}
