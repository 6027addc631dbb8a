//! Checks that look at several attributes, or several fields, at once.
//!
//! What depends on a field's *type* (is `min_length` on a string? is the default a
//! `u8`?) is not decided here: the generated code asks the runtime's traits, so that type
//! aliases and paths work. What the attributes alone show is checked here.

use std::collections::HashMap;

use syn::ext::IdentExt;

use crate::ast::{Container, Data, Field, Variant};
use quote::ToTokens;

use crate::attr::{DefaultLit, Spanned};
use crate::ctxt::Ctxt;
use crate::rules::secret::{secret_in, unambiguous};

pub fn check(cx: &Ctxt, cont: &Container) {
    check_generics(cx, cont);
    if let (Some(page), Some(_)) = (&cont.attrs.page, &cont.attrs.json_schema) {
        cx.error_spanned_by(
            page,
            "a `#[elicit(page)]` form is never sent to a client, so it has no JSON Schema to describe: remove `json_schema`",
        );
    }
    if cont.attrs.page.is_none() {
        let written = cont.attrs.title.as_ref().map(|t| t.tokens.clone()).or_else(|| cont.attrs.titles.first().map(|t| t.text.tokens.clone()));
        if let Some(tokens) = written {
            cx.error_spanned_by(
                tokens,
                "`title` on a struct is the heading of its page, and only an `#[elicit(page)]` form has a page: a form sent to the client is introduced by the request's message (`Form::elicit(&ask, \"...\")`); title each field with `#[elicit(title = \"...\")]` on it",
            );
        }
    }
    match &cont.data {
        Data::Struct(fields) => {
            check_duplicate_names(cx, fields.iter().filter(|f| f.is_form_field()).map(|f| (f.wire_name.as_str(), f.member)), "field");
            crate::options::check_form(cx, fields);
            crate::separated::check_form(cx, fields);
            for field in fields {
                crate::options::check(cx, cont, field);
                crate::separated::check(cx, cont, field);
                // A separated list in a page form is refused as a whole (by `separated`):
                // its other attributes add no error.
                if cont.attrs.page.is_some() && field.attrs.separated.is_some() && field.is_form_field() {
                    continue;
                }
                if field.attrs.skip.is_some() {
                    check_skipped(cx, field);
                    continue;
                }
                if let (Some(flatten), Some(_)) = (&field.attrs.flatten, &cont.attrs.page) {
                    // One error for the field: one of its own already (a `flatten` written
                    // twice) says what is wrong with it.
                    if !field.is_refused(&cx.refused()) {
                        cx.error_spanned_by(
                            flatten,
                            "a `#[elicit(page)]` form cannot flatten another form: write the fields of the flattened form in this struct",
                        );
                    }
                    continue;
                }
                if field.attrs.flatten.is_some() {
                    check_flattened(cx, cont, field);
                    continue;
                }
                if field.style == crate::ast::Style::Typed {
                    check_refused_type(cx, cont, field.ty);
                }
                // A page form is shown only on the server's own page: secrets are what it is for.
                if cont.attrs.page.is_none() {
                    check_sensitive(cx, cont, field);
                }
                check_generic_literals(cx, cont, field);
                check_bounds(cx, field);
                check_default(cx, field);
                check_not_empty(cx, &field.attrs.rename, "a property of the form needs a name: write the name to send");
                check_no_urls(
                    cx,
                    [
                        ("the `title`", &field.attrs.title),
                        ("the `description`", &field.attrs.description),
                        ("the `rename` (the property's name)", &field.attrs.rename),
                        ("the `pattern_hint`", &field.attrs.pattern_hint),
                    ],
                );
                check_translated_urls(cx, "title", &field.attrs.titles);
                check_translated_urls(cx, "description", &field.attrs.descriptions);
                check_translated_urls(cx, "pattern_hint", &field.attrs.pattern_hints);
                // The doc comment is the description only when there is no `description`.
                if field.attrs.description.is_none() {
                    check_doc_urls(cx, &field.attrs.doc_lines, "the doc comment (the field's description)");
                }
            }
        }
        Data::Enum(variants) => {
            check_duplicate_names(cx, variants.iter().map(|v| (v.wire_name.as_str(), v.ident)), "variant");
            check_duplicate_titles(cx, variants);
            for variant in variants {
                check_not_empty(cx, &variant.attrs.rename, "an option of a select needs a value: write the value to send");
                // Without a title, the client shows the value itself.
                check_no_urls(cx, [("the `title`", &variant.attrs.title), ("the `rename` (the option's value)", &variant.attrs.rename)]);
                check_translated_urls(cx, "title", &variant.attrs.titles);
            }
            // The enum's description (or doc comment) is the description of fields of its type.
            check_no_urls(cx, [("the `description` (of fields of this type)", &cont.attrs.description)]);
            check_translated_urls(cx, "description", &cont.attrs.descriptions);
            if cont.attrs.description.is_none() {
                check_doc_urls(cx, &cont.attrs.doc_lines, "the doc comment (the description of fields of this type)");
            }
            if let Some(legacy) = &cont.attrs.legacy_enum_names
                && variants.iter().all(|v| v.attrs.title.is_none())
            {
                cx.error_spanned_by(
                    legacy,
                    format!(
                        "`legacy_enum_names` has nothing to write: no variant of `{}` has a `title`, and `enumNames` lists the titles; give the variants titles, or remove the attribute (an untitled enum is a plain `enum` on every revision)",
                        cont.ident
                    ),
                );
            }
        }
    }
}

