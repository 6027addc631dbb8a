//! JSON Schema `pattern`s are ECMA-262 regular expressions; the runtime runs them with
//! the regex crate and the derive reads them with `regex-syntax`, its parser. Both read
//! a pattern through [`for_regex_crate`], so they agree on what it matches.

use std::borrow::Cow;

/// Compiles (or parses) `pattern` as ECMA-262 means it: with [`ecma_classes`] rewritten,
/// or, when `compile` refuses the rewrite, as written.
pub(crate) fn for_regex_crate<T, E>(pattern: &str, compile: impl Fn(&str) -> Result<T, E>) -> Result<T, E> {
    compile(&ecma_classes(pattern)).or_else(|_| compile(pattern))
}

/// JSON Schema writes patterns in the ECMA-262 dialect, whose `\d` and `\w` are ASCII
/// (`[0-9]`, `[A-Za-z0-9_]`); the regex crate's are Unicode-aware, so `^\d{5}$` would
/// accept `١٢٣٤٥`, which the client was told to refuse. Rewrite those four escapes (as the
/// `jsonschema` crate does); the rest of the syntax means the same in both dialects.
fn ecma_classes(pattern: &str) -> Cow<'_, str> {
    if !pattern.contains('\\') {
        return Cow::Borrowed(pattern);
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        // Inside a class too: the regex crate nests classes, `[\d.]` → `[[0-9].]`.
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[A-Za-z0-9_]"),
            Some('W') => out.push_str("[^A-Za-z0-9_]"),
            Some(escaped) => {
                out.push('\\');
                out.push(escaped);
            }
            None => out.push('\\'),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_classes_are_spelled_out_and_the_rest_is_kept() {
        assert_eq!(ecma_classes(r"^\d{5}$"), r"^[0-9]{5}$");
        assert_eq!(ecma_classes(r"[\w.]\W\D"), r"[[A-Za-z0-9_].][^A-Za-z0-9_][^0-9]");
        assert_eq!(ecma_classes(r"\\d\.\s"), r"\\d\.\s");
        assert!(matches!(ecma_classes("^[a-z]+$"), Cow::Borrowed("^[a-z]+$")));
        assert_eq!(ecma_classes("a\\"), "a\\");
    }

    #[test]
    fn a_pattern_is_read_as_written_when_its_rewrite_is_refused() {
        let read = |p: &str| for_regex_crate(p, |p| if p.contains("[0-9]") { Err(p.to_owned()) } else { Ok(p.to_owned()) });
        assert_eq!(read(r"\d"), Ok(r"\d".to_owned()));
        assert_eq!(read(r"\w"), Ok("[A-Za-z0-9_]".to_owned()));
    }
}
