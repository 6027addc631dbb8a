//! The attributes of other derives on a form: `#[serde(...)]`, `#[schemars(...)]` and
//! validator's `#[validate(...)]`. Each key is honoured (it means the same to the form),
//! accepted (it changes nothing the form sends or decodes) or refused with why and the
//! elicit spelling; none is ignored. `attr` reads the serde keys it honours (names,
//! defaults, skips, flatten); this file reads the constraints schemars and validator
//! state ([`constraints`]) and refuses what the form cannot do ([`check`]).
//!
//! The table in `elicit-runtime/docs/attributes.md` lists every key, and
//! `tests/tests/foreign_attributes.rs` walks it.

use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::{Attribute, DeriveInput, Expr, ExprLit, Lit};

use crate::attr::{
    DESCRIPTION, FORMAT, Format, MAX_LENGTH, MAXIMUM, MIN_LENGTH, MINIMUM, Number, PATTERN, SCHEMARS, Spanned, TITLE, attr_name, checked_pattern, finite,
    merge, number_literal, quoted, ungroup,
};
use crate::ctxt::Ctxt;

pub const SERDE: &str = "serde";
/// validator's attribute (which schemars reads too).
pub const VALIDATOR: &str = "validate";

/// Where an attribute is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Container,
    Variant,
    Field,
}

