use elicit_runtime::{Elicit, ProtocolRevision};

#[derive(Elicit)]
struct Labeled<T> {
    label: String,
    value: Option<T>,
}

struct Address {
    street: String,
}

fn main() {
    // The same mistake as `generic-field-not-a-field.rs`, reached through a path call:
    // `Labeled<Address>` is no form, and the error says which field type is why.
    let _ = Labeled::<Address>::requested_schema(ProtocolRevision::V2025_11_25);
    let content = serde_json::Map::new();
    let _ = Labeled::<Address>::from_content(&content);
}

fn ask<P: elicit_runtime::ElicitPeer>(peer: &P) {
    let _ = Labeled::<Address>::elicit(peer, "Label it");
}
