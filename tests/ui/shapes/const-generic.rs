use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form<const N: usize> {
    name: String,
}

fn ask<T: Elicit>() -> usize {
    T::SCHEMA.fields().len()
}

fn main() {
    let _ = ask::<Form<3>>();
}
