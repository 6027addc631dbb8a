use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    /// Your handle (the name you sign in with,
    /// the one on your profile page).
    /// Find it on https://example.com/me.
    ///
    /// A later paragraph is for rustdoc only: https://example.com/docs is never sent.
    handle: String,
}

fn main() {}