/// The types that cannot be fields for a reason of their own, refused here with that reason
/// when they are written (`char`, `i128`, `&str`, `Option<Option<T>>`, and an `Option` of
/// one): the runtime has no impl of `ElicitField` for them, so through an alias they get
/// its general message instead. The field is then refused, and its type checked no further.
/// A borrowed string in a form with a lifetime parameter is the lifetime's error already.
fn check_refused_type(cx: &Ctxt, cont: &Container, ty: &syn::Type) {
    let inner = option_inner(ty);
    if let Some(nested) = inner.and_then(option_inner) {
        let nested = written(nested);
        cx.error_spanned_by(
            ty,
            format!("`Option<Option<{nested}>>` cannot be a field of an elicitation form: an absent property and an empty one are the same to the client, so use a single `Option`"),
        );
        return;
    }
    let base = inner.unwrap_or(ty);
    let written = written(base);
    if !cfg!(feature = "chrono") && is_chrono(base) {
        cx.error_spanned_by(
            ty,
            format!(
                "`{written}` is a form field only with the `chrono` feature of elicit-runtime: enable the `chrono` feature of elicit-runtime (`elicit-runtime = {{ .., features = [\"chrono\"] }}` in your Cargo.toml); it asks for the type as a `date` or `date-time` string"
            ),
        );
        return;
    }
    let message = match base {
        syn::Type::Reference(reference) if is_string(&reference.elem) && cont.generics.lifetimes().next().is_none() => format!(
            "`{written}` cannot be a field of an elicitation form: a decoded answer cannot borrow from the request; use `String` (or `Box<str>`, `Cow<'static, str>`)"
        ),
        syn::Type::Path(path) if path.qself.is_none() && is_primitive(&path.path, &["i128", "u128"]) => format!(
            "`{written}` cannot be a field of an elicitation form: a JSON number does not carry a 128-bit integer (most clients hold it as a 64-bit float, exact only up to 2^53); use `i64` or `u64` (with `minimum` / `maximum` for the range you need), or a `String` with a `pattern` such as `^-?[0-9]+$` that you parse yourself"
        ),
        syn::Type::Path(path) if path.qself.is_none() && is_primitive(&path.path, &["char"]) => format!(
            "`{written}` cannot be a field of an elicitation form: the MCP specification has no one-character input; use a `String` with `#[elicit(min_length = 1, max_length = 1)]`, and take its first `char`"
        ),
        _ => return,
    };
    cx.error_spanned_by(ty, message);
}

/// A type as the user wrote it, near enough for a message (`&'static str`, `Option<u8>`).
fn written(ty: &syn::Type) -> String {
    let mut text = ty.to_token_stream().to_string();
    for (spaced, tight) in [("& ", "&"), (" <", "<"), ("< ", "<"), (" >", ">"), (" ,", ","), (" ::", "::"), (":: ", "::")] {
        text = text.replace(spaced, tight);
    }
    text
}

