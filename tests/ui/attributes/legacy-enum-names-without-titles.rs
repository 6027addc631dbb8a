use elicit_runtime::Elicit;

// No variant has a title, so there are no `enumNames` to write.
#[derive(Elicit)]
#[elicit(legacy_enum_names, rename_all = "lowercase")]
enum Size {
    Small,
    Medium,
    Large,
}

fn main() {}
