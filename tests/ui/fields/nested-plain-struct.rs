use elicit_runtime::Elicit;

struct Location {
    lat: f64,
    lon: f64,
}

#[derive(Elicit)]
struct Meeting {
    topic: String,
    location: Location,
}

fn main() {}