/// The `T` of a type written `Option<T>` (or `std::option::Option<T>`, `core::option::Option<T>`).
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    let names: Vec<String> = path.path.segments.iter().map(|s| s.ident.to_string()).collect();
    let is_option = path.qself.is_none() && matches!(names.as_slice(), [o] | [_, _, o] if o == "Option") && (names.len() == 1 || names[1] == "option");
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) if is_option && args.args.len() == 1 => match &args.args[0] {
            syn::GenericArgument::Type(inner) => Some(inner),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `ty` is one of the `chrono` types that are fields with the `chrono` feature:
/// `NaiveDate`, `DateTime<Utc>`, `DateTime<FixedOffset>`, bare or as `chrono::...`.
fn is_chrono(ty: &syn::Type) -> bool {
    let syn::Type::Path(path) = ty else { return false };
    let segments: Vec<&syn::PathSegment> = path.path.segments.iter().collect();
    let last = match segments.as_slice() {
        [last] => last,
        [krate, last] if krate.ident == "chrono" => last,
        _ => return false,
    };
    match &last.arguments {
        syn::PathArguments::None => last.ident == "NaiveDate",
        syn::PathArguments::AngleBracketed(args) if last.ident == "DateTime" && args.args.len() == 1 => match &args.args[0] {
            syn::GenericArgument::Type(syn::Type::Path(zone)) => zone.path.segments.last().is_some_and(|s| s.ident == "Utc" || s.ident == "FixedOffset"),
            _ => false,
        },
        _ => false,
    }
}

/// Whether `ty` is `str` or `String` (the referents of a borrowed string).
fn is_string(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => {
            is_primitive(&path.path, &["str"]) || path.path.segments.last().is_some_and(|s| s.ident == "String" && s.arguments.is_none())
        }
        _ => false,
    }
}

/// Whether `path` names one of the primitive types `names` (`char`, `core::primitive::char`...).
fn is_primitive(path: &syn::Path, names: &[&str]) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let last = match segments.as_slice() {
        [last] => last,
        [krate, module, last] if (krate == "std" || krate == "core") && module == "primitive" => last,
        _ => return false,
    };
    path.segments.iter().all(|s| s.arguments.is_none()) && names.contains(&last.as_str())
}

fn check_generics(cx: &Ctxt, cont: &Container) {
    if let Some(json_schema) = &cont.attrs.json_schema
        && !cont.generics.params.is_empty()
    {
        cx.error_spanned_by(
            json_schema,
            format!(
                "`json_schema` implements `schemars::JsonSchema` for a form without parameters, and `{}` has some: implement it by hand for each instance you need, from `requested_schema(ProtocolRevision::LATEST)`",
                cont.ident
            ),
        );
    }
    for param in &cont.generics.params {
        match param {
            syn::GenericParam::Lifetime(lt) => cx.error_spanned_by(
                lt,
                "`#[derive(Elicit)]` does not support lifetime parameters: decoded answers are owned values, so use `String` rather than `&str`",
            ),
            syn::GenericParam::Const(c) => {
                cx.error_spanned_by(c, "`#[derive(Elicit)]` does not support const generic parameters: the form's schema is fixed at compile time")
            }
            syn::GenericParam::Type(t) if matches!(cont.data, Data::Enum(_)) => {
                cx.error_spanned_by(t, "`#[derive(Elicit)]` does not support generic enums: the options of a select are plain unit variants")
            }
            syn::GenericParam::Type(_) => {}
        }
    }
}

fn check_duplicate_names<'a>(cx: &Ctxt, names: impl Iterator<Item = (&'a str, &'a syn::Ident)>, what: &str) {
    let mut seen: HashMap<&str, &syn::Ident> = HashMap::new();
    for (name, ident) in names {
        if let Some(first) = seen.get(name) {
            cx.error_spanned_by(
                ident,
                format!("{what} `{ident}` has the wire name `{name}`, which {what} `{first}` already uses; rename one of them"),
            );
        } else {
            seen.insert(name, ident);
        }
    }
}

/// Two options with one title look the same to the user, who cannot tell which is which.
fn check_duplicate_titles(cx: &Ctxt, variants: &[Variant]) {
    let mut seen: HashMap<&str, &syn::Ident> = HashMap::new();
    for variant in variants {
        let Some(title) = &variant.attrs.title else { continue };
        if let Some(first) = seen.get(title.value.as_str()) {
            cx.error_spanned_by(
                title,
                format!(
                    "variant `{}` has the title `{}`, which variant `{first}` already has: the user could not tell the two options apart; give each its own title",
                    variant.ident, title.value
                ),
            );
        } else {
            seen.insert(&title.value, variant.ident);
        }
    }
}

