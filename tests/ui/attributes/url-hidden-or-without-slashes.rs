use elicit_runtime::Elicit;

// URLs a browser opens without `//`, and URLs behind characters that show nothing or show
// as ASCII: the error quotes each as the user would see it.
#[derive(Elicit)]
struct Signup {
    #[elicit(title = "Read https:evil.example first")]
    first: String,
    #[elicit(description = "Terms at https\u{200b}://evil.example/terms")]
    terms: bool,
    /// Help at ｈｔｔｐｓ：//evil.example
    help: String,
    // Not URLs: a heading with a colon, a zero-width space in a label.
    #[elicit(title = "HTTPS: always", description = "zero\u{200b}width: fine")]
    plain: String,
}

fn main() {}
