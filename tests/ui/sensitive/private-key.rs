use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Deploy {
    host: String,
    private_key: String,
}

fn main() {}
