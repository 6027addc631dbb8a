use elicit_runtime::Elicit;

// The same reason as `&str` outside an `Option`.
#[derive(Elicit)]
struct Profile {
    nickname: Option<&'static str>,
    motto: &'static String,
}

fn main() {}
