//! The exact `requestedSchema` JSON each revision gets, and every emitted request checked
//! against the official `schema.json` of its revision, as published and closed.
//!
//! The expected JSON is written by hand from the specification, keyword by keyword:
//!
//! - 2025-06-18: seeds `001_…` / `004_…` ("Supported Schema Types": `default` only in the
//!   Boolean Schema; titled enums as `enum` + `enumNames`; no arrays) and
//!   `spec/2025-06-18/schema.json` (`StringSchema`, `NumberSchema`, `BooleanSchema`,
//!   `EnumSchema`: only `BooleanSchema` has `default`; no array schema exists).
//! - 2025-11-25: seed `003_…` (String / Number / Boolean / Enum schemas with `default`,
//!   titled single-select as `oneOf` of `{const, title}`, multi-select `type: array` with
//!   `items.enum` or `items.anyOf`, `minItems` / `maxItems`) and
//!   `spec/2025-11-25/schema.json` (`TitledSingleSelectEnumSchema`,
//!   `UntitledMultiSelectEnumSchema`, `TitledMultiSelectEnumSchema`,
//!   `LegacyTitledEnumSchema`, `ElicitRequestFormParams` with `mode: "form"`).
//! - 2026-07-28: `spec/2026-07-28/schema.json` (the same property definitions as
//!   2025-11-25) and its `examples/`.
//!
//! `pattern` is in seed `003_…` and the draft (`002_…`) but in no `StringSchema` of any
//! official schema.json, hence opt-in (`pattern_on_wire`).

use std::any::type_name;

use elicit_runtime::{Elicit, ProtocolRevision, SchemaOptions};
use elicit_tests::forms::*;
use elicit_tests::spec::{self, Strictness, check_form, check_request, elicit_request};
use serde_json::{Value, json};

const V06: ProtocolRevision = ProtocolRevision::V2025_06_18;
const V11: ProtocolRevision = ProtocolRevision::V2025_11_25;
const V26: ProtocolRevision = ProtocolRevision::V2026_07_28;

fn plain() -> SchemaOptions {
    SchemaOptions::new()
}

fn legacy() -> SchemaOptions {
    SchemaOptions::new().legacy_enum_names(true)
}

fn with_pattern() -> SchemaOptions {
    SchemaOptions::new().pattern_on_wire(true)
}

/// Renders `T` and compares the serialized text (so key order counts) with `expected`;
/// checks that the properties come in field order, and that the request carrying the
/// schema validates against the official `ElicitRequest` of the revision, and against
/// the closed one when `strict_ok`.
fn assert_wire<T: Elicit>(revision: ProtocolRevision, options: SchemaOptions, expected: &Value, strict_ok: bool) {
    let what = format!("{} on {revision} with {options:?}", type_name::<T>());
    let schema = T::requested_schema_with(revision, &options).unwrap_or_else(|e| panic!("{what}: {e}"));
    let expected_text = serde_json::to_string(expected).expect("serializable");
    assert_eq!(schema.to_json_string(), expected_text, "{what}");
    assert_eq!(schema.as_json().to_string(), expected_text, "{what}: as_json and to_json_string disagree");
    assert_eq!(schema.revision(), revision);

    let keys: Vec<&str> = schema.as_map()["properties"].as_object().expect("properties").keys().map(String::as_str).collect();
    let fields: Vec<&str> = T::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(keys, fields, "{what}: properties are not in field order");

    // The request as the runtime builds it (`Question::into_params`), which is also what this
    // suite would build by hand from the seeds.
    let request = spec::form_request::<T>(revision, "Please fill in the form", &options).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(request, elicit_request(revision, "Please fill in the form", schema.as_json()), "{what}");
    assert!(std::ptr::eq(schema, T::requested_schema_with(revision, &options).unwrap()));
    if let Err(errors) = check_request(revision, Strictness::Official, &request) {
        panic!("{what}: the request does not validate against the official ElicitRequest:\n{}", errors.join("\n"));
    }
    let strict = check_request(revision, Strictness::Strict, &request);
    if strict_ok {
        if let Err(errors) = strict {
            panic!("{what}: a strict client would drop or reject a key:\n{}", errors.join("\n"));
        }
    } else {
        assert!(strict.is_err(), "{what}: expected the closed schema to refuse it");
    }
}

/// [`assert_wire`] on 2025-11-25 and 2026-07-28, whose property definitions are the same.
fn assert_wire_since_2025_11<T: Elicit>(options: SchemaOptions, expected: &Value) {
    assert_wire::<T>(V11, options, expected, true);
    assert_wire::<T>(V26, options, expected, true);
}

// ---- strings -----------------------------------------------------------------------

#[test]
fn strings_2025_06_18_have_no_string_default() {
    let expected = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Display name", "description": "Shown on your profile", "minLength": 3, "maxLength": 20},
            "email": {"type": "string", "format": "email"},
            "homepage": {"type": "string", "format": "uri"},
            "birthday": {"type": "string", "format": "date"},
            "callback_at": {"type": "string", "description": "When to call you back", "format": "date-time"},
            "initials": {"type": "string", "maxLength": 5},
            "born": {"type": "string", "format": "date"},
            "starts": {"type": "string", "format": "date-time"},
            "site": {"type": "string", "format": "uri"}
        },
        "required": ["name", "birthday", "born", "starts", "site"]
    });
    assert_wire::<Strings>(V06, plain(), &expected, true);
    assert_wire::<Strings>(V06, legacy(), &expected, true);
}