/// What the derive does with one key.
enum Treatment {
    /// Read by `attr` or by [`constraints`]: the form means what serde or schemars mean.
    Honoured,
    /// Changes nothing the form sends or decodes (serialization, the `JsonSchema` impl's
    /// own output, serde's bounds and messages).
    Accepted,
    /// A compile error with this text after the attribute's spelling.
    Refused(&'static str),
}

use Treatment::{Accepted, Honoured, Refused};

const STEP_NAMES: &str = "a choice's steps are forms the derive builds, which serde never decodes: name their fields with `#[elicit(rename = \"...\")]`";
const CONVERTS: &str = "serde decodes another type and converts it, while the form decodes its own fields: derive `Elicit` on the type serde decodes and convert the answer after `elicit`";
const CUSTOM_DECODE: &str = "the form checks each field against the schema it sends and decodes it as the field's type; a function that reads another shape or changes the value would decode differently from serde: make the field's type one that decodes to what you need (an `Elicit` enum, a `chrono` date...), or change the value after the answer";
const NOT_A_SELECT: &str = "a select's answer is one of the strings it offers; serde would expect another shape for this enum: remove the attribute from the form's enum, or ask with a unit-only enum of its own";
const JSON_SCHEMA_ONLY_NAME: &str = "schemars's copy changes only the `JsonSchema`, while serde and the form decode by serde's attributes: write it as `#[serde(...)]` (or `#[elicit(...)]`) so the two agree";

/// The treatment of `#[serde(key)]` at `place`; `None` for a key serde does not have
/// there (serde's derive reports it).
fn serde_key(place: Place, key: &str, in_choice: bool) -> Option<Treatment> {
    Some(match (place, key) {
        (Place::Container, "rename_all" | "default" | "deny_unknown_fields") => Honoured,
        (Place::Container, "rename" | "bound" | "into" | "crate" | "expecting") => Accepted,
        (Place::Container, "rename_all_fields") => Refused(STEP_NAMES),
        (Place::Container, "tag" | "content" | "untagged") => Refused(NOT_A_SELECT),
        (Place::Container, "transparent") => Refused("the form is a struct of named fields asked together, not the one value serde would read: ask for the inner value's form instead"),
        (Place::Container, "remote") => Refused("the form's fields are this type's; a remote definition decodes another crate's type: derive `Elicit` on a type of your own and convert"),
        (Place::Container, "from" | "try_from") => Refused(CONVERTS),
        (Place::Container, "variant_identifier" | "field_identifier") => Refused(NOT_A_SELECT),
        (Place::Variant, "rename") => Honoured,
        (Place::Variant, "alias") => Accepted,
        (Place::Variant, "skip_serializing" | "serialize_with" | "bound") => Accepted,
        (Place::Variant, "rename_all") => Refused(STEP_NAMES),
        (Place::Variant, "skip" | "skip_deserializing") => Refused("the variant would still be offered as an option while serde refuses it: leave it out of the form's enum"),
        (Place::Variant, "other") => Refused("an answer that is none of the options is refused and asked again; `other` would take it as this variant: offer it as an option of its own"),
        (Place::Variant, "untagged") => Refused(NOT_A_SELECT),
        (Place::Variant | Place::Field, "deserialize_with" | "with") => Refused(CUSTOM_DECODE),
        (Place::Variant | Place::Field, "borrow") => Refused("a form's answer is owned JSON: its fields own their values"),
        (Place::Field, _) if in_choice => match key {
            "skip_serializing" | "skip_serializing_if" | "serialize_with" | "getter" | "bound" => Accepted,
            _ => Refused(STEP_NAMES),
        },
        (Place::Field, "rename" | "default" | "skip" | "skip_deserializing" | "flatten") => Honoured,
        (Place::Field, "alias") => Accepted,
        (Place::Field, "skip_serializing" | "skip_serializing_if" | "serialize_with" | "getter" | "bound") => Accepted,
        _ => return None,
    })
}

/// The schemars keys that state a constraint of a field.
const CONSTRAINTS: &[&str] = &["range", "length", "email", "url", "pattern", "regex"];

/// The treatment of `#[schemars(key)]` at `place`.
fn schemars_key(place: Place, key: &str, in_choice: bool) -> Option<Treatment> {
    Some(match (place, key) {
        (Place::Field, k) if CONSTRAINTS.contains(&k) || k == "title" || k == "description" => {
            if in_choice {
                Refused("a choice's steps are forms the derive builds from the `#[elicit(...)]` attributes only: write the constraint as an elicit attribute")
            } else {
                Honoured
            }
        }
        (Place::Variant, "title") if in_choice => Refused("a choice's options are titled with `#[elicit(title = \"...\")]`"),
        (Place::Variant, "title") => Honoured,
        (Place::Container, "deny_unknown_fields") => Honoured,
        (Place::Field, "required") => Refused(REQUIRED),
        (Place::Field, "contains") => Refused("a form has no `contains`: write the rule as a `pattern` the whole value matches"),
        (Place::Field, "ip" | "ipv4" | "ipv6") => Refused("the forms of MCP have no IP address format: ask a string with a `pattern`, or check the address in the form's rules (`#[elicit(validate = ...)]`)"),
        (Place::Field, "inner") => Refused("a form's lists are multi-selects of an enum, whose items are the options: a constraint on each item has nothing to check"),
        (_, "rename" | "rename_all" | "default" | "skip" | "skip_deserializing" | "flatten" | "untagged" | "tag" | "content" | "transparent" | "from" | "try_from" | "remote" | "rename_all_fields") if place != Place::Container || key != "rename" => Refused(JSON_SCHEMA_ONLY_NAME),
        (_, "rename" | "title" | "description" | "example" | "extend" | "transform" | "inline" | "with" | "schema_with" | "crate" | "bound" | "into" | "skip_serializing" | "skip_serializing_if" | "serialize_with" | "_unstable_ref_variants") => Accepted,
        _ => return None,
    })
}

const REQUIRED: &str = "a field is required when its type is not an `Option`: write the field's type without `Option` (and no default) to require it";

/// The treatment of validator's `#[validate(key)]` at `place`: its rules run on answers
/// only through `#[elicit(validate = elicit_runtime::exchange::validator_rules)]`.
fn validator_key(place: Place, key: &str, in_choice: bool, validated: bool, has_pattern: bool) -> Treatment {
    match key {
        _ if in_choice => Refused("a choice's steps are forms the derive builds from the `#[elicit(...)]` attributes only: write the constraint as an elicit attribute"),
        "range" | "length" | "email" | "url" if place == Place::Field => Honoured,
        "required" if place == Place::Field => Refused(REQUIRED),
        "regex" if place == Place::Field && !has_pattern => Refused("validator's regex is a Rust value the derive cannot read, and clients need the pattern in the schema: write it beside as `#[elicit(pattern = \"...\")]` in ECMA-262 syntax"),
        _ if validated => Honoured,
        _ => Refused("validator checks this only when the form runs its rules: add `#[elicit(validate = elicit_runtime::exchange::validator_rules)]` on the struct"),
    }
}

/// Every `serde`, `schemars` and `validate` key of the input that the form cannot use,
/// reported on the key.
pub fn check(cx: &Ctxt, input: &DeriveInput) {
    let validated = has_elicit_key(&input.attrs, "validate");
    // A choice: an enum whose variants carry data (`choice.rs`).
    let in_choice = matches!(&input.data, syn::Data::Enum(data) if data.variants.iter().any(|v| !matches!(v.fields, syn::Fields::Unit)));
    let fields_of = |fields: &syn::Fields, in_choice: bool| {
        for field in fields {
            let has_pattern = has_elicit_key(&field.attrs, "pattern");
            check_attrs(cx, &field.attrs, Place::Field, in_choice, validated, has_pattern);
        }
    };
    check_attrs(cx, &input.attrs, Place::Container, in_choice, validated, false);
    match &input.data {
        syn::Data::Struct(data) => fields_of(&data.fields, false),
        syn::Data::Enum(data) => {
            for variant in &data.variants {
                check_attrs(cx, &variant.attrs, Place::Variant, in_choice, validated, false);
                fields_of(&variant.fields, true);
            }
        }
        syn::Data::Union(_) => {}
    }
}

fn check_attrs(cx: &Ctxt, attrs: &[Attribute], place: Place, in_choice: bool, validated: bool, has_pattern: bool) {
    for attr in attrs {
        let tool = if attr.path().is_ident(SERDE) {
            SERDE
        } else if attr.path().is_ident(SCHEMARS) {
            SCHEMARS
        } else if attr.path().is_ident(VALIDATOR) {
            VALIDATOR
        } else {
            continue;
        };
        // The other derive reports a malformed attribute itself.
        let _ = attr.parse_nested_meta(|meta| {
            let key = attr_name(&meta);
            let treatment = match tool {
                SERDE => serde_key(place, &key, in_choice),
                SCHEMARS => schemars_key(place, &key, in_choice),
                _ => Some(validator_key(place, &key, in_choice, validated, has_pattern)),
            };
            if let Some(Refused(why)) = treatment {
                cx.error_spanned_by(&meta.path, format!("`#[{tool}({key})]` cannot be used on a form: {why}"));
            }
            skip_any(&meta)
        });
    }
}

/// Skips a key's value whatever it holds (`= expr`, or a parenthesized list of anything:
/// schemars's `extend("x-a" = 1)`): the other derive reads it.
fn skip_any(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()?.parse::<Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _content;
        syn::parenthesized!(_content in meta.input);
    }
    Ok(())
}

