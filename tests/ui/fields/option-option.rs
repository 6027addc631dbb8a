use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    nickname: Option<Option<String>>,
}

fn main() {}
