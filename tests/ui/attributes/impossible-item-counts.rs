use elicit_runtime::Elicit;

#[derive(Elicit, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Topping {
    Cheese,
    Olives,
    Basil,
}

#[derive(Elicit)]
struct Pizza {
    // Three options: four choices cannot be made.
    #[elicit(min_items = 4)]
    toppings: Vec<Topping>,
    // No choice at all is allowed: no answer fits.
    #[elicit(max_items = 0)]
    extras: Option<std::collections::BTreeSet<Topping>>,
    // As many as there are options is fine.
    #[elicit(min_items = 3)]
    all: Vec<Topping>,
}

fn main() {}