#[test]
fn strings_since_2025_11_25_carry_their_default() {
    let expected = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Display name", "description": "Shown on your profile", "minLength": 3, "maxLength": 20},
            "email": {"type": "string", "format": "email", "default": "user@example.com"},
            "homepage": {"type": "string", "format": "uri"},
            "birthday": {"type": "string", "format": "date"},
            "callback_at": {"type": "string", "description": "When to call you back", "format": "date-time"},
            "initials": {"type": "string", "maxLength": 5},
            "born": {"type": "string", "format": "date"},
            "starts": {"type": "string", "format": "date-time"},
            "site": {"type": "string", "format": "uri"}
        },
        "required": ["name", "birthday", "born", "starts", "site"]
    });
    assert_wire_since_2025_11::<Strings>(plain(), &expected);
    assert_wire_since_2025_11::<Strings>(legacy(), &expected);
}

#[test]
fn pattern_goes_on_the_wire_only_when_asked_and_a_strict_client_would_lose_it() {
    // Seed 003 (2025-11-25) shows `"pattern": "^[A-Za-z]+$"` in its String Schema, so the
    // keyword is allowed by the open official schema, but no StringSchema declares it.
    let name = json!({
        "type": "string", "title": "Display name", "description": "Shown on your profile",
        "minLength": 3, "maxLength": 20, "pattern": "^[A-Za-z][A-Za-z ]*$"
    });
    let mut expected_06 = json!({
        "type": "object",
        "properties": {
            "name": name,
            "email": {"type": "string", "format": "email"},
            "homepage": {"type": "string", "format": "uri"},
            "birthday": {"type": "string", "format": "date"},
            "callback_at": {"type": "string", "description": "When to call you back", "format": "date-time"},
            "initials": {"type": "string", "maxLength": 5},
            "born": {"type": "string", "format": "date"},
            "starts": {"type": "string", "format": "date-time"},
            "site": {"type": "string", "format": "uri"}
        },
        "required": ["name", "birthday", "born", "starts", "site"]
    });
    assert_wire::<Strings>(V06, with_pattern(), &expected_06, false);
    expected_06["properties"]["email"]["default"] = json!("user@example.com");
    assert_wire::<Strings>(V11, with_pattern(), &expected_06, false);
    assert_wire::<Strings>(V26, with_pattern(), &expected_06, false);

    // The strict failure is the pattern, on `name`, and nothing else.
    for &revision in ProtocolRevision::ALL {
        let schema = Strings::requested_schema_with(revision, &with_pattern()).unwrap();
        let name = &schema.as_json()["properties"]["name"];
        assert!(spec::property_validator(revision, Strictness::Official).is_valid(name), "{revision}");
        assert!(!spec::property_validator(revision, Strictness::Strict).is_valid(name), "{revision}");
        let mut without = name.clone();
        without.as_object_mut().unwrap().remove("pattern");
        assert!(spec::property_validator(revision, Strictness::Strict).is_valid(&without), "{revision}");
        for (key, property) in schema.as_map()["properties"].as_object().unwrap() {
            if key != "name" {
                assert!(spec::property_validator(revision, Strictness::Strict).is_valid(property), "{revision} {key}");
            }
        }
    }
    // Forms without a pattern are unaffected by the option.
    assert_eq!(
        Integers::requested_schema_with(V11, &with_pattern()).unwrap().to_json_string(),
        Integers::requested_schema(V11).unwrap().to_json_string()
    );
}

#[test]
fn patterns_are_escaped_as_json_strings() {
    // Without the option nothing of the pattern is sent (the server still checks it).
    let plain_text = r#"{"type":"object","properties":{"zip":{"type":"string"},"handle":{"type":"string"},"no_digits":{"type":"string"},"backslash":{"type":"string"}},"required":["zip","handle"]}"#;
    let pattern_text = r#"{"type":"object","properties":{"zip":{"type":"string","pattern":"^\\d{5}$"},"handle":{"type":"string","pattern":"^[\\w.-]+$"},"no_digits":{"type":"string","pattern":"^\\D*$"},"backslash":{"type":"string","pattern":"^a\\\\d$"}},"required":["zip","handle"]}"#;
    for &revision in ProtocolRevision::ALL {
        assert_wire::<Patterns>(revision, plain(), &serde_json::from_str(plain_text).unwrap(), true);
        assert_wire::<Patterns>(revision, with_pattern(), &serde_json::from_str(pattern_text).unwrap(), false);
        assert_eq!(Patterns::requested_schema_with(revision, &with_pattern()).unwrap().to_json_string(), pattern_text);
    }
    let parsed: Value = serde_json::from_str(pattern_text).unwrap();
    assert_eq!(parsed["properties"]["backslash"]["pattern"], json!("^a\\\\d$"));
    assert_eq!(parsed["properties"]["backslash"]["pattern"].as_str().unwrap(), r"^a\\d$");
}

// ---- integers ----------------------------------------------------------------------

fn expected_integers(stars_default: bool) -> Value {
    let mut stars = json!({"type": "integer", "minimum": 1, "maximum": 5});
    if stars_default {
        stars["default"] = json!(3);
    }
    json!({
        "type": "object",
        "properties": {
            "tiny": {"type": "integer", "minimum": -128, "maximum": 127},
            "byte": {"type": "integer", "minimum": 0, "maximum": 255},
            "short": {"type": "integer", "minimum": -32768, "maximum": 32767},
            "word": {"type": "integer", "minimum": 0, "maximum": 65535},
            "int": {"type": "integer", "minimum": -2147483648i64, "maximum": 2147483647},
            "uint": {"type": "integer", "minimum": 0, "maximum": 4294967295u32},
            // Beyond 2^53 - 1 a JSON number is not exact: no bound is sent, the Rust
            // range is still enforced on what comes back.
            "long": {"type": "integer"},
            "ulong": {"type": "integer", "minimum": 0},
            "size": {"type": "integer", "minimum": 0},
            "stars": stars,
            "offset": {"type": "integer", "minimum": -10},
            "count": {"type": "integer", "minimum": 0, "maximum": 1000},
            "guests": {"type": "integer", "title": "Guests", "description": "How many guests", "minimum": 0, "maximum": 65535}
        },
        "required": ["tiny", "byte", "short", "word", "int", "uint", "long", "ulong", "size", "offset"]
    })
}

