use elicit_runtime::Elicit;

/// Where to sit.
#[derive(Elicit)]
#[elicit(rename_all = "lowercase", description(fr = "Où s'asseoir : https://example.com/plan"))]
enum Area {
    // A URL in any language is refused.
    #[elicit(title = "Indoors", title(de = "Drinnen, siehe https://example.com"))]
    Indoor,
    Terrace,
}

#[derive(Elicit)]
struct Booking {
    // Not a language tag; the same language twice; a value that is not a string.
    #[elicit(title = "Name", title(korean_please = "이름", ko = "이름", ko = "성함", ja = 3))]
    name: String,
    area: Area,
}

fn main() {}
