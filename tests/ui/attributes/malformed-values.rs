use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(min_length = "3")]
    name: String,
    #[elicit(title)]
    email: String,
    #[elicit(skip = true)]
    id: u64,
    #[elicit(minimum = "1")]
    age: u8,
    #[elicit(max_items = -1)]
    count: u8,
    #[elicit(default = [1, 2])]
    other: u8,
    #[elicit(pattern = 5)]
    code: String,
    #[elicit(default)]
    guests: u8,
}

#[derive(Elicit)]
#[elicit(rename_all = camelCase)]
struct Other {
    first_name: String,
}

fn main() {}
