// A literal attribute has the type of its field: on a field whose type depends on a
// type parameter it cannot be checked, and is refused on the attribute, once, with no
// type mismatch from the generated checks beside it.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Counter<T> {
    #[elicit(default = 3, minimum = 1, maximum = 9)]
    count: T,
    #[elicit(minimum = 0)]
    maybe: Option<T>,
    #[elicit(default = 2)]
    fine: u8,
}

fn main() {}
