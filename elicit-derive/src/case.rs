//! serde's `rename_all` casings, applied to field names (written in snake_case) and to
//! variant names (written in PascalCase).

/// One of serde's `rename_all` rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

pub const RULE_NAMES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::Lower),
    ("UPPERCASE", RenameRule::Upper),
    ("PascalCase", RenameRule::Pascal),
    ("camelCase", RenameRule::Camel),
    ("snake_case", RenameRule::Snake),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
    ("kebab-case", RenameRule::Kebab),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
];

impl RenameRule {
    pub fn from_str(s: &str) -> Option<Self> {
        RULE_NAMES.iter().find(|(name, _)| *name == s).map(|(_, rule)| *rule)
    }

    /// The rule as written in `rename_all = "..."`.
    pub fn name(self) -> &'static str {
        RULE_NAMES.iter().find(|(_, rule)| *rule == self).map_or("", |(name, _)| name)
    }

    /// Renames a field written in snake_case.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => pascal(field),
            RenameRule::Camel => {
                let p = pascal(field);
                let mut chars = p.chars();
                chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
            }
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// Renames a variant written in PascalCase.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => {
                let mut chars = variant.chars();
                chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
            }
            RenameRule::Snake => snake(variant),
            RenameRule::ScreamingSnake => snake(variant).to_ascii_uppercase(),
            RenameRule::Kebab => snake(variant).replace('_', "-"),
            RenameRule::ScreamingKebab => snake(variant).to_ascii_uppercase().replace('_', "-"),
        }
    }
}

fn pascal(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut upper = true;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn snake(pascal: &str) -> String {
    let mut out = String::with_capacity(pascal.len() + 4);
    for (i, c) in pascal.char_indices() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_variants_follow_serde() {
        let f = "very_tasty_fruit";
        let expected = [
            (RenameRule::Lower, "very_tasty_fruit"),
            (RenameRule::Upper, "VERY_TASTY_FRUIT"),
            (RenameRule::Pascal, "VeryTastyFruit"),
            (RenameRule::Camel, "veryTastyFruit"),
            (RenameRule::Snake, "very_tasty_fruit"),
            (RenameRule::ScreamingSnake, "VERY_TASTY_FRUIT"),
            (RenameRule::Kebab, "very-tasty-fruit"),
            (RenameRule::ScreamingKebab, "VERY-TASTY-FRUIT"),
        ];
        for (rule, want) in expected {
            assert_eq!(rule.apply_to_field(f), want, "{rule:?}");
        }
        let v = "VeryTasty";
        let expected = [
            (RenameRule::Lower, "verytasty"),
            (RenameRule::Upper, "VERYTASTY"),
            (RenameRule::Pascal, "VeryTasty"),
            (RenameRule::Camel, "veryTasty"),
            (RenameRule::Snake, "very_tasty"),
            (RenameRule::ScreamingSnake, "VERY_TASTY"),
            (RenameRule::Kebab, "very-tasty"),
            (RenameRule::ScreamingKebab, "VERY-TASTY"),
        ];
        for (rule, want) in expected {
            assert_eq!(rule.apply_to_variant(v), want, "{rule:?}");
        }
    }
}
