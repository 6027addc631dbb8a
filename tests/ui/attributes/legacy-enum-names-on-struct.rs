use elicit_runtime::Elicit;

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Size {
    #[elicit(title = "Small (250 ml)")]
    Small,
    #[elicit(title = "Large (500 ml)")]
    Large,
}

// The attribute belongs on the enum; on a form it would not say which select it means.
#[derive(Elicit)]
#[elicit(legacy_enum_names)]
struct Coffee {
    size: Size,
}

fn main() {}
