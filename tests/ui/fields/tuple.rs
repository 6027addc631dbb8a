use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Point {
    coordinates: (f64, f64),
}

fn main() {}