/// Whether `#[elicit(...)]` among `attrs` has the key `name`.
fn has_elicit_key(attrs: &[Attribute], name: &str) -> bool {
    let mut found = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("elicit")) {
        let _ = attr.parse_nested_meta(|meta| {
            found |= meta.path.is_ident(name);
            skip_any(&meta)
        });
    }
    found
}

/// What a field's `#[schemars(...)]` and `#[validate(...)]` state, in elicit's terms,
/// each with the tokens of the key that states it.
#[derive(Default)]
pub struct Constraints {
    pub minimum: Option<Spanned<Number>>,
    pub maximum: Option<Spanned<Number>>,
    pub min_length: Option<Spanned<u64>>,
    pub max_length: Option<Spanned<u64>>,
    pub format: Option<Spanned<Format>>,
    pub pattern: Option<Spanned<String>>,
    pub title: Option<Spanned<String>>,
    pub description: Option<Spanned<String>>,
}

/// Reads the constraints of one field; a value the derive cannot read at compile time is
/// an error on it with the elicit spelling.
pub fn constraints(cx: &Ctxt, attrs: &[Attribute]) -> Constraints {
    let mut out = Constraints::default();
    for attr in attrs {
        let schemars = attr.path().is_ident(SCHEMARS);
        if !schemars && !attr.path().is_ident(VALIDATOR) {
            continue;
        }
        let _ = attr.parse_nested_meta(|meta| {
            let key = attr_name(&meta);
            let read = match key.as_str() {
                "range" => bounds(&meta, "minimum", "maximum", number).map(|(min, max)| {
                    put(cx, &mut out.minimum, min);
                    put(cx, &mut out.maximum, max);
                }),
                "length" => bounds(&meta, "min_length", "max_length", count).map(|(min, max)| {
                    put(cx, &mut out.min_length, min);
                    put(cx, &mut out.max_length, max);
                }),
                "email" | "url" => {
                    let format = if key == "email" { Format::Email } else { Format::Uri };
                    put(cx, &mut out.format, Some(Spanned { value: format, tokens: meta.path.to_token_stream() }));
                    // validator's `email(message = "...")`: its own error text.
                    skip_any(&meta)
                }
                "pattern" if schemars => pattern_list(&meta).map(|p| put(cx, &mut out.pattern, Some(p))),
                "regex" if schemars => regex_pattern(&meta).map(|p| put(cx, &mut out.pattern, Some(p))),
                "title" | "description" if schemars => text(&meta).map(|t| put(cx, if key == "title" { &mut out.title } else { &mut out.description }, Some(t))),
                _ => return skip_any(&meta),
            };
            if let Err(err) = read {
                cx.syn_error(err);
            }
            Ok(())
        });
    }
    out
}

