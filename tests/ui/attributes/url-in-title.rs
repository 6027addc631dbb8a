use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Plan {
    #[elicit(title = "Pro (see https://example.com/pricing)")]
    Pro,
    Free,
}

#[derive(Elicit)]
struct Form {
    #[elicit(title = "Read http://example.com/terms first")]
    agree: bool,
    plan: Plan,
}

fn main() {}
