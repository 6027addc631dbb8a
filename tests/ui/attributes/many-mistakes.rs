use elicit_runtime::Elicit;

// Every independent mistake of one struct is reported in the same compile: the derive's
// own errors, and those the type checker finds in the field types and literals.
#[derive(Elicit)]
#[elicit(rename_all = "shouting")]
struct Signup {
    #[elicit(min_length = 8, max_length = 4)]
    name: String,
    #[elicit(colour = "red")]
    email: String,
    password: String,
    #[elicit(format = "phone")]
    phone: String,
    #[elicit(title = "see https://example.com")]
    plan: String,
    #[elicit(pattern = "(")]
    code: String,
    #[elicit(minimum = 1)]
    nickname: String,
    tags: Vec<String>,
    #[elicit(default = 300)]
    age: u8,
}

fn main() {}
