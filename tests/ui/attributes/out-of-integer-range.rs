use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(default = -1)]
    count: u32,
    #[elicit(maximum = 70000)]
    port: u16,
    #[elicit(minimum = -200)]
    offset: i8,
    #[elicit(minimum = -1)]
    retries: Option<u8>,
}

fn main() {}
