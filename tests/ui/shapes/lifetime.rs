use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form<'a> {
    name: &'a str,
}

fn main() {}
