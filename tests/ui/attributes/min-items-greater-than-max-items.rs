use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Topping {
    Cheese,
    Ham,
    Olives,
}

#[derive(Elicit)]
struct Pizza {
    #[elicit(min_items = 3, max_items = 2)]
    toppings: Vec<Topping>,
}

fn main() {}
