use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Labeled<T> {
    label: String,
    value: Option<T>,
}

struct Address {
    street: String,
}

fn ask<T: Elicit>() -> usize {
    T::SCHEMA.fields().len()
}

fn main() {
    // `Labeled<T>` is a form when `Option<T>` is a field type, which `Option<Address>` is not.
    let _ = ask::<Labeled<Address>>();
}
