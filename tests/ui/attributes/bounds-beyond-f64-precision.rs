use elicit_runtime::Elicit;

// Integers are compared as integers: 2^53 + 1 and 2^53 are the same `f64`, not the same
// bound.
#[derive(Elicit)]
struct Form {
    #[elicit(minimum = 9007199254740993, maximum = 9007199254740992)]
    id: i64,
    #[elicit(default = 9007199254740993, maximum = 9007199254740992)]
    seq: i64,
    // `-0.0` equals `0.0`: not an error.
    #[elicit(minimum = 0.0, maximum = -0.0)]
    zero: f64,
}

fn main() {}
