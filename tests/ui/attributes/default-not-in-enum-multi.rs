use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Topping {
    Cheese,
    Ham,
}

#[derive(Elicit)]
struct Pizza {
    #[elicit(default = ["cheese", "pineapple"])]
    toppings: Vec<Topping>,
}

fn main() {}
