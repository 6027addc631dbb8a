use elicit_runtime::Elicit;

// A float literal beyond `f64` reads as infinity, which no JSON number carries: refused
// on the literal (the derive used to panic on it).
#[derive(Elicit)]
struct Form {
    #[elicit(maximum = 1e400)]
    ratio: f64,
    #[elicit(default = -1e999)]
    offset: f64,
}

fn main() {}