#[test]
fn integers_carry_the_range_of_their_rust_type() {
    // 2025-06-18's NumberSchema has no `default`: the default of `stars` stays on the
    // server (the field is optional and filled in when absent).
    assert_wire::<Integers>(V06, plain(), &expected_integers(false), true);
    assert_wire_since_2025_11::<Integers>(plain(), &expected_integers(true));
    assert_wire_since_2025_11::<Integers>(legacy(), &expected_integers(true));
}

// ---- numbers -----------------------------------------------------------------------

#[test]
fn numbers_keep_integer_and_fractional_bounds_as_written() {
    let expected = |defaults: bool| {
        let mut score = json!({"type": "number", "minimum": 0.5, "maximum": 99.5});
        let mut volume = json!({"type": "number"});
        if defaults {
            score["default"] = json!(2.5);
            volume["default"] = json!(50);
        }
        json!({
            "type": "object",
            "properties": {
                "ratio": {"type": "number"},
                "weight": {"type": "number"},
                "percent": {"type": "number", "minimum": 0, "maximum": 100},
                "celsius": {"type": "number", "minimum": -273.15},
                "score": score,
                "volume": volume
            },
            "required": ["ratio", "weight", "percent"]
        })
    };
    assert_wire::<Numbers>(V06, plain(), &expected(false), true);
    assert_wire_since_2025_11::<Numbers>(plain(), &expected(true));
}

// ---- booleans ----------------------------------------------------------------------

#[test]
fn booleans_carry_defaults_on_every_revision() {
    let expected = json!({
        "type": "object",
        "properties": {
            "agree": {"type": "boolean"},
            "newsletter": {"type": "boolean"},
            "remember": {"type": "boolean", "default": true},
            "copy": {"type": "boolean", "title": "Copy", "description": "Send me a copy", "default": false}
        },
        "required": ["agree"]
    });
    assert_wire::<Booleans>(V06, plain(), &expected, true);
    assert_wire::<Booleans>(V06, legacy(), &expected, true);
    assert_wire_since_2025_11::<Booleans>(plain(), &expected);
}

// ---- single-select -----------------------------------------------------------------

const COLORS: [&str; 3] = ["red", "green", "blue"];

fn plan_one_of() -> Value {
    json!([
        {"const": "free", "title": "Free tier"},
        {"const": "pro-monthly", "title": "Pro (9 €/month)"},
        {"const": "enterprise", "title": "enterprise"}
    ])
}

#[test]
fn single_selects_2025_06_18_use_enum_names_and_no_defaults() {
    let expected = json!({
        "type": "object",
        "properties": {
            "color": {"type": "string", "enum": COLORS},
            "plan": {
                "type": "string", "title": "Plan", "description": "Pick a plan",
                "enum": ["free", "pro-monthly", "enterprise"],
                "enumNames": ["Free tier", "Pro (9 €/month)", "enterprise"]
            },
            "accent": {"type": "string", "enum": COLORS},
            "background": {"type": "string", "enum": COLORS},
            "upgrade": {
                "type": "string",
                "enum": ["free", "pro-monthly", "enterprise"],
                "enumNames": ["Free tier", "Pro (9 €/month)", "enterprise"]
            }
        },
        "required": ["color", "plan"]
    });
    assert_wire::<Selects>(V06, plain(), &expected, true);
    assert_wire::<Selects>(V06, legacy(), &expected, true);
}

#[test]
fn single_selects_since_2025_11_25_use_one_of_const_title() {
    let expected = json!({
        "type": "object",
        "properties": {
            "color": {"type": "string", "enum": COLORS},
            "plan": {"type": "string", "title": "Plan", "description": "Pick a plan", "oneOf": plan_one_of()},
            "accent": {"type": "string", "enum": COLORS},
            "background": {"type": "string", "enum": COLORS, "default": "green"},
            "upgrade": {"type": "string", "oneOf": plan_one_of(), "default": "pro-monthly"}
        },
        "required": ["color", "plan"]
    });
    assert_wire_since_2025_11::<Selects>(plain(), &expected);
}

#[test]
fn legacy_enum_names_since_2025_11_25_match_the_legacy_titled_enum_schema() {
    let expected = json!({
        "type": "object",
        "properties": {
            "color": {"type": "string", "enum": COLORS},
            "plan": {
                "type": "string", "title": "Plan", "description": "Pick a plan",
                "enum": ["free", "pro-monthly", "enterprise"],
                "enumNames": ["Free tier", "Pro (9 €/month)", "enterprise"]
            },
            "accent": {"type": "string", "enum": COLORS},
            "background": {"type": "string", "enum": COLORS, "default": "green"},
            "upgrade": {
                "type": "string",
                "enum": ["free", "pro-monthly", "enterprise"],
                "enumNames": ["Free tier", "Pro (9 €/month)", "enterprise"],
                "default": "pro-monthly"
            }
        },
        "required": ["color", "plan"]
    });
    assert_wire_since_2025_11::<Selects>(legacy(), &expected);
}

// ---- multi-select ------------------------------------------------------------------

#[test]
fn multi_selects_since_2025_11_25() {
    let expected = json!({
        "type": "object",
        "properties": {
            "colors": {"type": "array", "items": {"type": "string", "enum": COLORS}},
            "plans": {
                "type": "array", "title": "Plans", "description": "Choose up to two plans",
                "minItems": 1, "maxItems": 2,
                "items": {"anyOf": plan_one_of()}
            },
            "extras": {"type": "array", "items": {"type": "string", "enum": COLORS}},
            "favorites": {"type": "array", "maxItems": 3, "items": {"type": "string", "enum": COLORS}, "default": ["red", "blue"]}
        },
        "required": ["colors", "plans"]
    });
    assert_wire_since_2025_11::<MultiSelects>(plain(), &expected);
    // `legacy_enum_names` is about single-selects: multi-selects have no legacy form.
    assert_wire_since_2025_11::<MultiSelects>(legacy(), &expected);
    assert_wire_since_2025_11::<MultiSelects>(with_pattern(), &expected);
}

