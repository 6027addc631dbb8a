use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form<'a> {
    name: &'a str,
}

fn ask<T: Elicit>() -> usize {
    T::SCHEMA.fields().len()
}

fn main() {
    // Only the derive's error: no lifetime errors from the stub impl, no missing impl.
    let _ = ask::<Form<'static>>();
}