/// A literal (`default`, `minimum`, `maximum`) has the type of its field, checked at
/// compile time; a field whose type names a type parameter has no one type to check it
/// against (`3` fits `T = u8` and not `T = String`).
fn check_generic_literals(cx: &Ctxt, cont: &Container, field: &Field) {
    if !crate::bound::uses_type_params(cont, field.ty) {
        return;
    }
    let a = &field.attrs;
    let literals = [
        (crate::attr::DEFAULT, a.default.as_ref().map(|d| d.to_token_stream())),
        (crate::attr::MINIMUM, a.minimum.as_ref().map(|m| m.to_token_stream())),
        (crate::attr::MAXIMUM, a.maximum.as_ref().map(|m| m.to_token_stream())),
    ];
    for (name, tokens) in literals {
        let Some(tokens) = tokens else { continue };
        cx.error_spanned_by(
            tokens,
            format!(
                "`{name}` is a literal of the type of field `{}`, but its type `{}` depends on a type parameter, so the literal cannot be checked: give the field a concrete type, or remove `{name}`",
                field.member,
                crate::expand::type_name(field.ty)
            ),
        );
    }
}

/// `rename = ""`.
fn check_not_empty(cx: &Ctxt, rename: &Option<Spanned<String>>, why: &str) {
    if let Some(rename) = rename.as_ref().filter(|r| r.value.is_empty()) {
        cx.error_spanned_by(rename, format!("`rename` is empty, and {why}, or remove `rename`"));
    }
}

fn check_skipped(cx: &Ctxt, field: &Field) {
    for tokens in field.attrs.written_besides_skip() {
        cx.error_spanned_by(
            tokens,
            format!("field `{}` is skipped, so it is not in the form and this attribute has no effect; remove it, or remove `skip`", field.member),
        );
    }
}

/// A flattened field is its form's fields: attributes of a field of its own have nothing
/// to apply to, a generic form cannot build its list of fields at compile time, and a
/// prefix is part of every name it makes.
fn check_flattened(cx: &Ctxt, cont: &Container, field: &Field) {
    let Some((flatten, form)) = field.flattened() else { return };
    let form = crate::expand::type_name(form);
    let member = field.member;
    for (name, tokens) in field.attrs.written_besides(crate::attr::FLATTEN) {
        cx.error_spanned_by(
            tokens,
            format!(
                "`{name}` does not apply to flattened field `{member}`: the field is not sent itself, its form `{form}`'s fields are, each with the attributes written on it in `{form}`; remove `{name}` (a `prefix` goes in `flatten(prefix = \"...\")`)"
            ),
        );
    }
    // Texts in other languages of a field that is not sent: the sub-form's titles are
    // translated in the sub-form, the prefix of their titles in `flatten(...)`.
    for (name, list) in [("title", &field.attrs.titles), ("description", &field.attrs.descriptions), ("pattern_hint", &field.attrs.pattern_hints)] {
        if let Some(t) = list.first() {
            let language = t.tag.to_ascii_lowercase().replace('-', "_");
            cx.error_spanned_by(
                &t.text,
                format!(
                    "`{name}({language} = ...)` does not apply to flattened field `{member}`: its form `{form}`'s fields are sent, each with the texts written on it in `{form}`; the prefix of their titles in `{language}` is `flatten(title_prefix({language} = \"...\"))`"
                ),
            );
        }
    }
    if field.attrs.serde_default.is_some() {
        cx.error_spanned_by(
            member,
            format!("`#[serde(default)]` does not apply to flattened field `{member}`: whether each of `{form}`'s fields is required is said in `{form}`; for a sub-form that may be left out entirely, make the field an `Option<{form}>`"),
        );
    } else if cont.attrs.serde_default.is_some() {
        cx.error_spanned_by(
            member,
            format!("the struct's `#[serde(default)]` cannot fill in flattened field `{member}`: its fields are `{form}`'s, and whether each is required is said in `{form}`; for a sub-form that may be left out entirely, make the field an `Option<{form}>`"),
        );
    }
    if cont.generics.type_params().next().is_some() {
        cx.error_spanned_by(
            field.attrs.flatten.as_ref().map(|f| f.tokens.clone()).unwrap_or_default(),
            format!("`flatten` is not available in a generic form: the fields of `{}` are laid out at compile time, once for all its type arguments; flatten `{form}` into a form without type parameters", cont.ident),
        );
    }
    if let Some(title) = &flatten.title_prefix {
        check_no_urls(cx, [("the `title_prefix`", &Some(Spanned { value: title.value(), tokens: title.to_token_stream() }))]);
    }
    check_translated_urls(cx, "title_prefix", &flatten.title_prefixes);
    let url_mode = "collect it out of band with URL-mode elicitation (`elicit_runtime::url`, see the README's \"URL mode\")";
    // Each language's title prefix is held to the same rule as the attribute's own.
    for t in &flatten.title_prefixes {
        if let Some(secret) = secret_in(&t.text.value) {
            cx.error_spanned_by(
                &t.text,
                format!("the `title_prefix` in `{}` of flattened field `{member}` asks for a secret (`{secret}`) in the title of every field it flattens: the MCP specification forbids requesting sensitive information in form mode\n\nhelp: {url_mode}", t.tag),
            );
        }
    }
    let prefixes = [("prefix", flatten.prefix.as_ref()), ("title_prefix", flatten.title_prefix.as_ref())];
    for (what, lit) in prefixes {
        let Some(lit) = lit else { continue };
        if let Some(secret) = secret_in(&lit.value()) {
            cx.error_spanned_by(
                lit,
                format!("the `{what}` of flattened field `{member}` asks for a secret (`{secret}`) in the name of every field it flattens: the MCP specification forbids requesting sensitive information in form mode\n\nhelp: {url_mode}"),
            );
        }
    }
}