#[test]
fn a_multi_select_on_2025_06_18_is_one_checkbox_per_option() {
    // 2025-06-18 has no arrays: each option becomes a boolean `field__option` (the value
    // in identifier characters: `pro-monthly` is `pro_monthly`), titled `Field: Option`;
    // the description and how many to tick go on the first checkbox, the default's
    // options are ticked, and no checkbox is required.
    let expected = json!({
        "type": "object",
        "properties": {
            "colors_red": {"type": "boolean", "title": "colors: red"},
            "colors_green": {"type": "boolean", "title": "colors: green"},
            "colors_blue": {"type": "boolean", "title": "colors: blue"},
            "plans_free": {"type": "boolean", "title": "Plans: Free tier", "description": "Choose up to two plans (tick at least 1 and at most 2)"},
            "plans_pro_monthly": {"type": "boolean", "title": "Plans: Pro (9 €/month)"},
            "plans_enterprise": {"type": "boolean", "title": "Plans: enterprise"},
            "extras_red": {"type": "boolean", "title": "extras: red"},
            "extras_green": {"type": "boolean", "title": "extras: green"},
            "extras_blue": {"type": "boolean", "title": "extras: blue"},
            "favorites_red": {"type": "boolean", "title": "favorites: red", "description": "tick at most 3", "default": true},
            "favorites_green": {"type": "boolean", "title": "favorites: green"},
            "favorites_blue": {"type": "boolean", "title": "favorites: blue", "default": true}
        }
    });
    for options in [plain(), legacy(), with_pattern()] {
        let schema = MultiSelects::requested_schema_with(V06, &options).unwrap();
        assert_eq!(schema.to_json_string(), serde_json::to_string(&expected).unwrap(), "{options:?}");
        // Asked again, the same rendered value comes back.
        assert!(std::ptr::eq(schema, MultiSelects::requested_schema_with(V06, &options).unwrap()));
        check_form::<MultiSelects>(V06, &options, Strictness::Strict).unwrap();
        check_form::<MultiSelects>(V06, &options, Strictness::Official).unwrap();
    }
}

#[test]
fn checkboxes_on_2025_06_18_are_read_back_into_the_multi_select() {
    use elicit_runtime::form::Problem;
    use elicit_runtime::{Elicitation, Violation};
    use std::collections::BTreeSet;

    let read = |content: Value| Elicitation::<MultiSelects>::from_result_on(&json!({"action": "accept", "content": content}), V06);
    let accepted = read(json!({
        "colors_red": true, "colors_green": false, "colors_blue": true,
        "plans_enterprise": true, "plans_free": true,
        "favorites_red": true
    }))
    .unwrap()
    .accepted()
    .unwrap();
    // Ticked options in option order; an optional field with no box sent stays absent.
    assert_eq!(accepted.colors, vec![Color::Red, Color::Blue]);
    assert_eq!(accepted.plans, BTreeSet::from([Plan::Free, Plan::Enterprise]));
    assert_eq!(accepted.extras, None);
    assert_eq!(accepted.favorites, vec![Color::Red]);

    // Boxes left out: a required field is an empty list, an optional one takes its default.
    let accepted = read(json!({"plans_free": true})).unwrap().accepted().unwrap();
    assert_eq!(accepted.colors, vec![]);
    assert_eq!(accepted.favorites, vec![Color::Red, Color::Blue]);

    // min_items / max_items are enforced on the server, and every violation is named.
    let err = read(json!({"plans_free": true, "plans_pro_monthly": true, "plans_enterprise": true, "colors_red": "yes"})).unwrap_err();
    let Some(invalid) = err.invalid() else { panic!("{err:?}") };
    assert_eq!(
        invalid.violations(),
        [
            // The checkbox the user saw, not the field behind it.
            Violation::new("colors_red", Problem::WrongType { expected: "boolean", found: "string" }),
            Violation::new("plans", Problem::TooManyItems { max_items: 2, count: 3 }),
        ]
    );
    let err = read(json!({})).unwrap_err();
    let Some(invalid) = err.invalid() else { panic!("{err:?}") };
    assert_eq!(invalid.violations(), [Violation::new("plans", Problem::TooFewItems { min_items: 1, count: 0 })]);

    // A list, as later revisions send it, is read as it is.
    let accepted = read(json!({"colors": ["green"], "plans": ["free"]})).unwrap().accepted().unwrap();
    assert_eq!(accepted.colors, vec![Color::Green]);
    // On later revisions, checkboxes are not a multi-select's spelling.
    assert!(Elicitation::<MultiSelects>::from_result_on(&json!({"action": "accept", "content": {"plans_free": true}}), ProtocolRevision::V2025_11_25).is_err());
}

