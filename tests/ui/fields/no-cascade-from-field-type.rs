use std::collections::HashMap;

use elicit_runtime::Elicit;

// An unsupported field type is reported once, on the field: the form's uses add nothing.
#[derive(Elicit)]
struct Settings {
    values: HashMap<String, String>,
    #[elicit(default = 300)]
    limit: u8,
}

fn ask<T: Elicit>() -> usize {
    T::SCHEMA.fields().len()
}

fn main() {
    let _ = ask::<Settings>();
    let _ = Settings::SCHEMA.fields();
    let _ = Settings::requested_schema(elicit_runtime::ProtocolRevision::LATEST);
}
