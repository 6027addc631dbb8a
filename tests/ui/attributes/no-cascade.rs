use elicit_runtime::Elicit;

// The derive fails on the attribute; the type still implements `Elicit`, so its uses
// below add no "trait not implemented" error.
#[derive(Elicit)]
struct Form {
    #[elicit(colour = "red")]
    name: String,
}

#[derive(Elicit)]
enum Size {
    #[elicit(colour = "red")]
    Small,
    Large,
}

#[derive(Elicit)]
struct Order {
    size: Size,
    extras: Vec<Size>,
}

fn ask<T: Elicit>() -> &'static str {
    T::SCHEMA.fields().first().map_or("", |f| f.name())
}

fn main() {
    let _ = ask::<Form>();
    let _ = ask::<Order>();
}