/// Checkbox names survive clients that turn property names into identifiers: each is
/// `[A-Za-z_][A-Za-z0-9_]*` when the field's name is, unique in the form, the option's
/// value in identifier characters, or its position when that is not possible or unique.
#[test]
fn checkbox_names_are_identifiers_and_fall_back_to_positions() {
    use elicit_runtime::Elicit;

    #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    enum Awkward {
        #[elicit(rename = "nut-allergy")]
        NutAllergy,
        #[elicit(rename = "gluten free")]
        GlutenFree,
        // Written alike (`a_b`): both go by position.
        #[elicit(rename = "a-b")]
        ADash,
        #[elicit(rename = "a.b")]
        ADot,
        // Digits only, and non-ASCII: by position.
        #[elicit(rename = "3")]
        Three,
        #[elicit(rename = "végétarien", title = "Végétarien")]
        Vegetarian,
        #[elicit(rename = "snake_case")]
        Snake,
    }

    #[derive(Elicit, Debug)]
    struct Diets {
        #[elicit(title = "Diets")]
        diets: Vec<Awkward>,
        diets_note: Option<String>,
    }

    let schema = Diets::requested_schema(V06).unwrap();
    let names: Vec<&str> = schema.as_json()["properties"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["diets_nut_allergy", "diets_gluten_free", "diets_2", "diets_3", "diets_4", "diets_5", "diets_snake_case", "diets_note"]
    );
    let identifier = |s: &str| s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    assert!(names.iter().all(|n| identifier(n)), "{names:?}");
    assert_eq!(schema.as_json()["properties"]["diets_5"]["title"], "Diets: Végétarien");
    check_form::<Diets>(V06, &plain(), Strictness::Strict).unwrap();

    // Read back by the same names.
    let content = json!({"diets_gluten_free": true, "diets_3": true, "diets_5": true, "diets_snake_case": false});
    let read = elicit_runtime::Elicitation::<Diets>::from_result_on(&json!({"action": "accept", "content": content}), V06).unwrap().accepted().unwrap();
    assert_eq!(read.diets, [Awkward::GlutenFree, Awkward::ADot, Awkward::Vegetarian]);
    // The names of the representative forms are identifiers too.
    for schema in [MultiSelects::requested_schema(V06).unwrap(), Everything::requested_schema(V06).unwrap()] {
        assert!(schema.as_json()["properties"].as_object().unwrap().keys().all(|n| identifier(n)), "{}", schema.to_json_string());
    }
}

/// A collision the derive cannot see (a form built by hand) is refused when rendering.
#[test]
fn a_checkbox_named_like_another_property_is_a_schema_error() {
    use elicit_runtime::form::{EnumOption, FieldSchema, FormSchema, Kind, MultiSelectRules, render};
    use elicit_runtime::SchemaError;

    static OPTIONS: [EnumOption; 2] = [EnumOption::new("vegan", None), EnumOption::new("nut-allergy", None)];
    static FIELDS: [FieldSchema; 2] = [
        FieldSchema::new("diets", Kind::MultiSelect(MultiSelectRules::of(&OPTIONS))),
        FieldSchema::new("diets_nut_allergy", Kind::Boolean),
    ];
    let form = FormSchema { fields: &FIELDS };
    assert_eq!(
        render(&form, V06, &plain()),
        Err(SchemaError::NameCollision { field: "diets", property: "diets_nut_allergy".into(), revision: V06 })
    );
    // Later revisions send the list under the field's name: no checkbox, no collision.
    assert!(render(&form, ProtocolRevision::V2025_11_25, &plain()).is_ok());
}

// ---- names, defaults, empty forms ----------------------------------------------------

#[test]
fn renamed_fields_use_their_wire_names_and_skipped_fields_are_absent() {
    let expected = json!({
        "type": "object",
        "properties": {
            "firstName": {"type": "string"},
            "lastName": {"type": "string"},
            "e-mail": {"type": "string", "format": "email"},
            "zip": {"type": "string"},
            "referralCode": {"type": "string"}
        },
        "required": ["firstName", "e-mail", "zip"]
    });
    for &revision in ProtocolRevision::ALL {
        assert_wire::<Renamed>(revision, plain(), &expected, true);
    }
}

#[test]
fn defaults_of_every_kind() {
    // The SEP-1034 conformance scenario: name "John Doe", age 30 (integer), score 95.5,
    // status "active", verified true. A default makes a field optional.
    let expected = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "score": {"type": "number", "default": 95.5},
            "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
            "verified": {"type": "boolean", "default": true}
        }
    });
    assert_wire_since_2025_11::<Defaults>(plain(), &expected);
    assert!(Defaults::requested_schema(V26).unwrap().as_map().get("required").is_none());

    // 2025-06-18 has `default` in its BooleanSchema only.
    let expected_06 = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "age": {"type": "integer"},
            "score": {"type": "number"},
            "status": {"type": "string", "enum": ["active", "inactive", "pending"]},
            "verified": {"type": "boolean", "default": true}
        }
    });
    assert_wire::<Defaults>(V06, plain(), &expected_06, true);
}

#[test]
fn an_empty_form_has_no_required_list() {
    let expected = json!({"type": "object", "properties": {}});
    for &revision in ProtocolRevision::ALL {
        assert_wire::<Empty>(revision, plain(), &expected, true);
    }
}

#[test]
fn no_top_level_title_or_description_even_with_doc_comments() {
    // Every test form has a doc comment on the struct; none of it reaches the wire (the
    // official requestedSchema declares only `$schema`, `type`, `properties`, `required`).
    for &revision in ProtocolRevision::ALL {
        for keys in [
            Strings::requested_schema(revision).unwrap().as_map().keys().collect::<Vec<_>>(),
            Numbers::requested_schema(revision).unwrap().as_map().keys().collect(),
            Booleans::requested_schema(revision).unwrap().as_map().keys().collect(),
            Defaults::requested_schema(revision).unwrap().as_map().keys().collect(),
        ] {
            assert!(keys == ["type", "properties", "required"] || keys == ["type", "properties"], "{revision}: {keys:?}");
        }
    }
}

// ---- the specification's own examples ----------------------------------------------

