use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    /// Your handle.
    ///
    /// Find it on https://example.com/me.
    handle: String,
}

fn main() {}
