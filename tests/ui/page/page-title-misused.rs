use elicit_runtime::Elicit;
use elicit_runtime::page::Secret;

// A form sent to the client: the request's message introduces it, it has no heading.
#[derive(Elicit)]
#[elicit(title = "Your trip")]
struct Trip {
    city: String,
}

// Only translations, on a form sent to the client: the same mistake.
#[derive(Elicit)]
#[elicit(title(ko = "여행"))]
struct Journey {
    city: String,
}

// An enum is the options of a field.
#[derive(Elicit)]
#[elicit(title = "Size")]
enum Size {
    S,
    L,
}

// A page form's heading: fine, in any language; a language tag that is not one is not.
#[derive(Elicit)]
#[elicit(page, title = "Connect", title(ko = "연결", klingon_x = "..."))]
struct Key {
    key: Secret,
}

fn main() {}