#[test]
fn the_structured_data_request_of_the_specification() {
    // "Example: Structured Data Request" of seeds 001/004 (2025-06-18), 003 (2025-11-25)
    // and 002 (draft), and 2026-07-28's `ElicitRequestFormParams/elicit-multiple-fields.json`.
    // Object key order differs from the documents ("format" before "description"), so
    // this compares values; the snapshot tests above fix the order.
    let requested = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Your full name"},
            "email": {"type": "string", "format": "email", "description": "Your email address"},
            "age": {"type": "number", "minimum": 18, "description": "Your age"}
        },
        "required": ["name", "email"]
    });
    for &revision in ProtocolRevision::ALL {
        assert_eq!(SpecContact::requested_schema(revision).unwrap().as_json(), &requested, "{revision}");
    }
    assert_eq!(
        SpecContact::requested_schema(V26).unwrap().to_json_string(),
        r#"{"type":"object","properties":{"name":{"type":"string","description":"Your full name"},"email":{"type":"string","description":"Your email address","format":"email"},"age":{"type":"number","description":"Your age","minimum":18}},"required":["name","email"]}"#
    );

    let example = spec::read_json(&spec::examples_dir(V26).join("ElicitRequestFormParams/elicit-multiple-fields.json"));
    let ours = &elicit_request(V26, "Please provide your contact information", SpecContact::requested_schema(V26).unwrap().as_json())["params"];
    assert_eq!(ours, &example);
}

#[test]
fn the_github_username_request_of_the_2026_examples() {
    let example = spec::read_json(&spec::examples_dir(V26).join("ElicitRequest/elicitation-request.json"));
    let ours = elicit_request(V26, "Please provide your GitHub username", GithubLogin::requested_schema(V26).unwrap().as_json());
    assert_eq!(ours, example);
    check_request(V26, Strictness::Strict, &ours).unwrap();
}

#[test]
fn a_2026_request_validates_inside_an_input_required_result() {
    // 2026-07-28 has no server-to-client requests: the ElicitRequest travels in
    // `InputRequiredResult.inputRequests`.
    let mut doc = spec::document(V26).clone();
    doc.as_object_mut().unwrap().insert("$ref".into(), json!("#/$defs/InputRequiredResult"));
    let validator = jsonschema::validator_for(&doc).unwrap();
    let request = elicit_request(V26, "Please fill in the form", Selects::requested_schema(V26).unwrap().as_json());
    let result = json!({
        "resultType": "input_required",
        "inputRequests": {"preferences": request},
        "requestState": "opaque"
    });
    let errors: Vec<String> = validator.iter_errors(&result).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    // And the request as sent validates against InputRequest too (an anyOf whose
    // ElicitRequest branch must be the one that matches).
    let elicit = spec::definition(V26, "ElicitRequest");
    assert_eq!(elicit["required"], json!(["method", "params"]));
}

// ---- every form, every revision, every option ----------------------------------------

#[test]
fn every_form_validates_against_the_official_and_the_closed_schema() {
    fn all<T: Elicit>(multi: bool) {
        for &revision in ProtocolRevision::ALL {
            for options in [plain(), legacy()] {
                let result = check_form::<T>(revision, &options, Strictness::Strict);
                match result {
                    Ok(()) => check_form::<T>(revision, &options, Strictness::Official).unwrap(),
                    other => panic!("{} on {revision} with {options:?} (multi-select: {multi}): {other:?}", type_name::<T>()),
                }
            }
        }
    }
    all::<Strings>(false);
    all::<Integers>(false);
    all::<Numbers>(false);
    all::<Booleans>(false);
    all::<Selects>(false);
    all::<MultiSelects>(true);
    all::<Renamed>(false);
    all::<Defaults>(false);
    all::<SpecContact>(false);
    all::<GithubLogin>(false);
    all::<Empty>(false);
    all::<Patterns>(false);
    all::<Everything>(true);
}

// ---- the closed schema is a real check -----------------------------------------------

#[test]
fn the_closed_schema_accepts_the_specification_examples_and_refuses_unknown_keys() {
    // Property examples of seed 003 (2025-11-25), as written there.
    let examples = [
        json!({"type": "string", "title": "Display Name", "description": "Description text", "minLength": 3, "maxLength": 50, "format": "email", "default": "user@example.com"}),
        json!({"type": "number", "title": "Display Name", "description": "Description text", "minimum": 0, "maximum": 100, "default": 50}),
        json!({"type": "boolean", "title": "Display Name", "description": "Description text", "default": false}),
        json!({"type": "string", "title": "Color Selection", "description": "Choose your favorite color", "enum": ["Red", "Green", "Blue"], "default": "Red"}),
        json!({"type": "string", "title": "Color Selection", "description": "Choose your favorite color",
               "oneOf": [{"const": "#FF0000", "title": "Red"}, {"const": "#00FF00", "title": "Green"}, {"const": "#0000FF", "title": "Blue"}],
               "default": "#FF0000"}),
        json!({"type": "array", "title": "Color Selection", "description": "Choose your favorite colors", "minItems": 1, "maxItems": 2,
               "items": {"type": "string", "enum": ["Red", "Green", "Blue"]}, "default": ["Red", "Green"]}),
        json!({"type": "array", "title": "Color Selection", "description": "Choose your favorite colors", "minItems": 1, "maxItems": 2,
               "items": {"anyOf": [{"const": "#FF0000", "title": "Red"}, {"const": "#00FF00", "title": "Green"}, {"const": "#0000FF", "title": "Blue"}]},
               "default": ["#FF0000", "#00FF00"]}),
    ];
    for revision in [V11, V26] {
        let strict = spec::property_validator(revision, Strictness::Strict);
        for example in &examples {
            assert!(strict.is_valid(example), "{revision}: {example}");
        }
    }
    // 2025-06-18's own examples (seed 001/004), with `enumNames`.
    let strict = spec::property_validator(V06, Strictness::Strict);
    assert!(strict.is_valid(&json!({"type": "string", "title": "Display Name", "description": "Description text", "enum": ["option1", "option2", "option3"], "enumNames": ["Option 1", "Option 2", "Option 3"]})));
    assert!(strict.is_valid(&json!({"type": "boolean", "title": "Display Name", "description": "Description text", "default": false})));

    // What the closed schema refuses and the published one lets through.
    for &revision in ProtocolRevision::ALL {
        let official = spec::property_validator(revision, Strictness::Official);
        let strict = spec::property_validator(revision, Strictness::Strict);
        for refused in [
            json!({"type": "string", "pattern": "^a$"}),
            json!({"type": "string", "x-widget": "textarea"}),
            json!({"type": "integer", "multipleOf": 5}),
            json!({"type": "boolean", "const": true}),
        ] {
            assert!(official.is_valid(&refused), "{revision}: {refused}");
            assert!(!strict.is_valid(&refused), "{revision}: {refused}");
        }
        // A default on a number is a key 2025-06-18 does not know.
        assert_eq!(strict.is_valid(&json!({"type": "number", "default": 1})), revision != V06, "{revision}");
    }
    for revision in [V11, V26] {
        let strict = spec::property_validator(revision, Strictness::Strict);
        // An extra key inside a `oneOf` option or a multi-select's `items`.
        assert!(!strict.is_valid(&json!({"type": "string", "oneOf": [{"const": "a", "title": "A", "description": "x"}]})));
        assert!(!strict.is_valid(&json!({"type": "array", "items": {"type": "string", "enum": ["a"], "minLength": 1}})));
    }
    // A top-level title is dropped by a strict client too.
    for &revision in ProtocolRevision::ALL {
        let mut schema = Booleans::requested_schema(revision).unwrap().as_json().clone();
        schema["title"] = json!("Preferences");
        let request = elicit_request(revision, "Preferences", &schema);
        assert!(check_request(revision, Strictness::Official, &request).is_ok(), "{revision}");
        assert!(check_request(revision, Strictness::Strict, &request).is_err(), "{revision}");
    }
}

