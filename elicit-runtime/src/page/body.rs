//! Reading a submitted form strictly: `application/x-www-form-urlencoded` into the
//! content JSON of the form, and nothing the form did not ask.

use serde_json::{Map, Number, Value};

use crate::form::{FieldSchema, FormSchema, Kind};

/// The name of the CSRF token's field.
pub(crate) const CSRF_FIELD: &str = "__elicit_csrf";

/// The largest body read, in bytes.
pub(crate) const MAX_BODY: usize = 64 * 1024;

/// Why a body was refused unread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// A name or value whose bytes are not UTF-8.
    NotUtf8,
    /// A name the form does not have.
    Unknown(String),
    /// A field that takes one value, sent twice.
    Repeated(String),
}

/// One `name=value` pair, decoded.
pub(crate) type Pair = (String, String);

/// Decodes a body into its pairs: `+` is a space, `%XX` a byte; every name and value must
/// be UTF-8 (a decoder that replaces bad bytes with `U+FFFD` would keep text other than
/// what was sent). Empty segments (`a=1&&b=2`) are skipped.
pub(crate) fn pairs(body: &[u8]) -> Result<Vec<Pair>, Unreadable> {
    body.split(|&b| b == b'&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = match pair.iter().position(|&b| b == b'=') {
                Some(at) => (&pair[..at], &pair[at + 1..]),
                None => (pair, &[][..]),
            };
            Ok((decoded(name)?, decoded(value)?))
        })
        .collect()
}

fn decoded(encoded: &[u8]) -> Result<String, Unreadable> {
    let hex = |b: u8| char::from(b).to_digit(16).and_then(|d| u8::try_from(d).ok());
    let mut bytes = Vec::with_capacity(encoded.len());
    let mut i = 0;
    while i < encoded.len() {
        match encoded[i] {
            b'+' => bytes.push(b' '),
            b'%' if let (Some(high), Some(low)) = (encoded.get(i + 1).and_then(|&b| hex(b)), encoded.get(i + 2).and_then(|&b| hex(b))) => {
                bytes.push(high << 4 | low);
                i += 2;
            }
            b => bytes.push(b),
        }
        i += 1;
    }
    String::from_utf8(bytes).map_err(|_| Unreadable::NotUtf8)
}

/// What the user sent, by field: the raw texts (to show again) and the token.
#[derive(Debug, Default)]
pub(crate) struct Submitted {
    /// Each field's texts, in the form's order (several for a multi-select).
    pub(crate) raw: Vec<(&'static FieldSchema, Vec<String>)>,
    pub(crate) csrf: Option<String>,
}

/// Sorts the pairs by field, refusing a name the form does not have and a field that
/// takes one value sent twice.
pub(crate) fn submitted(schema: &'static FormSchema, pairs: Vec<Pair>) -> Result<Submitted, Unreadable> {
    let mut out = Submitted { raw: schema.fields().iter().map(|f| (f, Vec::new())).collect(), csrf: None };
    for (name, value) in pairs {
        if name == CSRF_FIELD {
            if out.csrf.replace(value).is_some() {
                return Err(Unreadable::Repeated(name));
            }
            continue;
        }
        let Some((field, values)) = out.raw.iter_mut().find(|(f, _)| f.name() == name) else {
            return Err(Unreadable::Unknown(name));
        };
        if !values.is_empty() && !matches!(field.kind(), Kind::MultiSelect(_)) {
            return Err(Unreadable::Repeated(name));
        }
        values.push(value);
    }
    Ok(out)
}

/// The content JSON of what was submitted, as a client would send it: an empty text is
/// an absent field, a number is a JSON number when it reads as one (else the text, which
/// validation refuses as the wrong type), a ticked checkbox is `true` and an unticked one
/// `false`, a multi-select the list of ticked values.
pub(crate) fn content(submitted: &Submitted) -> Map<String, Value> {
    let mut content = Map::with_capacity(submitted.raw.len());
    for (field, values) in &submitted.raw {
        let first = values.first().map(String::as_str).unwrap_or_default();
        let value = match field.kind() {
            Kind::MultiSelect(_) => Some(Value::Array(values.iter().filter(|v| !v.is_empty()).map(|v| Value::from(v.as_str())).collect())),
            // An unticked box sends nothing: it is `false`, not absent.
            Kind::Boolean if is_checkbox(field) => Some(Value::Bool(first == "true")),
            Kind::Boolean => match first {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                "" => None,
                other => Some(Value::from(other)),
            },
            Kind::Integer(_) | Kind::Number(_) if first.trim().is_empty() => None,
            Kind::Integer(_) => Some(number(first.trim())),
            Kind::Number(_) => Some(number(first.trim())),
            Kind::String(_) | Kind::Select(_) if first.is_empty() => None,
            Kind::String(_) | Kind::Select(_) => Some(Value::from(first)),
        };
        if let Some(value) = value {
            content.insert(field.name().to_owned(), value);
        }
    }
    content
}

/// Whether a boolean field is a checkbox: when it must be answered, or has a default
/// (the box shows it). Only a boolean that may be left unanswered, with no default, is a
/// select of yes, no and no answer.
pub(crate) fn is_checkbox(field: &FieldSchema) -> bool {
    field.is_required() || field.default().is_some()
}

/// A typed number as JSON: an integer if it is one, a finite float, or the text.
fn number(text: &str) -> Value {
    if let Ok(n) = text.parse::<i64>() {
        return Value::from(n);
    }
    if let Ok(n) = text.parse::<u64>() {
        return Value::from(n);
    }
    match text.parse::<f64>().ok().filter(|n| n.is_finite()).and_then(Number::from_f64) {
        Some(n) => Value::Number(n),
        None => Value::from(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_decode_strictly() {
        assert_eq!(pairs(b"a=1&b=x+y%21&&c"), Ok(vec![("a".into(), "1".into()), ("b".into(), "x y!".into()), ("c".into(), String::new())]));
        assert_eq!(pairs(b"a=%FF"), Err(Unreadable::NotUtf8));
        assert_eq!(pairs(b"%C3%A9=%E2%82%AC"), Ok(vec![("é".into(), "€".into())]));
        // A `%` without two hex digits stays as it is.
        assert_eq!(pairs(b"a=100%"), Ok(vec![("a".into(), "100%".into())]));
    }

    #[test]
    fn numbers_read_as_json_numbers_or_stay_text() {
        assert_eq!(number("42"), Value::from(42));
        assert_eq!(number("2.5"), Value::from(2.5));
        assert_eq!(number("NaN"), Value::from("NaN"));
        assert_eq!(number("1e999"), Value::from("1e999"));
        assert_eq!(number("twelve"), Value::from("twelve"));
    }
}
