use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Tags {
    tags: Option<Vec<String>>,
}

fn main() {}
