//! The page's HTML, rendered from the form: one document per answer, no script, one
//! style (allowed by its hash), every text escaped.

use std::fmt::Write as _;
use std::sync::LazyLock;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest as _, Sha256};

use super::body::{CSRF_FIELD, Submitted, is_checkbox};
use super::texts::{PageTexts, SLOTS};
use crate::form::{FieldSchema, FormOptions, Format, FormSchema, Kind, Literal, OptionList};

/// The page's only style, inline, allowed by the policy through its hash.
const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}\
.field{margin:1.25rem 0}label,legend{display:block;font-weight:600}.hint{font-weight:400;color:#555;font-size:.9em}\
.description{margin:.2rem 0;color:#444}input[type=text],input[type=password],input[type=email],input[type=url],input[type=number],input[type=date],select\
{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}fieldset{border:1px solid #ccc;padding:.5rem 1rem}\
.choice{display:block;font-weight:400}.problem{color:#a40000;font-weight:600;margin:.2rem 0}\
[aria-invalid=true]{border:2px solid #a40000}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}.who{color:#555}";

/// The `Content-Security-Policy` of every page: nothing but this style, the form posting
/// to this origin, never framed.
pub(crate) static CSP: LazyLock<String> = LazyLock::new(|| {
    let hash = STANDARD.encode(Sha256::digest(STYLE.as_bytes()));
    format!("default-src 'none'; style-src 'sha256-{hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
});

/// Escapes text for HTML element content and quoted attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A template of the page's texts as HTML: its text escaped, each slot replaced by its
/// HTML, in one pass (the HTML put in is never read for slots).
fn fill(template: &str, html: &[&str]) -> String {
    let mut out = String::with_capacity(template.len() + html.iter().map(|h| h.len()).sum::<usize>());
    let mut text = String::new();
    for c in template.chars() {
        match SLOTS.iter().position(|s| *s == c) {
            Some(i) => {
                out.push_str(&escape(&std::mem::take(&mut text)));
                out.push_str(html.get(i).copied().unwrap_or_default());
            }
            None => text.push(c),
        }
    }
    out.push_str(&escape(&text));
    out
}

/// A whole document; `outcome` marks it for tests and styles (`data-outcome`).
pub(crate) fn document(texts: &PageTexts, title: &str, outcome: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"referrer\" content=\"no-referrer\">\
         <title>{title}</title><style>{STYLE}</style></head>\
         <body><main data-outcome=\"{outcome}\"><h1>{title}</h1>{body}</main></body></html>",
        lang = escape(&texts.lang),
        title = escape(title),
        outcome = escape(outcome),
    )
}

/// A page that says one thing (a refusal, the end): `text`, then `after` if any.
pub(crate) fn notice(texts: &PageTexts, title: &str, outcome: &str, text: &str, after: Option<&str>) -> String {
    let mut body = format!("<p id=\"outcome\">{}</p>", escape(text));
    if let Some(after) = after {
        let _ = write!(body, "<p>{}</p>", escape(after));
    }
    document(texts, title, outcome, &body)
}

/// A problem to show: under its field, or (`field` empty) above the form.
pub(crate) struct Shown<'a> {
    pub(crate) field: &'a str,
    pub(crate) text: String,
}

/// The form of one interaction, for `user`, under `heading` (else the page's own), its
/// run-time selects showing the options `offered`. `submitted`: what was sent, shown again
/// (never a secret); `problems`: why it was not taken.
#[allow(clippy::too_many_arguments)]
pub(crate) fn form(
    texts: &PageTexts,
    heading: Option<&str>,
    schema: &FormSchema,
    offered: Option<&dyn FormOptions>,
    user: &str,
    csrf: &str,
    submitted: Option<&Submitted>,
    problems: &[Shown<'_>],
) -> String {
    let mut body = String::new();
    let _ = write!(
        body,
        "<p>{intro}</p><p class=\"who\">{signed}</p>",
        intro = escape(&texts.intro),
        signed = fill(&texts.signed_in_as, &[&format!("<strong id=\"user\">{}</strong>", escape(user))]),
    );
    if !problems.is_empty() {
        let _ = write!(body, "<div id=\"problems\" role=\"alert\"><p class=\"problem\">{}</p>", escape(&texts.correct));
        for problem in problems.iter().filter(|p| p.field.is_empty()) {
            let _ = write!(body, "<p class=\"problem\">{}</p>", escape(&problem.text));
        }
        body.push_str("</div>");
    }
    let _ = write!(
        body,
        "<form id=\"elicit-form\" method=\"post\"><input type=\"hidden\" name=\"{CSRF_FIELD}\" value=\"{}\">",
        escape(csrf)
    );
    for field in schema.fields() {
        let sent = submitted.and_then(|s| s.raw.iter().find(|(f, _)| f.name() == field.name())).map(|(_, v)| v.as_slice());
        let own: Vec<&Shown<'_>> = problems.iter().filter(|p| p.field == field.name()).collect();
        let list = offered.filter(|_| field.is_runtime_select()).and_then(|o| o.list(field.name()));
        write_field(&mut body, texts, field, list, sent, &own);
    }
    let _ = write!(body, "<button id=\"submit\" type=\"submit\">{}</button></form>", escape(&texts.submit));
    document(texts, heading.unwrap_or(&texts.title), if problems.is_empty() { "form" } else { "invalid" }, &body)
}

/// The options of a select or multi-select as the page shows them: value, title (the
/// author's as given for a run-time select's `list`, else translated) and whether it is a
/// default.
fn choices<'a>(field: &'a FieldSchema, list: Option<&'a OptionList>, texts: &PageTexts) -> Vec<(&'a str, &'a str, bool)> {
    if let Some(list) = list {
        return list.values().iter().enumerate().map(|(i, v)| (v.as_str(), list.label(i), list.is_default(i))).collect();
    }
    let defaults: &[&str] = match field.default() {
        Some(Literal::List(items)) => items,
        Some(Literal::Str(value)) => std::slice::from_ref(value),
        _ => &[],
    };
    field
        .kind()
        .options()
        .unwrap_or_default()
        .iter()
        .map(|o| (o.value(), o.title_in(texts.locale).unwrap_or(o.value()), defaults.contains(&o.value())))
        .collect()
}

/// One field: its label (with required or optional), description, input and problems.
fn write_field(out: &mut String, texts: &PageTexts, field: &FieldSchema, list: Option<&OptionList>, sent: Option<&[String]>, problems: &[&Shown<'_>]) {
    let name = field.name();
    let id = format!("f-{}", escape(name));
    let label = escape(field.title_in(texts.locale).unwrap_or(name));
    let hint = format!("<span class=\"hint\">{}</span>", escape(if field.is_required() { &texts.required } else { &texts.optional }));
    // The title and the hint in the catalog's order and punctuation (`(required)`, `（必須）`).
    let titled = fill(&texts.label, &[&label, &hint]);
    let invalid = !problems.is_empty();
    let mut described = Vec::new();
    if field.description_in(texts.locale).is_some() {
        described.push(format!("d-{}", escape(name)));
    }
    if invalid {
        described.push(format!("e-{}", escape(name)));
    }
    let aria = format!(
        "{}{}",
        if described.is_empty() { String::new() } else { format!(" aria-describedby=\"{}\"", described.join(" ")) },
        if invalid { " aria-invalid=\"true\"" } else { "" }
    );
    // What the input shows: what was sent, else the default; never a secret.
    let value = |default: Option<&Literal>| -> Option<String> {
        if field.is_sensitive() {
            return None;
        }
        match sent {
            Some(sent) => sent.first().cloned(),
            None => default.and_then(literal_text),
        }
    };
    let required = if field.is_required() { " required" } else { "" };
    let description = field.description_in(texts.locale).map(|d| format!("<p class=\"description\" id=\"d-{}\">{}</p>", escape(name), escape(d))).unwrap_or_default();
    let _ = write!(out, "<div class=\"field\" id=\"field-{}\">", escape(name));
    match field.kind() {
        Kind::MultiSelect(_) => {
            let _ = write!(out, "<fieldset{aria}><legend>{titled}</legend>{description}");
            for (i, (v, t, default)) in choices(field, list, texts).into_iter().enumerate() {
                let chosen = match sent {
                    Some(sent) => sent.iter().any(|s| s == v),
                    None => default,
                };
                let checked = if chosen { " checked" } else { "" };
                let _ = write!(
                    out,
                    "<label class=\"choice\" for=\"{id}-{i}\"><input type=\"checkbox\" id=\"{id}-{i}\" name=\"{n}\" value=\"{v}\"{checked}> {t}</label>",
                    n = escape(name),
                    v = escape(v),
                    t = escape(t),
                );
            }
            out.push_str("</fieldset>");
        }
        Kind::Boolean if is_checkbox(field) => {
            let on = match sent {
                Some(sent) => sent.first().is_some_and(|v| v == "true"),
                None => matches!(field.default(), Some(Literal::Bool(true))),
            };
            let _ = write!(
                out,
                "<label for=\"{id}\"><input type=\"checkbox\" id=\"{id}\" name=\"{n}\" value=\"true\"{c}{aria}> {label}</label>{description}",
                n = escape(name),
                c = if on { " checked" } else { "" },
            );
        }
        Kind::Boolean | Kind::Select(_) => {
            let options: Vec<(&str, &str, bool)> = match field.kind() {
                Kind::Select(_) => choices(field, list, texts),
                _ => vec![("true", &texts.yes, false), ("false", &texts.no, false)],
            };
            let current = match (sent, list) {
                (None, Some(_)) => options.iter().find(|(_, _, default)| *default).map(|(v, _, _)| (*v).to_owned()),
                _ => value(field.default()),
            };
            let _ = write!(
                out,
                "<label for=\"{id}\">{titled}</label>{description}<select id=\"{id}\" name=\"{n}\"{required}{aria}>",
                n = escape(name)
            );
            let _ = write!(out, "<option value=\"\">{}</option>", escape(&texts.no_choice));
            for (v, t, _) in options {
                let selected = if current.as_deref() == Some(v) { " selected" } else { "" };
                let _ = write!(out, "<option value=\"{}\"{selected}>{}</option>", escape(v), escape(t));
            }
            out.push_str("</select>");
        }
        kind => {
            let mut attrs = String::new();
            let input = match kind {
                Kind::String(_) if field.is_sensitive() => "password",
                Kind::String(rules) => match rules.format {
                    Some(Format::Email) => "email",
                    Some(Format::Uri) => "url",
                    Some(Format::Date) => "date",
                    _ => "text",
                },
                _ => "number",
            };
            match kind {
                Kind::String(rules) => {
                    if let Some(n) = rules.min_length {
                        let _ = write!(attrs, " minlength=\"{n}\"");
                    }
                    if let Some(n) = rules.max_length {
                        let _ = write!(attrs, " maxlength=\"{n}\"");
                    }
                    if let Some(pattern) = rules.pattern.and_then(html_pattern) {
                        let _ = write!(attrs, " pattern=\"{}\"", escape(&pattern));
                    }
                    if let Some(hint) = crate::form::translated(rules.pattern_hints, texts.locale).or(rules.pattern_hint) {
                        let _ = write!(attrs, " placeholder=\"{}\"", escape(hint));
                    } else if rules.format == Some(Format::DateTime) {
                        attrs.push_str(" placeholder=\"2026-01-31T09:30:00Z\"");
                    }
                    if field.is_sensitive() {
                        attrs.push_str(" autocomplete=\"off\" spellcheck=\"false\"");
                    }
                }
                Kind::Integer(rules) => {
                    let min = rules.minimum.unwrap_or(rules.type_min).max(-crate::form::JSON_SAFE_INTEGER);
                    let max = rules.maximum.unwrap_or(rules.type_max).min(crate::form::JSON_SAFE_INTEGER);
                    let _ = write!(attrs, " step=\"1\" min=\"{min}\" max=\"{max}\" inputmode=\"numeric\"");
                }
                Kind::Number(rules) => {
                    attrs.push_str(" step=\"any\"");
                    if let Some(min) = rules.minimum.as_ref().and_then(literal_text) {
                        let _ = write!(attrs, " min=\"{min}\"");
                    }
                    if let Some(max) = rules.maximum.as_ref().and_then(literal_text) {
                        let _ = write!(attrs, " max=\"{max}\"");
                    }
                }
                _ => {}
            }
            let shown = value(field.default()).map(|v| format!(" value=\"{}\"", escape(&v))).unwrap_or_default();
            let _ = write!(
                out,
                "<label for=\"{id}\">{titled}</label>{description}\
                 <input type=\"{input}\" id=\"{id}\" name=\"{n}\"{shown}{required}{attrs}{aria}>",
                n = escape(name)
            );
        }
    }
    for (i, problem) in problems.iter().enumerate() {
        let anchor = if i == 0 { format!(" id=\"e-{}\"", escape(name)) } else { String::new() };
        let _ = write!(out, "<p class=\"problem\"{anchor}>{}</p>", escape(&problem.text));
    }
    if invalid && field.is_sensitive() {
        let _ = write!(out, "<p class=\"problem\">{}</p>", escape(&texts.secret_not_kept));
    }
    out.push_str("</div>");
}

/// Writes our escape `\e` as JavaScript reads it, where `escapable` is what JavaScript lets
/// this place (a class, or outside one) escape: `Some(true)` for a class shorthand or a
/// control character (`\s`, `\n`), `Some(false)` for a literal, `None` where the two would
/// read it differently (`\d`, `\w` and `\b` are Unicode in ours, ASCII in JavaScript).
fn write_escape(e: char, escapable: &str, out: &mut String) -> Option<bool> {
    match e {
        e if escapable.contains(e) => {
            out.push('\\');
            out.push(e);
            Some(false)
        }
        // `\-`, `\#`: a literal in ours, a syntax error in JavaScript's `u`/`v` modes.
        e if e.is_ascii_punctuation() => {
            out.push(e);
            Some(false)
        }
        's' | 'S' | 'n' | 't' | 'r' => {
            out.push('\\');
            out.push(e);
            Some(true)
        }
        _ => None,
    }
}

/// The form's pattern as an HTML `pattern` attribute that means the same, if there is one.
///
/// The browser matches the whole value (`^(?:…)$`) with a JavaScript regular expression
/// in `v` mode; ours (the `regex` crate) need only match somewhere. So only a pattern
/// anchored at both ends, with no alternative at its top level, goes to the browser, and
/// only in the syntax both read alike: `v` mode refuses a class such as `[a-z0-9-]`
/// (its `-` must be escaped there) and then drops the whole check, and `\d`, `\w` and
/// `\b` are Unicode in ours but ASCII in JavaScript (the browser would refuse answers the
/// server takes). Characters `v` mode reserves in a class are escaped; anything else
/// (flags, named groups, Unicode classes, class set operations) leaves the check to the
/// server alone, which always makes it.
fn html_pattern(pattern: &str) -> Option<String> {
    /// What `v` mode lets a class escape: its syntax characters and reserved punctuators.
    const CLASS_ESCAPABLE: &str = "^$\\.*+?()[]{}|/&-!#%,:;<=>@`~";
    /// What JavaScript lets a pattern escape outside a class (`u` and `v` modes).
    const SYNTAX: &str = "^$\\.*+?()[]{}|/";
    let inner = pattern.strip_prefix('^')?.strip_suffix('$')?;
    // `\$` at the end is a literal dollar, not the anchor.
    if inner.chars().rev().take_while(|c| *c == '\\').count() % 2 == 1 {
        return None;
    }
    let mut out = String::from("^");
    let mut chars = inner.chars().peekable();
    let mut depth = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                write_escape(chars.next()?, SYNTAX, &mut out)?;
            }
            '[' => {
                out.push('[');
                if chars.peek() == Some(&'^') {
                    chars.next();
                    out.push('^');
                }
                // A `]` first is a literal in ours, an empty class in JavaScript.
                if chars.peek() == Some(&']') {
                    return None;
                }
                let mut after_item = false;
                loop {
                    let c = chars.next()?;
                    match c {
                        ']' => break,
                        // Nested classes, POSIX classes: not the same in `v` mode.
                        '[' => return None,
                        // A class shorthand (`\s`) is no end of a range.
                        '\\' if write_escape(chars.next()?, CLASS_ESCAPABLE, &mut out)? => {
                            after_item = false;
                            continue;
                        }
                        '\\' => {}
                        // Class set operations of ours (`&&`, `--`, `~~`).
                        '&' | '-' | '~' if chars.peek() == Some(&c) => return None,
                        // A range between two characters; a literal `-` first or last.
                        '-' if after_item && chars.peek().is_some_and(|n| *n != ']') => {
                            out.push('-');
                            after_item = false;
                            continue;
                        }
                        c if CLASS_ESCAPABLE.contains(c) => {
                            out.push('\\');
                            out.push(c);
                        }
                        c => out.push(c),
                    }
                    after_item = true;
                }
                out.push(']');
            }
            '(' => {
                depth += 1;
                out.push('(');
                if chars.peek() == Some(&'?') {
                    // Only a group that does not capture; flags and names stay with us.
                    chars.next();
                    if chars.next()? != ':' {
                        return None;
                    }
                    out.push_str("?:");
                }
            }
            ')' => {
                depth = depth.checked_sub(1)?;
                out.push(')');
            }
            // `^a|b$` is "starts with a, or ends with b" in ours.
            '|' if depth == 0 => return None,
            // A counted repetition, copied as it is: `{2}`, `{2,}`, `{2,4}`.
            '{' => {
                out.push('{');
                loop {
                    match chars.next()? {
                        '}' => break,
                        c @ ('0'..='9' | ',') => out.push(c),
                        _ => return None,
                    }
                }
                out.push('}');
            }
            // Literals in ours, syntax errors on their own in `u` and `v` modes.
            ']' | '}' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    (depth == 0).then(|| out + "$")
}

/// A literal as the text of an input.
fn literal_text(literal: &Literal) -> Option<String> {
    match literal {
        Literal::Str(s) => Some((*s).to_owned()),
        Literal::Int(n) => Some(n.to_string()),
        Literal::Float(n) => Some(n.to_string()),
        Literal::Bool(b) => Some(b.to_string()),
        Literal::List(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::html_pattern;

    #[test]
    fn patterns_go_to_the_browser_only_as_they_mean_the_same() {
        for (ours, html) in [
            ("^sk_[A-Za-z0-9]+$", "^sk_[A-Za-z0-9]+$"),
            // `v` mode wants a literal `-` in a class escaped, and refuses `\-` outside one.
            ("^[a-z][a-z0-9-]*$", "^[a-z][a-z0-9\\-]*$"),
            ("^[-a-z]+\\-[0-9]{2,4}$", "^[\\-a-z]+-[0-9]{2,4}$"),
            ("^[^@ ]+@[^@ .]+\\.[a-z]{2,}$", "^[^\\@ ]+@[^\\@ \\.]+\\.[a-z]{2,}$"),
            ("^(?:ab|cd)+(x)?$", "^(?:ab|cd)+(x)?$"),
            ("^[a-z_(]+\\s?$", "^[a-z_\\(]+\\s?$"),
            ("^a]b}{2}$", "^a\\]b\\}{2}$"),
        ] {
            assert_eq!(html_pattern(ours).as_deref(), Some(html), "{ours}");
        }
        for ours in [
            "sk_[a-z]+",         // not anchored: ours matches anywhere
            "^a|b$",             // "starts with a, or ends with b"
            "^price\\$",          // the dollar is a literal
            "^\\d{4}$",            // Unicode digits in ours, ASCII in JavaScript
            "^\\w+$",
            "^(?i)abc$",          // flags
            "^(?P<y>[0-9]+)$",    // names
            "^[[:alpha:]]+$",    // POSIX classes
            "^[a-z&&[^x]]+$",    // class set operations
            "^[]a]$",
            "^\\p{L}+$",
            "^(a$",
            "^a{x}$",
        ] {
            assert_eq!(html_pattern(ours), None, "{ours}");
        }
    }
}