fn put<T>(cx: &Ctxt, slot: &mut Option<Spanned<T>>, value: Option<Spanned<T>>) {
    match (slot.is_some(), value) {
        (true, Some(value)) => cx.error_spanned_by(&value, "this constraint is already stated by another schemars or validate attribute of the field: keep one"),
        (false, value) => *slot = value,
        (true, None) => {}
    }
}

/// The lower and the upper bound of `range(...)` or `length(...)`, each if written.
type Bounds<T> = (Option<Spanned<T>>, Option<Spanned<T>>);

/// `key(min = a, max = b)` or `key(equal = n)`: the two bounds, each read with `read`
/// (given the elicit attribute it becomes, for messages).
fn bounds<T>(meta: &ParseNestedMeta, min_name: &str, max_name: &str, read: impl Fn(&Expr, &str) -> syn::Result<T>) -> syn::Result<Bounds<T>> {
    let (mut min, mut max) = (None, None);
    meta.parse_nested_meta(|inner| {
        let which = attr_name(&inner);
        let expr = ungroup(inner.value()?.parse::<Expr>()?);
        // schemars also takes a number written as a string: `min = "1"`.
        let expr = match &expr {
            Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => s.parse::<Expr>().unwrap_or(expr),
            _ => expr,
        };
        let tokens = expr.to_token_stream();
        match which.as_str() {
            "min" => min = Some(Spanned { value: read(&expr, min_name)?, tokens }),
            "max" => max = Some(Spanned { value: read(&expr, max_name)?, tokens }),
            "equal" => {
                min = Some(Spanned { value: read(&expr, min_name)?, tokens: tokens.clone() });
                max = Some(Spanned { value: read(&expr, max_name)?, tokens });
            }
            "exclusive_min" | "exclusive_max" => {
                return Err(syn::Error::new_spanned(&inner.path, format!("a form's bounds are inclusive (MCP forms have no exclusive bounds): write the closest inclusive bound as `#[elicit({} = ...)]`", if which == "exclusive_min" { min_name } else { max_name })));
            }
            // validator's `message` and `code`: its own error texts.
            _ => {}
        }
        Ok(())
    })?;
    Ok((min, max))
}

