use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Tags {
    tags: Vec<String>,
}

fn main() {}
