use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(description = "Your handle, as on https://example.com/me")]
    handle: String,
}

fn main() {}
