//! The glue of `#[elicit(json_schema)]`: the `schemars` schema of a form or an enum
//! (feature `schemars`), and the macro that refuses the attribute without the feature.

#[cfg(feature = "schemars")]
use super::*;

/// Expands to its input when the `schemars` feature is on (the derive invokes it for a
/// type with `#[elicit(json_schema)]`).
#[cfg(feature = "schemars")]
#[macro_export]
#[doc(hidden)]
macro_rules! __elicit_if_schemars {
    ($($tt:tt)*) => { $($tt)* };
}

/// Expands to its input when the `schemars` feature is on; otherwise, an error on the
/// `#[elicit(json_schema)]` that asked for it.
#[cfg(not(feature = "schemars"))]
#[macro_export]
#[doc(hidden)]
macro_rules! __elicit_if_schemars {
    ($($tt:tt)*) => {
        ::core::compile_error!(
            "`#[elicit(json_schema)]` implements `schemars::JsonSchema`, which needs the `schemars` feature of elicit-runtime: enable it with `elicit-runtime = { .., features = [\"schemars\"] }` in your Cargo.toml"
        );
    };
}



/// The `schemars` schema of a form: the same flat object the latest revision sends.
#[cfg(feature = "schemars")]
pub fn form_json_schema<T: Elicit>() -> schemars::Schema {
    let value = match T::requested_schema(crate::revision::ProtocolRevision::LATEST) {
        Ok(schema) => schema.as_json().clone(),
        Err(_) => serde_json::json!({ "type": "object" }),
    };
    schemars::Schema::try_from(value).unwrap_or_default()
}

/// The `schemars` schema of a derived enum: a single-select string.
#[cfg(feature = "schemars")]
pub fn enum_json_schema<E: ElicitEnum + ElicitField>() -> schemars::Schema {
    let field = FieldSchema::new("", Kind::Select(E::OPTIONS)).legacy_enum_names_if(<E as ElicitField>::LEGACY_ENUM_NAMES);
    let value = crate::form::render_field(&field, crate::revision::ProtocolRevision::LATEST, &crate::form::SchemaOptions::new())
        .unwrap_or_else(|_| serde_json::json!({ "type": "string" }));
    schemars::Schema::try_from(value).unwrap_or_default()
}
