//! `pattern = "..."` is a JSON Schema `pattern`, an ECMA-262 regular expression: the
//! client compiles it (with JavaScript's `RegExp`, in `u` mode, as JSON Schema validators
//! do) and the runtime checks answers with the regex crate. A pattern must therefore mean
//! the same in both. `regex_syntax` checks the regex crate's side; [`rust_only`] refuses
//! what the regex crate reads but ECMA-262 does not (inline flags, `(?P<name>`, `\A`,
//! `\z`, POSIX and nested classes, class set operations, stacked quantifiers...), each
//! with the ECMA-262 way to write it. [`matches`] tells whether a `default` matches its
//! `pattern`, as the runtime will when the user keeps it.

use std::cell::Cell;

use regex_syntax::hir::{Class, Hir, HirKind, Look, Repetition};

/// General categories and binary properties ECMA-262 accepts as `\p{Name}`, without a
/// `Script=` prefix (the common ones; anything with `=` is left to the client).
const UNICODE_NAMES: &[&str] = &[
    "L", "Lu", "Ll", "Lt", "LC", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
    "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Cs", "Co", "Cn", "Letter", "Cased_Letter", "Uppercase_Letter",
    "Lowercase_Letter", "Titlecase_Letter", "Modifier_Letter", "Other_Letter", "Mark", "Number", "Decimal_Number", "Letter_Number",
    "Other_Number", "Punctuation", "Symbol", "Separator", "Space_Separator", "Other", "Control", "Format", "Alphabetic", "Any", "ASCII",
    "Lowercase", "Uppercase", "White_Space", "Emoji", "Math", "Hex_Digit", "ASCII_Hex_Digit", "Ideographic",
];

/// The first construct of `pattern` that the regex crate accepts and ECMA-262 does not
/// (or reads differently), as a message that says how to write it. `pattern` has
/// already been parsed by `regex_syntax`.
pub fn rust_only(pattern: &str) -> Option<String> {
    let chars: Vec<char> = pattern.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let mut i = 0;
    // Inside a character class: `[...]`.
    let mut class = false;
    // The previous token was a quantifier (and its lazy `?`, if any, is consumed).
    let mut quantified = false;
    while let Some(c) = at(i) {
        let mut quantifier = false;
        match c {
            '\\' => {
                let e = at(i + 1).unwrap_or('\\');
                let problem = match e {
                    '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '/' => None,
                    '-' if class => None,
                    'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'f' | 'n' | 'r' | 't' | 'v' | 'u' => None,
                    'b' | 'B' if at(i + 2) == Some('{') => Some(format!("`\\{e}{{...}}` is regex-crate syntax; ECMA-262 has only `\\b` and `\\B`")),
                    'b' | 'B' => None,
                    'x' if at(i + 2) == Some('{') => Some("`\\x{...}` is regex-crate syntax; ECMA-262 writes `\\xHH` or `\\u{HHHH}`".to_owned()),
                    'x' => None,
                    'p' | 'P' if at(i + 2) == Some('{') => {
                        let name: String = chars[i + 3..].iter().take_while(|&&c| c != '}').collect();
                        (!name.contains('=') && !UNICODE_NAMES.contains(&name.as_str())).then(|| {
                            format!("`\\{e}{{{name}}}` is not a Unicode property ECMA-262 knows by that name; write a script as `\\{e}{{Script={name}}}`, a category with its short name, such as `\\{e}{{L}}`")
                        })
                    }
                    'p' | 'P' => Some(format!("`\\{e}{}` is regex-crate syntax; ECMA-262 writes `\\{e}{{{}}}`", at(i + 2).unwrap_or('L'), at(i + 2).unwrap_or('L'))),
                    'A' => Some("`\\A` is regex-crate syntax; ECMA-262 writes the start of the text `^`".to_owned()),
                    'z' => Some("`\\z` is regex-crate syntax; ECMA-262 writes the end of the text `$`".to_owned()),
                    'a' => Some("`\\a` is regex-crate syntax; ECMA-262 writes the bell character `\\x07`".to_owned()),
                    'U' => Some("`\\U` is regex-crate syntax; ECMA-262 writes `\\u{HHHH}`".to_owned()),
                    '<' | '>' => Some(format!("`\\{e}` is regex-crate syntax; ECMA-262 has only the word boundary `\\b`")),
                    other => Some(format!("`\\{other}` is not an escape in ECMA-262; write `{other}` without the backslash")),
                };
                if problem.is_some() {
                    return problem;
                }
                i += 2;
                quantified = false;
                continue;
            }
            '[' if class && at(i + 1) == Some(':') => {
                return Some("`[:name:]` (a POSIX class) is regex-crate syntax; ECMA-262 reads it as the characters `:`, `n`, `a`... write the characters, such as `[A-Za-z]` for `[:alpha:]`".to_owned());
            }
            '[' if class => {
                return Some("a `[` inside a character class opens a nested class in the regex crate but is a plain `[` in ECMA-262; write `\\[`".to_owned());
            }
            '[' => {
                class = true;
                quantified = false;
                i += 1;
                if at(i) == Some('^') {
                    i += 1;
                }
                if at(i) == Some(']') {
                    return Some("a `]` first in a character class is a plain `]` in the regex crate but ends an empty class in ECMA-262; write `\\]`".to_owned());
                }
                continue;
            }
            ']' if class => class = false,
            '&' | '-' | '~' if class && at(i + 1) == Some(c) => {
                return Some(format!("`{c}{c}` in a character class is a set operation in the regex crate but two plain `{c}` in ECMA-262; write the class out, or escape them as `\\{c}`"));
            }
            '(' if !class && at(i + 1) == Some('?') => match at(i + 2) {
                // `(?:` and `(?<name>`: the `?` is not a quantifier.
                Some(':' | '<') => {
                    i += 3;
                    quantified = false;
                    continue;
                }
                Some('P') => return Some("`(?P<name>...)` is regex-crate syntax; ECMA-262 writes a named group `(?<name>...)`".to_owned()),
                _ => {
                    return Some(
                        "inline flags such as `(?i)` are regex-crate syntax; a JSON Schema pattern has no flags: write the cases out, such as `[Aa]`".to_owned(),
                    );
                }
            },
            '*' | '+' | '?' if !class => quantifier = true,
            '{' if !class && at(i + 1).is_some_and(|c| c.is_ascii_digit()) => {
                quantifier = true;
                while at(i).is_some_and(|c| c != '}') {
                    i += 1;
                }
            }
            _ => {}
        }
        if quantifier {
            if quantified {
                return Some("a quantifier right after another (`a++`, `a{2}*`) is refused by ECMA-262; group the first one: `(?:a+)+`".to_owned());
            }
            i += 1;
            // The lazy `?` belongs to the quantifier.
            if at(i) == Some('?') {
                i += 1;
            }
            quantified = true;
            continue;
        }
        quantified = false;
        i += 1;
    }
    None
}