fn number(expr: &Expr, name: &str) -> syn::Result<Number> {
    let number = number_literal(expr).ok_or_else(|| syn::Error::new_spanned(expr, format!("the form needs this bound at compile time, as a number: write it as a literal, or as `#[elicit({name} = ...)]` beside")))?;
    finite(number, name)
}

fn count(expr: &Expr, name: &str) -> syn::Result<u64> {
    match expr {
        Expr::Lit(ExprLit { lit: Lit::Int(i), .. }) => i.base10_parse::<u64>().ok(),
        _ => None,
    }
    .ok_or_else(|| syn::Error::new_spanned(expr, format!("the form needs this length at compile time, as a whole number: write it as a literal, or as `#[elicit({name} = ...)]` beside")))
}

/// schemars's `pattern("...")`.
fn pattern_list(meta: &ParseNestedMeta) -> syn::Result<Spanned<String>> {
    let content;
    syn::parenthesized!(content in meta.input);
    let expr = ungroup(content.parse::<Expr>()?);
    literal_pattern(&expr)
}

/// schemars's `regex(pattern = "...")`.
fn regex_pattern(meta: &ParseNestedMeta) -> syn::Result<Spanned<String>> {
    let mut found = None;
    meta.parse_nested_meta(|inner| {
        let expr = ungroup(inner.value()?.parse::<Expr>()?);
        if inner.path.is_ident("pattern") {
            found = Some(literal_pattern(&expr)?);
        }
        Ok(())
    })?;
    found.ok_or_else(|| meta.error("the form needs the pattern at compile time: write `regex(pattern = \"...\")`, or `#[elicit(pattern = \"...\")]`"))
}

fn literal_pattern(expr: &Expr) -> syn::Result<Spanned<String>> {
    match expr {
        Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => Ok(Spanned { value: checked_pattern(s)?, tokens: s.to_token_stream() }),
        other => Err(syn::Error::new_spanned(other, "the form needs the pattern at compile time, as a string literal: write it here as one, or as `#[elicit(pattern = \"...\")]`")),
    }
}

fn text(meta: &ParseNestedMeta) -> syn::Result<Spanned<String>> {
    let expr = ungroup(meta.value()?.parse::<Expr>()?);
    match &expr {
        Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => Ok(Spanned { value: s.value(), tokens: s.to_token_stream() }),
        other => Err(syn::Error::new_spanned(other, format!("the form needs this text at compile time: write it as a string literal, or as `#[elicit({} = \"...\")]`", attr_name(meta)))),
    }
}

/// What `#[schemars(...)]` and `#[validate(...)]` state on a field, merged into its elicit
/// attributes as the same constraints (a conflict with the elicit spelling is an error).
pub fn apply(cx: &Ctxt, out: &mut crate::attr::Field, attrs: &[Attribute]) {
    // What `#[schemars(...)]` and `#[validate(...)]` state, as the same constraints.
    let foreign = constraints(cx, attrs);
    let number = |n: &Number| n.expr.to_token_stream().to_string().replace(' ', "");
    merge(cx, MINIMUM, &mut out.minimum, foreign.minimum, |a, b| a.cmp(b).is_eq(), number);
    merge(cx, MAXIMUM, &mut out.maximum, foreign.maximum, |a, b| a.cmp(b).is_eq(), number);
    merge(cx, MIN_LENGTH, &mut out.min_length, foreign.min_length, |a, b| a == b, u64::to_string);
    merge(cx, MAX_LENGTH, &mut out.max_length, foreign.max_length, |a, b| a == b, u64::to_string);
    merge(cx, FORMAT, &mut out.format, foreign.format, |a, b| a == b, |f| quoted(f.as_str()));
    merge(cx, PATTERN, &mut out.pattern, foreign.pattern, |a, b| a == b, |p| quoted(p));
    merge(cx, TITLE, &mut out.title, foreign.title, |a, b| a == b, |t| quoted(t));
    merge(cx, DESCRIPTION, &mut out.description, foreign.description, |a, b| a == b, |t| quoted(t));
}