// ---- sensitive information -----------------------------------------------------------

/// One error per field that asks for a secret: by its wire name, or else by its title,
/// or else by its description (the doc comment when there is no `description`).
/// `not_sensitive` clears a match that may be innocent (`pin`, `token`), never one that
/// is a secret whatever the field holds (`password`, `api_key`, `cvv`: [`unambiguous`]).
fn check_sensitive(cx: &Ctxt, cont: &Container, field: &Field) {
    let a = &field.attrs;
    let member = field.member.unraw().to_string();
    let name = if member == field.wire_name { format!("field `{member}`") } else { format!("field `{member}` (sent as `{}`)", field.wire_name) };
    let doc = a.description.is_none().then(|| a.doc_lines.iter().find_map(|line| secret_in(&line.value).map(|w| (w, line)))).flatten();
    // The wire name, or else the Rust name: a rename (`#[elicit(rename = "value")]
    // password`) does not make the field ask for something else.
    let found = if let Some(what) = secret_in(&field.wire_name).or_else(|| secret_in(&member)) {
        Some((format!("{name} looks like it asks for a secret (`{what}`)"), what, field.member.to_token_stream()))
    } else if let Some((what, title)) = a.title.as_ref().and_then(|t| secret_in(&t.value).map(|w| (w, t))) {
        Some((format!("the `title` of {name} asks for a secret (`{what}`)"), what, title.tokens.clone()))
    } else if let Some((what, description)) = a.description.as_ref().and_then(|d| secret_in(&d.value).map(|w| (w, d))) {
        Some((format!("the `description` of {name} asks for a secret (`{what}`)"), what, description.tokens.clone()))
    } else if let Some((what, place, text)) = translated_secret(&a.titles, "title").or_else(|| translated_secret(&a.descriptions, "description")) {
        // Every language's text is held to the same rule: a Korean title that asks for a
        // password asks for one.
        Some((format!("the `{place}` of {name} asks for a secret (`{what}`)"), what, text.tokens.clone()))
    } else {
        doc.map(|(what, line)| (format!("the doc comment of {name} (its description) asks for a secret (`{what}`)"), what, line.tokens.clone()))
    };
    let Some((problem, what, tokens)) = found else { return };
    // The hidden step form of a two-step choice cannot be a page form: the secret goes
    // into a page form of its own.
    let url_mode = if cont.ident.to_string().starts_with("__Elicit") {
        "ask for it on the server's own page (URL mode), where it never passes through the MCP client: in a `#[elicit(page)]` form of its own, \
         as an `elicit_runtime::page::Secret` field"
            .to_owned()
    } else {
        format!(
            "ask for it on the server's own page (URL mode), where it never passes through the MCP client: mark the form `#[elicit(page)]`, \
             make the field an `elicit_runtime::page::Secret`, and ask with `{}::elicit_via_page`",
            cont.ident
        )
    };
    match &a.not_sensitive {
        Some(flag) if unambiguous(&what) => cx.error_spanned_by(
            &flag.tokens,
            format!(
                "`not_sensitive` cannot clear {name}: `{what}` is a secret whatever the field holds, and the MCP specification forbids requesting it in form mode\n\
                 \n\
                 help: {url_mode};\n      \
                 if the field really asks for something else, name it and word its title and description for what it asks"
            ),
        ),
        Some(_) => {}
        None => {
            let escape = if unambiguous(&what) { String::new() } else { ";\n      if this field is not a secret, say so with `#[elicit(not_sensitive)]`".to_owned() };
            cx.error_spanned_by(
                tokens,
                format!(
                    "{problem}: the MCP specification forbids requesting sensitive information such as passwords, API keys, tokens or payment details in form mode\n\
                     \n\
                     help: {url_mode}{escape}",
                ),
            );
        }
    }
}

