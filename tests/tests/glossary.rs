//! The glossary of each shipped language, held by a test: every catalog defines the one
//! word for each thing the texts name as a Fluent term (`-field`, `-item`, `-option`,
//! `-choice`, `-form`, `-page`, `-key`, `-answer`), no message writes a term's word
//! itself (so that changing the word is one edit, in the term), none writes another
//! rendering the review refused (ja フィールド beside 項目, zh 可选项 beside 选项, the
//! calques of the relay's bounds), and each language's punctuation and spacing rules hold
//! in every message, every variant of every select included (French narrow no-break
//! spaces; Chinese and Japanese full-width punctuation; Japanese numbers tight against
//! the words and Latin words spaced from them; no Korean particle fixed after a variable).
//! The words and rules are listed in `elicit-runtime/docs/locale.md`.

use std::collections::BTreeMap;

use elicit_runtime::locale::SHIPPED;
use fluent_syntax::ast::{self, Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser::parse;

/// The things every catalog names with a term.
const TERMS: [&str; 8] = ["field", "item", "option", "choice", "form", "page", "key", "answer"];

/// What stands for a variable whose value is a number (`$min`, `$count`): the spacing
/// rules of numbers apply to it.
const NUMBER: char = '\u{E001}';
/// What stands for any other variable, a term (in the literal text), or code that holds
/// a variable: opaque.
const OPAQUE: char = '\u{E000}';
/// What stands for fixed code or a JSON word (`answers`, "accept").
const CODE: char = '\u{E002}';

/// The variables that hold numbers.
/// (`$found` is left out: it is a JSON type's word in `problem-wrong-type`.)
const NUMERIC: [&str; 14] = ["n", "min", "max", "minimum", "maximum", "length", "min_length", "max_length", "min_items", "max_items", "count", "others", "index", "bound"];

/// One language's glossary rules.
struct Rules {
    tag: &'static str,
    /// Renderings the review refused, each with the glossary's word to write instead.
    refused: &'static [(&'static str, &'static str)],
    /// Text that holds a term's word in another sense (a verb, a measure word), allowed
    /// where it is written: `NUMBER` and `OPAQUE` stand for a number and a variable.
    other_senses: &'static [&'static str],
}

const RULES: [Rules; 7] = [
    Rules { tag: "en", refused: &[("this many", "a count before its noun"), ("entry", "item"), ("entries", "items")], other_senses: &[] },
    Rules {
        tag: "zh-Hans",
        refused: &[("可选项", "选项"), ("可选值", "选项"), ("选择项", "选项"), ("条目", "项"), ("表格", "表单"), ("答案", "回答"), ("这么多", "a count before its noun")],
        // 项 is the measure word of a count as well as a list's item.
        other_senses: &["\u{E001} 项"],
    },
    Rules {
        tag: "ko",
        refused: &[("필드", "항목"), ("아이템", "요소"), ("옵션", "선택지"), ("폼", "양식")],
        // 선택하다 (to choose) and 선택 입력 (optional) are built on the word for a choice.
        other_senses: &["선택하", "선택해", "선택되", "선택됨", "선택 입력"],
    },
    Rules {
        tag: "ja",
        refused: &[("フィールド", "項目"), ("アイテム", "要素"), ("オプション", "選択肢"), ("最小", "a count before its noun"), ("最大", "a count before its noun")],
        other_senses: &[],
    },
    Rules {
        tag: "de",
        refused: &[("erhalten:", "(angegeben: …) or (aktuell …)"), ("warte darauf", "Es wird gewartet"), ("so viele", "a count before its noun"), ("Wahlmöglichkeit", "Option"), ("Element", "Eintrag")],
        other_senses: &[],
    },
    Rules {
        tag: "fr",
        refused: &[("ce nombre de", "a count before its noun"), ("rubrique", "champ"), ("entrée", "élément")],
        other_senses: &[],
    },
    Rules {
        tag: "es",
        refused: &[("esta cantidad de", "a count before its noun"), ("de como máximo", "no mayor que"), ("de al menos", "no menor que"), ("ítem", "elemento")],
        other_senses: &[],
    },
];

