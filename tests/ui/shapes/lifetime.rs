use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form<'a> {
    name: &'a str,
}

#[derive(Elicit)]
struct Pair<'a, T: 'a>
where
    T: Clone + 'a,
{
    first: &'a T,
}

fn ask<T: Elicit>() -> usize {
    T::SCHEMA.fields().len()
}

fn main() {
    // Only the derive's errors: no lifetime errors from the stub impl, no missing impl.
    let _ = ask::<Form<'static>>();
    let _ = ask::<Pair<'static, u8>>();
}
