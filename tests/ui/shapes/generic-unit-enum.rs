use elicit_runtime::Elicit;

// A unit-only enum cannot use its type parameter, so rustc refuses it too; the derive
// still says why it cannot be a select.
#[derive(Elicit)]
enum Choice<T> {
    Yes,
    No,
}

fn main() {}
