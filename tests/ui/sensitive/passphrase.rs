use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Unlock {
    passphrase: String,
}

fn main() {}
