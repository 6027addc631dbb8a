//! Reading a `requestedSchema` as a generic client does (properties, options in every
//! shape, bounds), and filling one in by itself for the non-interactive run.

use serde_json::{Map, Value};

pub(crate) fn properties(schema: &Value) -> Vec<(String, Value)> {
    schema.get("properties").and_then(Value::as_object).map(|p| p.iter().map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default()
}

pub(crate) fn required(schema: &Value) -> Vec<String> {
    schema.get("required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).map(str::to_owned).collect()).unwrap_or_default()
}

/// `(value, label)` of the options of a single-select (`enum`, `enum` + `enumNames`,
/// `oneOf`) or of a multi-select's `items` (`enum`, `anyOf`).
pub(crate) fn options(prop: &Value) -> Vec<(String, String)> {
    if let Some(values) = prop.get("enum").and_then(Value::as_array) {
        let names = prop.get("enumNames").and_then(Value::as_array);
        return values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let value = v.as_str()?.to_owned();
                let label = names.and_then(|n| n.get(i)).and_then(Value::as_str).unwrap_or(&value).to_owned();
                Some((value, label))
            })
            .collect();
    }
    let list = prop.get("oneOf").or_else(|| prop.get("anyOf")).and_then(Value::as_array);
    list.map(|l| {
        l.iter()
            .filter_map(|o| {
                let value = o.get("const")?.as_str()?.to_owned();
                let label = o.get("title").and_then(Value::as_str).unwrap_or(&value).to_owned();
                Some((value, label))
            })
            .collect()
    })
    .unwrap_or_default()
}

pub(crate) fn is_multi(prop: &Value) -> bool {
    prop.get("type").and_then(Value::as_str) == Some("array")
}

pub(crate) fn is_select(prop: &Value) -> bool {
    prop.get("enum").is_some() || prop.get("oneOf").is_some()
}

pub(crate) fn num(prop: &Value, key: &str) -> Option<f64> {
    prop.get(key).and_then(Value::as_f64)
}

/// Defaults where the schema has them, sample values elsewhere, optional fields left out.
pub(crate) fn auto_fill(schema: &Value) -> Map<String, Value> {
    let required = required(schema);
    let mut content = Map::new();
    let mut groups_ticked = Vec::new();
    for (name, prop) in properties(schema) {
        if let Some(default) = prop.get("default") {
            content.insert(name, default.clone());
            continue;
        }
        // 2025-06-18 has no arrays: a multi-select arrives as checkboxes titled
        // `Field: Option`. Tick the first box of each group, as a person picking one would.
        if prop.get("type").and_then(Value::as_str) == Some("boolean")
            && let Some((group, _)) = prop.get("title").and_then(Value::as_str).and_then(|title| title.split_once(": "))
        {
            let first = !groups_ticked.contains(&group.to_owned());
            if first {
                groups_ticked.push(group.to_owned());
            }
            content.insert(name, Value::Bool(first));
            continue;
        }
        if !required.contains(&name) {
            continue;
        }
        let value = if is_multi(&prop) {
            let choices = prop.get("items").map(options).unwrap_or_default();
            let wanted = num(&prop, "minItems").unwrap_or(1.0).max(1.0) as usize;
            Value::from(choices.into_iter().take(wanted).map(|(v, _)| v).collect::<Vec<_>>())
        } else if is_select(&prop) {
            options(&prop).into_iter().next().map_or(Value::Null, |(v, _)| Value::from(v))
        } else {
            match prop.get("type").and_then(Value::as_str) {
                Some("string") => Value::from(sample_string(&prop)),
                Some("integer") => {
                    let (min, max) = (num(&prop, "minimum"), num(&prop, "maximum"));
                    let n = match (min, max) {
                        (Some(a), Some(b)) => ((a + b) / 2.0).floor(),
                        (Some(a), None) => a + 1.0,
                        (None, Some(b)) => b.min(1.0),
                        (None, None) => 1.0,
                    };
                    Value::from(n as i64)
                }
                Some("number") => {
                    let x = num(&prop, "minimum").map_or(42.5, |m| m + 42.5);
                    Value::from(num(&prop, "maximum").map_or(x, |m| x.min(m)))
                }
                Some("boolean") => Value::Bool(false),
                _ => Value::Null,
            }
        };
        content.insert(name, value);
    }
    content
}

fn sample_string(prop: &Value) -> String {
    let sample = match prop.get("format").and_then(Value::as_str) {
        Some("email") => return "ada@example.com".into(),
        Some("date") => return "2026-09-08".into(),
        Some("date-time") => return "2026-09-08T09:30:00Z".into(),
        Some("uri") => return "https://example.com/".into(),
        _ => "Ada Lovelace",
    };
    let mut s: String = sample.chars().take(num(prop, "maxLength").map_or(usize::MAX, |m| m as usize)).collect();
    while (s.chars().count() as f64) < num(prop, "minLength").unwrap_or(0.0) {
        s.push('a');
    }
    s
}
