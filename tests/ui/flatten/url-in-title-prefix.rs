use elicit_runtime::Elicit;
#[derive(Elicit)]
struct A { s: String }
#[derive(Elicit)]
struct B {
    #[elicit(flatten(prefix = "a_", title_prefix = "see https://example.com "))]
    a: A,
}
fn main() {}