// ---- bounds and defaults -------------------------------------------------------------

fn check_bounds(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    if let (None, Some(hint)) = (&a.pattern, a.pattern_hints.first()) {
        cx.error_spanned_by(&hint.text, "`pattern_hint` describes a `pattern`, and this field has none: add `pattern = \"...\"` or remove the hint");
    }
    if let Some(hint) = &a.pattern_hint {
        if a.pattern.is_none() {
            cx.error_spanned_by(hint, "`pattern_hint` describes a `pattern`, and this field has none: add `pattern = \"...\"` or remove the hint");
        }
        if hint.value.trim().is_empty() {
            cx.error_spanned_by(hint, "`pattern_hint` is empty, and it is what the user reads instead of the pattern: write the expected form in words, such as `MM/YY`");
        }
    }
    if let (Some(min), Some(max)) = (&a.min_length, &a.max_length)
        && min.value > max.value {
            cx.error_spanned_by(min, format!("`min_length` ({}) is greater than `max_length` ({}): no string could satisfy both", min.value, max.value));
        }
    if let (Some(min), Some(max)) = (&a.min_items, &a.max_items)
        && min.value > max.value {
            cx.error_spanned_by(min, format!("`min_items` ({}) is greater than `max_items` ({}): no choice could satisfy both", min.value, max.value));
        }
    if let Some(max) = a.max_items.as_ref().filter(|m| m.value == 0) {
        cx.error_spanned_by(max, "`max_items = 0` allows no choice at all, so the only answer is an empty selection; allow at least one choice, or remove the field");
    }
    if let (Some(min), Some(max)) = (&a.minimum, &a.maximum)
        && min.value.cmp(&max.value).is_gt() {
            cx.error_spanned_by(min, format!("`minimum` ({}) is greater than `maximum` ({}): no number could satisfy both", min.value, max.value));
        }
}

fn check_default(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let Some(default) = &a.default else { return };
    let (expr, lit) = &default.value;
    match lit {
        DefaultLit::Number(n) => {
            if let Some(min) = a.minimum.as_ref().filter(|m| n.cmp(&m.value).is_lt()) {
                cx.error_spanned_by(expr, format!("the default {n} is below `minimum` ({})", min.value));
            }
            if let Some(max) = a.maximum.as_ref().filter(|m| n.cmp(&m.value).is_gt()) {
                cx.error_spanned_by(expr, format!("the default {n} is above `maximum` ({})", max.value));
            }
        }
        DefaultLit::Str(s) => {
            let length = s.chars().count() as u64;
            if let Some(min) = a.min_length.as_ref().filter(|m| length < m.value) {
                cx.error_spanned_by(expr, format!("the default is {length} characters long, shorter than `min_length` ({})", min.value));
            }
            if let Some(max) = a.max_length.as_ref().filter(|m| length > m.value) {
                cx.error_spanned_by(expr, format!("the default is {length} characters long, longer than `max_length` ({})", max.value));
            }
            if let Some(format) = &a.format
                && !crate::rules::format::is_valid(format.value, s) {
                    cx.error_spanned_by(expr, format!("the default `{s}` is not a valid `{}`", format.value.as_str()));
                }
            if let Some(pattern) = &a.pattern
                && crate::pattern::matches(&pattern.value, s) == Some(false)
            {
                cx.error_spanned_by(
                    expr,
                    format!("the default `{s}` does not match `pattern` (`{}`), so the answer would be refused if the user kept it", pattern.value),
                );
            }
        }
        DefaultLit::List(items) => {
            let count = items.len() as u64;
            if let Some(min) = a.min_items.as_ref().filter(|m| count < m.value) {
                cx.error_spanned_by(expr, format!("the default has {count} choices, fewer than `min_items` ({})", min.value));
            }
            if let Some(max) = a.max_items.as_ref().filter(|m| count > m.value) {
                cx.error_spanned_by(expr, format!("the default has {count} choices, more than `max_items` ({})", max.value));
            }
            for (i, item) in items.iter().enumerate() {
                if items[..i].iter().any(|prev| prev.value() == item.value()) {
                    cx.error_spanned_by(item, format!("`{}` is listed twice in the default", item.value()));
                }
            }
        }
        DefaultLit::Bool(_) => {}
    }
}