#[test]
fn requests_that_break_the_official_schema_are_refused() {
    // The validators are not vacuous: each of these breaks a rule of ElicitRequest.
    for &revision in ProtocolRevision::ALL {
        let good = Booleans::requested_schema(revision).unwrap().as_json().clone();
        let mut nested = good.clone();
        nested["properties"]["agree"] = json!({"type": "object", "properties": {}});
        let mut wrong_default = good.clone();
        wrong_default["properties"]["remember"]["default"] = json!("yes");
        let mut bad_format = good.clone();
        bad_format["properties"]["agree"] = json!({"type": "string", "format": "phone"});
        for bad in [nested, wrong_default, bad_format, json!({"type": "array"}), json!({"properties": {}})] {
            let request = elicit_request(revision, "x", &bad);
            assert!(check_request(revision, Strictness::Official, &request).is_err(), "{revision}: {bad}");
        }
        let mut no_message = elicit_request(revision, "x", &good);
        no_message["params"].as_object_mut().unwrap().remove("message");
        assert!(check_request(revision, Strictness::Official, &no_message).is_err(), "{revision}");
        let mut wrong_method = elicit_request(revision, "x", &good);
        wrong_method["method"] = json!("elicitation/ask");
        assert!(check_request(revision, Strictness::Official, &wrong_method).is_err(), "{revision}");
    }
    // 2025-11-25 is the revision whose ElicitRequest is a full JSON-RPC request.
    let mut bare = elicit_request(V11, "x", Booleans::requested_schema(V11).unwrap().as_json());
    bare.as_object_mut().unwrap().remove("id");
    assert!(check_request(V11, Strictness::Official, &bare).is_err());
    // And `mode: "url"` is not a form request.
    let mut url = elicit_request(V26, "x", Booleans::requested_schema(V26).unwrap().as_json());
    url["params"]["mode"] = json!("url");
    assert!(check_request(V26, Strictness::Official, &url).is_err());
}

// ---- caching -------------------------------------------------------------------------

#[test]
fn a_schema_is_rendered_once_per_type_revision_and_options() {
    for &revision in ProtocolRevision::ALL {
        for options in [plain(), legacy(), with_pattern(), legacy().pattern_on_wire(true)] {
            let first = Strings::requested_schema_with(revision, &options).unwrap();
            let second = Strings::requested_schema_with(revision, &options).unwrap();
            assert!(std::ptr::eq(first, second), "{revision} {options:?}");
        }
        // `requested_schema` is `requested_schema_with` default options: the same entry.
        assert!(std::ptr::eq(Selects::requested_schema(revision).unwrap(), Selects::requested_schema_with(revision, &SchemaOptions::default()).unwrap()));
    }
    // Different options, revisions or types are different entries with their own JSON.
    let plain_11 = Strings::requested_schema(V11).unwrap();
    let pattern_11 = Strings::requested_schema_with(V11, &with_pattern()).unwrap();
    assert!(!std::ptr::eq(plain_11, pattern_11));
    assert_ne!(plain_11.to_json_string(), pattern_11.to_json_string());
    assert!(!std::ptr::eq(plain_11, Strings::requested_schema(V26).unwrap()));
    assert!(!std::ptr::eq(Booleans::requested_schema(V11).unwrap(), Numbers::requested_schema(V11).unwrap()));
}

#[test]
fn the_cache_is_shared_across_threads() {
    let addresses: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|_| s.spawn(|| Integers::requested_schema_with(V26, &legacy()).unwrap() as *const _ as usize))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(addresses.windows(2).all(|w| w[0] == w[1]), "{addresses:?}");
    assert_eq!(addresses[0], Integers::requested_schema_with(V26, &legacy()).unwrap() as *const _ as usize);
}

// ---- schemars ------------------------------------------------------------------------

