use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(legacy_enum_names)]
#[elicit(rename_all = "lowercase", legacy_enum_names)]
enum Size {
    #[elicit(title = "Small (250 ml)")]
    Small,
    #[elicit(title = "Large (500 ml)")]
    Large,
}

fn main() {}