/// Whether `text` contains a match of `pattern` (JSON Schema's `pattern` is not
/// anchored), as the runtime decides it: read through the shared
/// `rules::ecma::for_regex_crate` (ECMA-262's ASCII `\d` and `\w`), then matched as the
/// regex crate would. `None` when that cannot be told here: a construct the matcher below
/// does not know, or a pattern that backtracks too long on `text`.
pub fn matches(pattern: &str, text: &str) -> Option<bool> {
    let hir = crate::rules::ecma::for_regex_crate(pattern, |p| regex_syntax::Parser::new().parse(p).map_err(drop)).ok()?;
    let m = Matcher { text: text.as_bytes(), fuel: Cell::new(100_000), unknown: Cell::new(false) };
    let found = (0..=text.len()).filter(|&at| text.is_char_boundary(at)).any(|at| m.go(&hir, at, &mut |_| true));
    (!m.unknown.get()).then_some(found)
}

/// A backtracking matcher over the parsed pattern, for one short default: each node
/// calls the continuation `k` with every position where it can end.
struct Matcher<'t> {
    text: &'t [u8],
    fuel: Cell<u32>,
    /// Set when the answer cannot be trusted (out of fuel, or an assertion not handled).
    unknown: Cell<bool>,
}

impl Matcher<'_> {
    fn go(&self, hir: &Hir, at: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
        if self.unknown.get() {
            return false;
        }
        match self.fuel.get().checked_sub(1) {
            Some(left) => self.fuel.set(left),
            None => {
                self.unknown.set(true);
                return false;
            }
        }
        let rest = &self.text[at..];
        match hir.kind() {
            HirKind::Empty => k(at),
            HirKind::Literal(lit) => rest.starts_with(&lit.0) && k(at + lit.0.len()),
            HirKind::Class(Class::Unicode(class)) => {
                let Some(c) = utf8_prefix(&rest[..rest.len().min(4)]).chars().next() else {
                    return false;
                };
                class.ranges().iter().any(|r| r.start() <= c && c <= r.end()) && k(at + c.len_utf8())
            }
            HirKind::Class(Class::Bytes(class)) => {
                rest.first().is_some_and(|&b| class.ranges().iter().any(|r| r.start() <= b && b <= r.end())) && k(at + 1)
            }
            HirKind::Look(look) => match self.look(*look, at) {
                Some(true) => k(at),
                Some(false) => false,
                None => {
                    self.unknown.set(true);
                    false
                }
            },
            HirKind::Capture(capture) => self.go(&capture.sub, at, k),
            HirKind::Concat(hirs) => self.concat(hirs, at, k),
            HirKind::Alternation(hirs) => hirs.iter().any(|hir| self.go(hir, at, &mut *k)),
            HirKind::Repetition(rep) => self.repeat(rep, 0, at, k),
        }
    }

    fn concat(&self, hirs: &[Hir], at: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
        match hirs.split_first() {
            None => k(at),
            Some((first, rest)) => self.go(first, at, &mut |next| self.concat(rest, next, &mut *k)),
        }
    }

    /// `count` repetitions done, ending at `at`. A repetition past the minimum must
    /// consume something, so that `(a*)*` ends.
    fn repeat(&self, rep: &Repetition, count: u32, at: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
        if count < rep.min {
            return self.go(&rep.sub, at, &mut |next| self.repeat(rep, count + 1, next, &mut *k));
        }
        let more = rep.max.is_none_or(|max| count < max) && self.go(&rep.sub, at, &mut |next| next != at && self.repeat(rep, count + 1, next, &mut *k));
        more || k(at)
    }

    fn look(&self, look: Look, at: usize) -> Option<bool> {
        let before = std::str::from_utf8(&self.text[..at]).ok()?.chars().next_back();
        let after = std::str::from_utf8(&self.text[at..]).ok()?.chars().next();
        let ascii = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let unicode = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        Some(match look {
            Look::Start => at == 0,
            Look::End => at == self.text.len(),
            Look::WordAscii => ascii(before) != ascii(after),
            Look::WordAsciiNegate => ascii(before) == ascii(after),
            Look::WordUnicode => unicode(before) != unicode(after),
            Look::WordUnicodeNegate => unicode(before) == unicode(after),
            _ => return None,
        })
    }
}