#[test]
fn schemars_gives_the_latest_requested_schema() {
    fn same<T: Elicit + schemars::JsonSchema>() {
        let latest = T::requested_schema(ProtocolRevision::LATEST).unwrap();
        // The type's own schema, as a generator asks for it.
        let mut generator = schemars::SchemaGenerator::default();
        // (Compared through `as_value`: schemars' own `Serialize` moves `title`,
        // `description`, `type`, `format` first for readability; the value underneath
        // keeps the wire order.)
        let own = T::json_schema(&mut generator);
        assert_eq!(own.as_value().to_string(), latest.to_json_string(), "{}", type_name::<T>());
        assert_eq!(serde_json::to_value(&own).unwrap(), *latest.as_json());

        // `schema_for!` is a root schema: schemars adds `$schema` and a `title` (the type
        // name); everything else is the requested schema, in the same order.
        let root = schemars::schema_for!(T).to_value();
        let mut rest = root.as_object().unwrap().clone();
        assert_eq!(rest.shift_remove("$schema"), Some(json!("https://json-schema.org/draft/2020-12/schema")));
        let name = type_name::<T>().rsplit("::").next().unwrap();
        assert_eq!(rest.shift_remove("title"), Some(json!(name)));
        assert_eq!(serde_json::to_string(&rest).unwrap(), latest.to_json_string(), "{}", type_name::<T>());
    }
    same::<Strings>();
    same::<Integers>();
    same::<Numbers>();
    same::<Booleans>();
    same::<Selects>();
    same::<MultiSelects>();
    same::<Renamed>();
    same::<Defaults>();
    same::<Empty>();
    same::<Everything>();

    // A derived enum is a single-select property of the latest revision.
    let mut generator = schemars::SchemaGenerator::default();
    assert_eq!(
        <Plan as schemars::JsonSchema>::json_schema(&mut generator).to_value(),
        json!({"type": "string", "oneOf": plan_one_of()})
    );
    assert_eq!(
        <Color as schemars::JsonSchema>::json_schema(&mut generator).to_value(),
        json!({"type": "string", "enum": COLORS})
    );
}

/// SHA-256 of the official files this repository carries, as published: the schemas the
/// runtime embeds (`elicit-runtime/spec/<rev>/schema.json`) and the examples the suites
/// compare against (`tests/spec/<rev>/examples/...`). Checked in every clone; where the
/// shared folder the project was created from is there, the copies are also compared with
/// it byte for byte.
const SCHEMA_SHA256: [(ProtocolRevision, &str); 3] = [
    (V06, "af845e7e5b9d27107d1690f0936022546177a1403e63ffb11470135b296a2e01"),
    (V11, "268a5f82ba70fd7e4b6dc4aa1e64f116f74b4d0edcb69dc046829c79dd4e97e7"),
    (V26, "ef70b61f99b6d2e5e3b46863822eab08dff6a45bedc7a08914e0e5b133f40203"),
];
const EXAMPLE_SHA256: [(ProtocolRevision, &str, &str); 2] = [
    (V26, "ElicitRequest/elicitation-request.json", "e3311ae3764e82f03b1cd9ed7d50e4abbbd84b6b5f393ecc0da2607a7477b3b7"),
    (V26, "ElicitRequestFormParams/elicit-multiple-fields.json", "c8a4d5f255b361423c9754da270477aab0c6ad06ecadf14b37f403dd7ddbb852"),
];

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The runtime's `testing` feature checks requests against embedded copies of the
/// official schemas; they must be the files the project was created from, byte for byte.
#[test]
fn embedded_official_schemas_are_the_published_files() {
    assert_eq!(SCHEMA_SHA256.map(|(revision, _)| revision), *ProtocolRevision::ALL);
    for (revision, digest) in SCHEMA_SHA256 {
        let embedded = elicit_runtime::testing::spec::document_text(revision);
        assert_eq!(sha256_hex(embedded.as_bytes()), digest, "{revision}: elicit-runtime/spec/{revision}/schema.json was changed");
        if let Some(path) = spec::shared_schema_path(revision) {
            let shared = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(shared == embedded, "{revision}: elicit-runtime/spec/{revision}/schema.json differs from {}", path.display());
        }
    }
}

/// The official examples vendored in `tests/spec` are the published files, byte for byte.
#[test]
fn vendored_official_examples_are_the_published_files() {
    for (revision, file, digest) in EXAMPLE_SHA256 {
        let path = spec::examples_dir(revision).join(file);
        let vendored = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(sha256_hex(&vendored), digest, "{revision}: {} was changed", path.display());
        if let Some(dir) = spec::shared_spec_dir() {
            let shared_path = dir.join(revision.as_str()).join("examples").join(file);
            let shared = std::fs::read(&shared_path).unwrap_or_else(|e| panic!("{}: {e}", shared_path.display()));
            assert!(shared == vendored, "{revision}: {} differs from {}", path.display(), shared_path.display());
        }
    }
}

// ---- descriptions from an enum's doc comment ------------------------------------------

/// The size of the shirt, as on the label.
#[derive(elicit_runtime::Elicit, PartialEq, Eq, PartialOrd, Ord)]
enum ShirtSize {
    #[elicit(title = "Small")]
    S,
    #[elicit(title = "Large")]
    L,
}

#[derive(elicit_runtime::Elicit)]
struct Shirt {
    /// The shirt you want.
    size: ShirtSize,
    spare: Option<ShirtSize>,
    #[elicit(description = "Sizes to send samples of")]
    samples: Vec<ShirtSize>,
    more: std::collections::BTreeSet<ShirtSize>,
}

/// A field of a derived enum's type without a description of its own takes the enum's
/// doc comment (`Option` and multi-selects too); its own doc comment or `description`
/// wins.
#[test]
fn a_field_of_a_documented_enum_takes_its_doc_comment_as_description() {
    let one_of = json!([{"const": "S", "title": "Small"}, {"const": "L", "title": "Large"}]);
    let enum_doc = "The size of the shirt, as on the label.";
    let expected = json!({
        "type": "object",
        "properties": {
            "size": {"type": "string", "description": "The shirt you want.", "oneOf": one_of},
            "spare": {"type": "string", "description": enum_doc, "oneOf": one_of},
            "samples": {"type": "array", "description": "Sizes to send samples of", "items": {"anyOf": one_of}},
            "more": {"type": "array", "description": enum_doc, "items": {"anyOf": one_of}}
        },
        "required": ["size", "samples", "more"]
    });
    assert_wire_since_2025_11::<Shirt>(plain(), &expected);
}
