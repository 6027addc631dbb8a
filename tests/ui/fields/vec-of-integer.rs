use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Lottery {
    numbers: Vec<u32>,
}

fn main() {}
