use elicit_runtime::Elicit;

// The client reads `pattern` as ECMA-262; what only the regex crate reads is refused,
// with the ECMA-262 way to write it.
#[derive(Elicit)]
struct Form {
    #[elicit(pattern = "(?i)^yes$")]
    flags: String,
    #[elicit(pattern = "^(?P<word>[a-z]+)$")]
    named: String,
    #[elicit(pattern = "\\Aabc\\z")]
    anchors: String,
    #[elicit(pattern = "^[[:alpha:]]+$")]
    posix: String,
    #[elicit(pattern = "^\\pL+$")]
    property: String,
    #[elicit(pattern = "^[a-z&&[^aeiou]]+$")]
    set_operation: String,
    #[elicit(pattern = "^a++$")]
    stacked: String,
}

fn main() {}
