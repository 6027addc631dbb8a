use elicit_runtime::Elicit;

// A rule must take the form by reference and say what is wrong by field.
#[derive(Elicit)]
#[elicit(validate = check)]
struct Dates {
    start: String,
    end: String,
}

fn check(dates: Dates) -> bool {
    dates.start < dates.end
}

fn main() {}