// ---- URLs in form text ---------------------------------------------------------------

fn url_message(place: &str, url: &str) -> String {
    format!(
        "{place} contains the URL `{url}`: the MCP specification forbids URLs in form-mode messages and schemas; remove it, and send the user to a page with URL-mode elicitation"
    )
}

fn check_doc_urls(cx: &Ctxt, lines: &[Spanned<String>], place: &str) {
    for line in lines {
        if let Some(url) = crate::rules::url_in_text::find_url(&line.value) {
            cx.error_spanned_by(line, url_message(place, &url));
        }
    }
}

/// The first translated text that asks for a secret: what it asks for, where it is
/// (`title` in `ko`), and the text.
fn translated_secret<'a>(list: &'a [crate::attr::Translation], what: &str) -> Option<(String, String, &'a Spanned<String>)> {
    list.iter().find_map(|t| secret_in(&t.text.value).map(|w| (w, format!("{what}` in `{}", t.tag), &t.text)))
}

/// No URL in any language's text.
fn check_translated_urls(cx: &Ctxt, what: &str, list: &[crate::attr::Translation]) {
    for t in list {
        let place = format!("the `{what}` in `{}`", t.tag);
        check_no_urls(cx, [(place.as_str(), &Some(t.text.clone()))]);
    }
}

fn check_no_urls<const N: usize>(cx: &Ctxt, texts: [(&str, &Option<Spanned<String>>); N]) {
    for (place, text) in texts {
        if let Some(text) = text
            && let Some(url) = crate::rules::url_in_text::find_url(&text.value)
        {
            cx.error_spanned_by(text, url_message(place, &url));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(text: &str) -> syn::Type {
        syn::parse_str(text).expect("a type")
    }

    #[test]
    fn refused_types_are_seen_however_they_are_written() {
        assert!(is_primitive(&syn::parse_str("std::primitive::char").unwrap(), &["char"]));
        assert!(is_primitive(&syn::parse_str("core::primitive::i128").unwrap(), &["i128"]));
        assert!(!is_primitive(&syn::parse_str("my::char").unwrap(), &["char"]));
        assert!(option_inner(&ty("core::option::Option<u8>")).is_some());
        assert!(option_inner(&ty("std::option::Option<u8>")).is_some());
        assert!(option_inner(&ty("Option<u8>")).is_some());
        assert!(option_inner(&ty("my::Option<u8>")).is_none());
        assert!(is_string(&ty("str")) && is_string(&ty("String")) && !is_string(&ty("u8")));
    }

    #[test]
    fn chrono_types_are_the_three_the_feature_adds() {
        for yes in ["NaiveDate", "chrono::NaiveDate", "DateTime<Utc>", "chrono::DateTime<chrono::FixedOffset>"] {
            assert!(is_chrono(&ty(yes)), "{yes}");
        }
        for no in ["DateTime<Local>", "time::NaiveDate", "NaiveTime", "chrono::DateTime<Utc, X>"] {
            assert!(!is_chrono(&ty(no)), "{no}");
        }
    }

    #[test]
    fn a_type_is_written_as_the_user_wrote_it() {
        assert_eq!(written(&ty("& 'static str")), "&'static str");
        assert_eq!(written(&ty("chrono :: DateTime < chrono :: Utc >")), "chrono::DateTime<chrono::Utc>");
    }
}
