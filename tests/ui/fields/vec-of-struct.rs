use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Guest {
    name: String,
}

#[derive(Elicit)]
struct Party {
    guests: Vec<Guest>,
}

fn main() {}
