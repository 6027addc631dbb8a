use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Plan {
    Free,
    Pro,
}

// Only a struct that derives `Elicit` (a form) can be flattened.
#[derive(Elicit)]
struct Order {
    #[elicit(flatten)]
    name: String,
    #[elicit(flatten(prefix = "p_"))]
    plan: Option<Plan>,
}

fn main() {}
