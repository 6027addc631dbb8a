// A type or const parameter with a default: the mistake is reported alone, without
// "defaults for generic parameters are not allowed here" from the stub beside it.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form<T: Clone = String> {
    value: T,
    #[elicit(bogus)]
    other: u8,
}

#[derive(Elicit)]
struct Sized<const N: usize = 3> {
    value: u8,
}

#[derive(Elicit)]
enum Choice<T = u8> {
    A,
    B(T),
}

fn main() {}
