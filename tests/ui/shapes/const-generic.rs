use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form<const N: usize> {
    name: String,
}

fn main() {}