/// A catalog read: its terms (each rendering) and its messages.
struct Catalog<'s> {
    terms: BTreeMap<String, &'s ast::Term<&'s str>>,
    messages: Vec<(&'s str, &'s Pattern<&'s str>)>,
}

fn read(ftl: &str) -> Catalog<'_> {
    let resource = parse(ftl).unwrap_or_else(|(_, errors)| panic!("the catalog parses: {errors:?}"));
    let resource = Box::leak(Box::new(resource));
    let mut catalog = Catalog { terms: BTreeMap::new(), messages: Vec::new() };
    for entry in &resource.body {
        match entry {
            Entry::Term(term) => {
                catalog.terms.insert(term.id.name.to_owned(), term);
            }
            Entry::Message(message) => {
                if let Some(value) = &message.value {
                    catalog.messages.push((message.id.name, value));
                }
            }
            _ => {}
        }
    }
    catalog
}

/// Every text a pattern can write, one per path through its selects. In the literal
/// text (`rendered` false) a term is opaque; rendered, it is its word (the variant its
/// arguments choose).
fn texts(pattern: &Pattern<&str>, catalog: &Catalog<'_>, rendered: bool, term_arg: Option<&str>) -> Vec<String> {
    let mut out = vec![String::new()];
    for element in &pattern.elements {
        let pieces: Vec<String> = match element {
            PatternElement::TextElement { value } => vec![(*value).to_owned()],
            PatternElement::Placeable { expression } => expression_texts(expression, catalog, rendered, term_arg),
        };
        out = out.iter().flat_map(|start| pieces.iter().map(move |piece| format!("{start}{piece}"))).collect();
    }
    out
}

fn expression_texts(expression: &Expression<&str>, catalog: &Catalog<'_>, rendered: bool, term_arg: Option<&str>) -> Vec<String> {
    match expression {
        // Inside a term, the select on its own argument takes the variant asked for.
        Expression::Select { variants, .. } if term_arg.is_some() => {
            let chosen = variants.iter().find(|v| Some(key(&v.key).as_str()) == term_arg).or_else(|| variants.iter().find(|v| v.default));
            chosen.map(|v| texts(&v.value, catalog, rendered, term_arg)).unwrap_or_default()
        }
        Expression::Select { variants, .. } => variants.iter().flat_map(|v| texts(&v.value, catalog, rendered, term_arg)).collect(),
        Expression::Inline(inline) => vec![inline_text(inline, catalog, rendered)],
    }
}

fn key(key: &ast::VariantKey<&str>) -> String {
    match key {
        ast::VariantKey::Identifier { name } => (*name).to_owned(),
        ast::VariantKey::NumberLiteral { value } => (*value).to_owned(),
    }
}

fn inline_text(inline: &InlineExpression<&str>, catalog: &Catalog<'_>, rendered: bool) -> String {
    match inline {
        InlineExpression::StringLiteral { value } => (*value).to_owned(),
        InlineExpression::VariableReference { id } if NUMERIC.contains(&id.name) => NUMBER.to_string(),
        InlineExpression::TermReference { id, arguments, .. } if rendered => {
            let Some(term) = catalog.terms.get(id.name) else { return OPAQUE.to_string() };
            let arg = arguments.as_ref().and_then(|a| a.named.first()).and_then(|n| match &n.value {
                InlineExpression::StringLiteral { value } => Some(*value),
                _ => None,
            });
            texts(&term.value, catalog, true, Some(arg.unwrap_or("\u{0}"))).into_iter().next().unwrap_or_default()
        }
        _ => OPAQUE.to_string(),
    }
}

/// The terms a pattern names, in every variant.
fn term_references<'s>(pattern: &Pattern<&'s str>, out: &mut Vec<&'s str>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            match expression {
                Expression::Select { variants, .. } => variants.iter().for_each(|v| term_references(&v.value, out)),
                Expression::Inline(InlineExpression::TermReference { id, .. }) => out.push(id.name),
                Expression::Inline(_) => {}
            }
        }
    }
}

/// Every rendering of a term (each variant's word).
fn renderings(term: &ast::Term<&str>, catalog: &Catalog<'_>) -> Vec<String> {
    let mut words = texts(&term.value, catalog, false, None);
    words.retain(|w| !w.trim().is_empty());
    words.iter().map(|w| w.trim().to_owned()).collect()
}

