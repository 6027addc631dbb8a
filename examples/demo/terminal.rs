//! The terminal: a form shown field by field, and a request to open a page (URL mode).

use std::io::{BufRead, Write};

use rmcp::model::ElicitationAction;
use serde_json::{Map, Value};

use crate::client::Answer;
use crate::schema::{is_multi, is_select, num, options, properties, required};

/// Text from the server as the terminal shows it. The server writes the message, the
/// titles, the options and the URL, and a hostile one can put in them what a terminal
/// obeys instead of printing: escape sequences that clear the line, move the cursor or
/// retitle the window (and so draw another URL over the one that will be opened), `\r`,
/// and the bidirectional overrides and invisible characters that reorder or hide what is
/// printed. Each of those is shown as its `\u{..}` escape; everything else as it is.
pub(crate) fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let hidden = c.is_control()
            || matches!(c, '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}');
        if hidden {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// One line from stdin; `None` at end of input.
pub(crate) fn read_line(prompt: &str) -> Option<String> {
    print!("{prompt}");
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_owned()),
    }
}

fn describe(prop: &Value) -> String {
    let mut parts = Vec::new();
    let ty = prop.get("type").and_then(Value::as_str).unwrap_or("?");
    if is_multi(prop) {
        parts.push("choose any (numbers or values, separated by commas)".to_owned());
        match (num(prop, "minItems"), num(prop, "maxItems")) {
            (Some(a), Some(b)) => parts.push(format!("{a} to {b} choices")),
            (Some(a), None) => parts.push(format!("at least {a}")),
            (None, Some(b)) => parts.push(format!("at most {b}")),
            (None, None) => {}
        }
    } else if is_select(prop) {
        parts.push("choose one (number or value)".to_owned());
    } else {
        parts.push(
            match (ty, prop.get("format").and_then(Value::as_str)) {
                ("string", Some("email")) => "email address",
                ("string", Some("date")) => "date, YYYY-MM-DD",
                ("string", Some("date-time")) => "date and time, RFC 3339",
                ("string", Some("uri")) => "URI",
                ("string", _) => "text",
                ("integer", _) => "whole number",
                ("number", _) => "number",
                ("boolean", _) => "yes/no",
                _ => ty,
            }
            .to_owned(),
        );
        for (key, what) in [("minLength", "at least {} characters"), ("maxLength", "at most {} characters"), ("minimum", "minimum {}"), ("maximum", "maximum {}")] {
            if let Some(n) = num(prop, key) {
                // `0`, not `0.0`: rmcp's client model reads every bound as a float.
                let n = if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() };
                parts.push(what.replace("{}", &n));
            }
        }
    }
    if let Some(default) = prop.get("default") {
        parts.push(format!("default {default}"));
    }
    parts.join(", ")
}

/// Reads one choice: its number in the list, its value, or its label; anything else is
/// sent as typed (the server will say it is not an option).
fn pick(input: &str, choices: &[(String, String)]) -> String {
    if let Ok(n) = input.parse::<usize>()
        && let Some((value, _)) = n.checked_sub(1).and_then(|i| choices.get(i))
    {
        return value.clone();
    }
    choices.iter().find(|(v, l)| v == input || l.eq_ignore_ascii_case(input)).map_or_else(|| input.to_owned(), |(v, _)| v.clone())
}

