//! Checks that look at several attributes, or several fields, at once.
//!
//! What depends on a field's *type* (is `min_length` on a string? is the default a
//! `u8`?) is not decided here: the generated code asks the runtime's traits, so that type
//! aliases and paths work. What the attributes alone show is checked here.

use std::collections::HashMap;

use syn::ext::IdentExt;

use crate::ast::{Container, Data, Field};
use crate::attr::{DefaultLit, Spanned};
use crate::ctxt::Ctxt;

pub fn check(cx: &Ctxt, cont: &Container) {
    check_generics(cx, cont);
    match &cont.data {
        Data::Struct(fields) => {
            check_duplicate_names(cx, fields.iter().filter(|f| f.attrs.skip.is_none()).map(|f| (f.wire_name.as_str(), f.member)), "field");
            for field in fields {
                if field.attrs.skip.is_some() {
                    check_skipped(cx, field);
                    continue;
                }
                check_sensitive(cx, field);
                check_bounds(cx, field);
                check_default(cx, field);
                check_no_urls(cx, [("the `title`", &field.attrs.title), ("the `description`", &field.attrs.description)]);
                // The doc comment is the description only when there is no `description`.
                if field.attrs.description.is_none() {
                    for line in &field.attrs.doc_lines {
                        if let Some(url) = find_url(&line.value) {
                            cx.error_spanned_by(line, url_message("the doc comment (the field's description)", url));
                        }
                    }
                }
            }
        }
        Data::Enum(variants) => {
            check_duplicate_names(cx, variants.iter().map(|v| (v.wire_name.as_str(), v.ident)), "variant");
            for variant in variants {
                check_no_urls(cx, [("the `title`", &variant.attrs.title)]);
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

fn check_generics(cx: &Ctxt, cont: &Container) {
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

fn check_skipped(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let others = [
        a.title.as_ref().map(|s| s.tokens.clone()),
        a.description.as_ref().map(|s| s.tokens.clone()),
        a.rename.as_ref().map(|s| s.tokens.clone()),
        a.default.as_ref().map(|s| s.tokens.clone()),
        a.format.as_ref().map(|s| s.tokens.clone()),
        a.min_length.as_ref().map(|s| s.tokens.clone()),
        a.max_length.as_ref().map(|s| s.tokens.clone()),
        a.pattern.as_ref().map(|s| s.tokens.clone()),
        a.minimum.as_ref().map(|s| s.tokens.clone()),
        a.maximum.as_ref().map(|s| s.tokens.clone()),
        a.min_items.as_ref().map(|s| s.tokens.clone()),
        a.max_items.as_ref().map(|s| s.tokens.clone()),
        a.not_sensitive.as_ref().map(|s| s.tokens.clone()),
    ];
    for tokens in others.into_iter().flatten().filter(|t| !t.is_empty()) {
        cx.error_spanned_by(
            tokens,
            format!("field `{}` is skipped, so it is not in the form and this attribute has no effect; remove it, or remove `skip`", field.member),
        );
    }
}

// ---- sensitive information -----------------------------------------------------------

/// Words that name a secret on their own.
const SECRET_WORDS: &[&str] = &["password", "passwd", "pwd", "passphrase", "secret", "token", "pin", "pincode", "cvv", "cvc", "ssn", "otp", "iban"];

/// Secrets named by several words, matched on the words run together (`api_key`,
/// `apiKey`, `API-KEY` all give `apikey`).
const SECRET_PHRASES: &[&str] = &[
    "password",
    "passphrase",
    "secret",
    "apikey",
    "privatekey",
    "accesskey",
    "secretkey",
    "signingkey",
    "creditcard",
    "cardnumber",
    "cardnum",
    "securitycode",
    "socialsecurity",
    "accesstoken",
    "authtoken",
    "refreshtoken",
    "bearertoken",
    "sessiontoken",
    "routingnumber",
    "bankaccount",
    "accountnumber",
];

/// Splits a wire name into lowercase words at `_`, `-`, spaces, dots and camelCase humps.
fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// What secret the name looks like it asks for, if any.
pub fn sensitive_match(name: &str) -> Option<&'static str> {
    let words = words(name);
    if let Some(word) = SECRET_WORDS.iter().find(|w| words.iter().any(|x| x == *w)) {
        return Some(word);
    }
    let joined: String = words.concat();
    SECRET_PHRASES.iter().find(|p| joined.contains(*p)).copied()
}

fn check_sensitive(cx: &Ctxt, field: &Field) {
    if field.attrs.not_sensitive.is_some() {
        return;
    }
    if let Some(what) = sensitive_match(&field.wire_name) {
        let member = field.member.unraw().to_string();
        let name = if member == field.wire_name { format!("field `{member}`") } else { format!("field `{member}` (sent as `{}`)", field.wire_name) };
        cx.error_spanned_by(
            field.member,
            format!(
                "{name} looks like it asks for a secret (`{what}`): the MCP specification forbids requesting sensitive information such as passwords, API keys, tokens or payment details in form mode\n\
                 \n\
                 help: collect it out of band with URL-mode elicitation, where it never passes through the MCP client;\n      \
                 if this field is not a secret, say so with `#[elicit(not_sensitive)]`",
            ),
        );
    }
}

// ---- bounds and defaults -------------------------------------------------------------

fn check_bounds(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    if let (Some(min), Some(max)) = (&a.min_length, &a.max_length)
        && min.value > max.value {
            cx.error_spanned_by(min, format!("`min_length` ({}) is greater than `max_length` ({}): no string could satisfy both", min.value, max.value));
        }
    if let (Some(min), Some(max)) = (&a.min_items, &a.max_items)
        && min.value > max.value {
            cx.error_spanned_by(min, format!("`min_items` ({}) is greater than `max_items` ({}): no choice could satisfy both", min.value, max.value));
        }
    if let (Some(min), Some(max)) = (&a.minimum, &a.maximum)
        && min.value.value > max.value.value {
            cx.error_spanned_by(min, format!("`minimum` ({}) is greater than `maximum` ({}): no number could satisfy both", min.value.value, max.value.value));
        }
}

fn check_default(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let Some(default) = &a.default else { return };
    let (expr, lit) = &default.value;
    match lit {
        DefaultLit::Number(n) => {
            if let Some(min) = a.minimum.as_ref().filter(|m| n.value < m.value.value) {
                cx.error_spanned_by(expr, format!("the default {} is below `minimum` ({})", n.value, min.value.value));
            }
            if let Some(max) = a.maximum.as_ref().filter(|m| n.value > m.value.value) {
                cx.error_spanned_by(expr, format!("the default {} is above `maximum` ({})", n.value, max.value.value));
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
                && !default_has_format(format.value, s) {
                    cx.error_spanned_by(expr, format!("the default `{s}` is not a valid `{}`", format.value));
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

/// A light syntactic check of a default against its format; the runtime checks received
/// values fully.
fn default_has_format(format: &str, s: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let date = |s: &str| {
        let parts: Vec<&str> = s.split('-').collect();
        parts.len() == 3 && parts[0].len() == 4 && parts[1].len() == 2 && parts[2].len() == 2 && parts.iter().all(|p| digits(p))
    };
    match format {
        "email" => s.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty()),
        "uri" => s.split_once(':').is_some_and(|(scheme, _)| !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))),
        "date" => date(s),
        "date-time" => s.len() >= 20 && date(&s[..10.min(s.len())]) && matches!(s.as_bytes().get(10), Some(b'T' | b't')),
        _ => true,
    }
}

// ---- URLs in form text ---------------------------------------------------------------

/// The first `http://` or `https://` URL in `text`, without the punctuation that ends the
/// sentence or parenthesis around it.
fn find_url(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    ["http://", "https://"]
        .iter()
        .filter_map(|scheme| lower.find(scheme))
        .min()
        .map(|at| text[at..].split_whitespace().next().unwrap_or("").trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '}', '\'', '"']))
}

fn url_message(place: &str, url: &str) -> String {
    format!(
        "{place} contains the URL `{url}`: the MCP specification forbids URLs in form-mode messages and schemas; remove it, and send the user to a page with URL-mode elicitation"
    )
}

fn check_no_urls<const N: usize>(cx: &Ctxt, texts: [(&str, &Option<Spanned<String>>); N]) {
    for (place, text) in texts {
        if let Some(text) = text
            && let Some(url) = find_url(&text.value)
        {
            cx.error_spanned_by(text, url_message(place, url));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_names_are_found_whatever_the_casing() {
        for name in ["password", "new_password", "userPassword", "API_KEY", "apiKey", "api-key", "client_secret", "token", "auth_token", "accessToken", "pin", "card_number", "creditCard", "cvv", "ssn", "private_key", "passphrase"] {
            assert!(sensitive_match(name).is_some(), "{name} should look sensitive");
        }
    }

    #[test]
    fn ordinary_names_are_not_secrets() {
        for name in ["name", "max_tokens", "shipping", "opinion", "spinner", "keyboard", "tokens_used", "email", "happiness", "pinned_at", "description"] {
            assert_eq!(sensitive_match(name), None, "{name} should not look sensitive");
        }
    }

    #[test]
    fn urls_are_found_in_text() {
        assert_eq!(find_url("see https://example.com/x for more"), Some("https://example.com/x"));
        assert_eq!(find_url("Pro (see https://example.com/pricing)."), Some("https://example.com/pricing"));
        assert_eq!(find_url("https://b.example or http://a.example"), Some("https://b.example"));
        assert_eq!(find_url("plain words"), None);
    }
}