/// `text` with code (between backquotes) and JSON words (between ASCII double quotes)
/// left out: they are wire names, written the same in every language. Code that holds a
/// variable stands as a variable (`OPAQUE`), fixed code as `CODE`, whose sound is known.
fn without_code(text: &str) -> String {
    let mut out = String::new();
    let mut open: Option<(char, bool)> = None;
    for c in text.chars() {
        match (open, c) {
            (None, '`' | '"') => open = Some((c, false)),
            (Some((q, variable)), c) if c == q => {
                open = None;
                out.push(if variable { OPAQUE } else { CODE });
            }
            (Some((q, _)), c) if c == OPAQUE || c == NUMBER => open = Some((q, true)),
            (Some(_), _) => {}
            (None, c) => out.push(c),
        }
    }
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}' | '\u{ff01}'..='\u{ff5e}' | '\u{3000}'..='\u{303f}')
}

/// Whether `text` holds `word` as a word: anywhere for CJK, between non-letters otherwise.
fn holds_word(text: &str, word: &str) -> bool {
    if word.chars().any(is_cjk) {
        return text.contains(word);
    }
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() && !is_cjk(c));
    text.match_indices(word).any(|(at, _)| !letter(text[..at].chars().next_back()) && !letter(text[at + word.len()..].chars().next()))
}

/// What breaks the language's punctuation and spacing rules in one rendered text.
fn broken_rules(tag: &str, text: &str) -> Vec<String> {
    let mut broken = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    match tag {
        "fr" => {
            for (i, &c) in chars.iter().enumerate() {
                let before = i.checked_sub(1).map(|j| chars[j]);
                if matches!(c, ':' | ';' | '!' | '?' | '»') && before != Some('\u{202f}') {
                    broken.push(format!("`{c}` without a narrow no-break space (U+202F) before it"));
                }
                if c == '«' && chars.get(i + 1) != Some(&'\u{202f}') {
                    broken.push("`«` without a narrow no-break space (U+202F) after it".into());
                }
                if c == '\'' {
                    broken.push("a straight apostrophe (write ’)".into());
                }
            }
        }
        "ja" | "zh-Hans" => {
            for (i, &c) in chars.iter().enumerate() {
                if matches!(c, ',' | ':' | ';' | '(' | ')' | '!' | '?') {
                    broken.push(format!("the half-width `{c}` (write it full-width)"));
                }
                let next = chars.get(i + 1).copied();
                let after_space = chars.get(i + 2).copied();
                let latin = |c: char| c.is_ascii_alphabetic();
                // A variable's number; in Chinese, written digits too (a number inside a Latin
                // name, `RFC 3339`, is the name's).
                let digit = |c: char| c == NUMBER || tag == "zh-Hans" && c.is_ascii_digit();
                if let Some(n) = next {
                    if (latin(c) && is_cjk(n) && !matches!(n, '（' | '）' | '、' | '。' | '：' | '；' | '，' | '「' | '」' | '“' | '”'))
                        || (is_cjk(c) && latin(n) && !matches!(c, '（' | '）' | '、' | '。' | '：' | '；' | '，' | '「' | '」' | '“' | '”'))
                    {
                        broken.push(format!("a Latin word tight against `{c}{n}` (put a space between)"));
                    }
                    if tag == "zh-Hans" && ((digit(c) && is_cjk(n) && !"（）、。：；，“”".contains(n)) || (is_cjk(c) && digit(n) && !"（）、。：；，“”".contains(c))) {
                        broken.push("a number tight against Chinese text (put a space between)".into());
                    }
                    if tag == "ja" && n == ' ' && after_space.is_some_and(|a| (digit(c) && is_cjk(a)) || (is_cjk(c) && digit(a))) {
                        broken.push("a number spaced from Japanese text (write it tight: 2文字以上)".into());
                    }
                }
            }
        }
        "ko" => {
            for (i, &c) in chars.iter().enumerate() {
                let next = chars.get(i + 1).copied();
                let then = chars.get(i + 2).copied();
                // 이/가, 을/를, 은/는, 과/와, (이)어야/여야 depend on the last sound of the word
                // before: after a variable, write both (`이(가)`) or put a fixed word between.
                if (c == NUMBER || c == OPAQUE) && next.is_some_and(|n| "이가을를은는과와여".contains(n)) && then != Some('(') {
                    broken.push(format!("a particle `{}` fixed after a variable", next.unwrap_or_default()));
                }
            }
        }
        _ => {}
    }
    broken
}