/// Asks for each property in the terminal. The client checks only that a number is a
/// number and a yes is a yes; the constraints are left to the server, so that you can see
/// its validation at work.
pub(crate) fn prompt_form(message: &str, schema: &Value) -> Answer {
    let mut lines = message.lines();
    println!("\n[client] +--- the server asks: {}", shown(lines.next().unwrap_or_default()));
    for line in lines {
        println!("[client] | {}", shown(line));
    }
    println!("[client] | Enter alone keeps the default (or skips an optional field).");
    println!("[client] | Type :decline to decline the form, :cancel to dismiss it.");
    let required = required(schema);
    let mut content = Map::new();
    for (name, prop) in properties(schema) {
        let title = shown(prop.get("title").and_then(Value::as_str).unwrap_or(&name));
        let star = if required.contains(&name) { " *" } else { "" };
        println!("[client] |");
        match prop.get("description").and_then(Value::as_str) {
            Some(description) => println!("[client] | {title}{star}: {}", shown(description)),
            None => println!("[client] | {title}{star}"),
        }
        println!("[client] |   ({})", shown(&describe(&prop)));
        let choices = if is_multi(&prop) { prop.get("items").map(options).unwrap_or_default() } else { options(&prop) };
        for (i, (value, label)) in choices.iter().enumerate() {
            if value == label {
                println!("[client] |   {}) {}", i + 1, shown(value));
            } else {
                println!("[client] |   {}) {}  [{}]", i + 1, shown(label), shown(value));
            }
        }
        loop {
            let Some(input) = read_line("[client] | > ") else {
                println!("\n[client] end of input: cancelling the form");
                return Answer::Cancel;
            };
            match input.to_ascii_lowercase().as_str() {
                ":decline" => return Answer::Decline,
                ":cancel" => return Answer::Cancel,
                _ => {}
            }
            if input.is_empty() {
                if let Some(default) = prop.get("default") {
                    content.insert(name.clone(), default.clone());
                    break;
                }
                if !required.contains(&name) {
                    break;
                }
                println!("[client] |   this field is required");
                continue;
            }
            let value = if is_multi(&prop) {
                Value::from(input.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| pick(s, &choices)).collect::<Vec<_>>())
            } else if is_select(&prop) {
                Value::from(pick(&input, &choices))
            } else {
                match prop.get("type").and_then(Value::as_str) {
                    Some("integer") => match input.parse::<i64>() {
                        Ok(n) => Value::from(n),
                        Err(_) => {
                            println!("[client] |   not a whole number");
                            continue;
                        }
                    },
                    Some("number") => match input.parse::<f64>().ok().and_then(serde_json::Number::from_f64) {
                        Some(x) => Value::Number(x),
                        None => {
                            println!("[client] |   not a number");
                            continue;
                        }
                    },
                    Some("boolean") => match input.to_ascii_lowercase().as_str() {
                        "y" | "yes" | "true" | "1" => Value::Bool(true),
                        "n" | "no" | "false" | "0" => Value::Bool(false),
                        _ => {
                            println!("[client] |   answer yes or no");
                            continue;
                        }
                    },
                    _ => Value::from(input),
                }
            };
            content.insert(name.clone(), value);
            break;
        }
    }
    println!("[client] +--- submitting");
    Answer::Accept(content)
}

/// URL mode: shows the message and the page's address and asks whether to open it.
/// Opening it is consent (`accept`), not completion: the user finishes on the page.
pub(crate) fn prompt_url(message: &str, url: &str) -> ElicitationAction {
    println!("\n[client] +--- the server asks you to open a page: {}", shown(message));
    println!("[client] |   {}", shown(url));
    println!("[client] | Open it? [Y/n] (:decline, :cancel)");
    loop {
        let Some(input) = read_line("[client] | > ") else {
            println!("\n[client] end of input: cancelling the request");
            return ElicitationAction::Cancel;
        };
        match input.to_ascii_lowercase().as_str() {
            "" | "y" | "yes" => return ElicitationAction::Accept,
            "n" | "no" | ":decline" => return ElicitationAction::Decline,
            ":cancel" => return ElicitationAction::Cancel,
            _ => println!("[client] |   answer yes or no"),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn options_are_read_from_every_shape() {
        let titled = json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}]});
        let legacy = json!({"type": "string", "enum": ["a"], "enumNames": ["A"]});
        let multi = json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}});
        for prop in [&titled, &legacy, &multi["items"]] {
            assert_eq!(options(prop), vec![("a".to_owned(), "A".to_owned())]);
        }
        assert_eq!(pick("1", &options(&titled)), "a");
        assert_eq!(pick("a", &options(&titled)), "a");
        assert_eq!(pick("zzz", &options(&titled)), "zzz");
    }

    #[test]
    fn what_the_server_wrote_is_printed_never_obeyed() {
        // A URL with another drawn over it: erase the line, back to its start, the decoy.
        let url = "https://evil.example/x\u{1b}[2K\rhttps://bank.example/login";
        assert_eq!(shown(url), "https://evil.example/x\\u{1b}[2K\\u{d}https://bank.example/login");
        // A window title (OSC), an 8-bit CSI, DEL, a right-to-left override and a zero-width
        // space: every one escaped, nothing else touched.
        let cases = [
            ("\u{1b}]0;title\u{7}", "\\u{1b}]0;title\\u{7}"),
            ("a\u{9b}31mb\u{7f}", "a\\u{9b}31mb\\u{7f}"),
            ("moc.knab\u{202e}//:sptth", "moc.knab\\u{202e}//:sptth"),
            ("ba\u{200b}nk", "ba\\u{200b}nk"),
            ("Café, 東京, naïve — ok", "Café, 東京, naïve — ok"),
        ];
        for (text, expected) in cases {
            assert_eq!(shown(text), expected, "{text:?}");
            assert!(!shown(text).chars().any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)), "{text:?}");
        }
    }
}
