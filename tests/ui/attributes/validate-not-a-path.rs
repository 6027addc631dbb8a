use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(validate = "check")]
struct Dates {
    start: String,
    end: String,
}

fn main() {}