#[test]
fn every_catalog_names_each_thing_with_its_glossary_term_and_no_other_word() {
    let mut failures = Vec::new();
    for (tag, ftl) in SHIPPED {
        let rules = RULES.iter().find(|r| r.tag == tag).unwrap_or_else(|| panic!("`{tag}` has glossary rules"));
        let catalog = read(ftl);
        for term in TERMS {
            if !catalog.terms.contains_key(term) {
                failures.push(format!("{tag}: no term `-{term}`"));
            }
        }
        for (id, pattern) in &catalog.messages {
            // Every term a message uses is the language's own.
            let mut used = Vec::new();
            term_references(pattern, &mut used);
            for name in used.iter().filter(|name| !catalog.terms.contains_key(**name)) {
                failures.push(format!("{tag} `{id}`: uses `-{name}`, which the language does not define"));
            }
            for literal in texts(pattern, &catalog, false, None) {
                let literal = without_code(&literal);
                let mut checked = literal.clone();
                for sense in rules.other_senses {
                    checked = checked.replace(sense, &OPAQUE.to_string());
                }
                for (name, term) in &catalog.terms {
                    for word in renderings(term, &catalog) {
                        if holds_word(&checked, &word) {
                            failures.push(format!("{tag} `{id}`: writes “{word}” itself; write {{ -{name} }} (one edit changes every message)"));
                        }
                    }
                }
                for (word, instead) in rules.refused {
                    if holds_word(&literal, word) {
                        failures.push(format!("{tag} `{id}`: writes “{word}”; the glossary says {instead}"));
                    }
                }
            }
        }
    }
    failures.dedup();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_message_keeps_its_language_s_punctuation_and_spacing() {
    let mut failures = Vec::new();
    for (tag, ftl) in SHIPPED {
        let catalog = read(ftl);
        for (id, pattern) in &catalog.messages {
            for text in texts(pattern, &catalog, true, None) {
                let text = without_code(&text);
                for broken in broken_rules(tag, &text) {
                    failures.push(format!("{tag} `{id}`: {broken}: {text:?}"));
                }
            }
        }
    }
    failures.dedup();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The checks themselves: each rule refuses what it is there to refuse.
#[test]
fn the_rules_refuse_what_the_review_found() {
    assert!(!broken_rules("fr", "votre réponse :").is_empty(), "a plain space before a colon");
    assert!(!broken_rules("fr", "votre réponse\u{a0}:").is_empty(), "a no-break space that is not narrow");
    assert!(!broken_rules("fr", "« Régimes »").is_empty(), "plain spaces inside guillemets");
    assert!(broken_rules("fr", "de «\u{202f}Régimes\u{202f}»\u{202f}: oui").is_empty());
    assert!(!broken_rules("ja", "人数(1 から 12)").is_empty(), "half-width parentheses");
    assert!(!broken_rules("ja", &format!("{NUMBER} 文字以上")).is_empty(), "a number spaced from its counter");
    assert!(!broken_rules("ja", "有効なURI").is_empty(), "a Latin word tight against Japanese");
    assert!(broken_rules("ja", &format!("有効な URI である；{NUMBER}文字以上")).is_empty());
    assert!(!broken_rules("zh-Hans", "有效的URI").is_empty());
    assert!(!broken_rules("zh-Hans", &format!("至少{NUMBER}个")).is_empty());
    assert!(!broken_rules("ko", &format!("{OPAQUE}이어야 합니다")).is_empty(), "이어야 fixed after a variable");
    assert!(broken_rules("ko", &format!("{OPAQUE}이(가) 잘못되었습니다; {NUMBER} 이상이어야")).is_empty());
    assert!(holds_word("est un champ de ce", "champ") && !holds_word("des champs", "champ") && !holds_word("optional", "option"));
    assert!(holds_word("フィールドではありません", "フィールド"));
    assert_eq!(without_code(&format!("`name`: \"accept\" `{OPAQUE}` ok")), format!("{CODE}: {CODE} {OPAQUE} ok"));
}