/// The longest valid UTF-8 prefix of `b` (a window on the text, which starts at a char
/// boundary and may end inside a char).
fn utf8_prefix(b: &[u8]) -> &str {
    match std::str::from_utf8(b) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&b[..e.valid_up_to()]).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_matched_as_the_runtime_matches_answers() {
        let cases = [
            ("^[0-9]+$", "123", true),
            ("^[0-9]+$", "abc", false),
            ("^[0-9]+$", "12a", false),
            (r"^\d{5}$", "12345", true),
            (r"^\d{5}$", "١٢٣٤٥", false),
            (r"^\w+$", "héllo", false),
            ("b", "abc", true),
            ("^(?:ab|cd){2,3}$", "abcdab", true),
            ("^(?:ab|cd){2,3}$", "ab", false),
            ("^(a*)*b$", "aaab", true),
            ("^(a?){3}$", "a", true),
            (r"\bcat\b", "a cat sat", true),
            (r"\bcat\b", "concatenate", false),
            ("^.$", "é", true),
            ("^[^a-z]*$", "ABC", true),
            ("", "", true),
            ("^$", "x", false),
        ];
        for (pattern, text, want) in cases {
            assert_eq!(matches(pattern, text), Some(want), "{pattern} on {text:?}");
        }
    }

    #[test]
    fn a_pattern_that_backtracks_too_long_is_not_judged() {
        assert_eq!(matches("^(a|a)*(a|a)*(a|a)*(a|a)*b$", &"a".repeat(40)), None);
    }

    #[test]
    fn patterns_of_both_dialects_are_accepted() {
        for p in [
            "^[a-z]+$", r"^\d{5}(-\d{4})?$", r"^[\w.+-]+@[\w-]+\.[\w.]+$", r"a+?b*?c??", r"^(?:ab|cd){2,3}$", r"(?<year>\d{4})", r"\p{L}+",
            r"\p{Script=Greek}", r"[\-\]\\]", r"\u{1F600}", r"\x41\u0041", r"\bword\B", r"[^\s]", "a{2}b{1,}c{1,3}?", r"\/", "", "(?:a)?b", "(?<n>a)+", "[a-z]+[0-9]*",
        ] {
            assert_eq!(rust_only(p), None, "{p}");
        }
    }

    #[test]
    fn regex_crate_only_syntax_is_refused() {
        for p in [
            "(?i)abc", "(?i:abc)", "(?x) a", "(?P<x>a)", r"\Aabc\z", r"\a", r"\U0001F600", r"\x{41}", r"\pL", r"\p{Greek}", r"\<word\>",
            r"\b{start}", "[[:alpha:]]", "[a[b]]", "[]a]", "[^]a]", "[a&&b]", "[a--b]", "[a~~b]", "a++", "a{2}*", "a+??", r"\#", r"\ ",
            r"a\-b",
        ] {
            assert!(rust_only(p).is_some(), "{p} should be refused");
            assert!(regex_syntax::Parser::new().parse(p).is_ok(), "{p} is valid for the regex crate");
        }
    }
}
