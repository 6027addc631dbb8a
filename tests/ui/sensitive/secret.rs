use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Client {
    client_id: String,
    client_secret: String,
}

fn main() {}
