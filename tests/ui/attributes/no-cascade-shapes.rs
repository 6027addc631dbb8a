use elicit_runtime::Elicit;

// A shape the derive refuses still gets an impl, so using the type adds no
// "trait not implemented" error.
#[derive(Elicit)]
struct Name(String);

#[derive(Elicit)]
enum Shipping {
    Standard,
    Express(u8, u8),
}

#[derive(Elicit)]
struct Order {
    shipping: Shipping,
    options: Vec<Shipping>,
}

fn ask<T: Elicit>() -> usize {
    T::SCHEMA.fields().len()
}

fn main() {
    let _ = ask::<Name>();
    let _ = ask::<Order>();
}
