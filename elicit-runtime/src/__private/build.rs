//! The builders the derive's `const` code calls to describe a form.

use super::*;

// ---- building a form's static description -------------------------------------------
//
// The builders the derive's `const` code calls. Inherent, so that a form's description is
// written as `FieldSchema::new(..).with_title(..)`, and hidden: a form is described by
// the derive, not by hand.

impl FieldSchema {
    /// A field of a type: its kind (with the attributes' constraints), and whether the
    /// type is optional, a legacy-named select, a secret (its `ElicitField` answers).
    #[doc(hidden)]
    pub const fn typed(name: &'static str, kind: Kind, optional: bool, legacy_enum_names: bool, sensitive: bool) -> Self {
        Self::new(name, kind).optional_if(optional).legacy_enum_names_if(legacy_enum_names).sensitive_if(sensitive)
    }

    #[doc(hidden)]
    pub const fn new(name: &'static str, kind: Kind) -> Self {
        Self { name, title: None, titles: &[], description: None, descriptions: &[], kind, required: true, default: None, legacy_enum_names: false, sensitive: false, runtime: false, list: None }
    }

    #[doc(hidden)]
    pub const fn sensitive_if(mut self, yes: bool) -> Self {
        if yes {
            self.sensitive = true;
        }
        self
    }

    /// A free-form list asked as one string (`#[elicit(separated = ",")]`).
    #[doc(hidden)]
    pub const fn separated(mut self, list: &'static ListRules) -> Self {
        self.list = Some(list);
        self
    }

    /// A run-time select (`#[elicit(options)]`): its options come with each request.
    #[doc(hidden)]
    pub const fn runtime_select(mut self) -> Self {
        self.runtime = true;
        self
    }

    #[doc(hidden)]
    pub const fn legacy_enum_names_if(mut self, yes: bool) -> Self {
        if yes {
            self.legacy_enum_names = true;
        }
        self
    }

    #[doc(hidden)]
    pub const fn with_title(mut self, title: &'static str) -> Self {
        self.title = Some(title);
        self
    }

    #[doc(hidden)]
    pub const fn with_titles(mut self, titles: Translations) -> Self {
        self.titles = titles;
        self
    }

    #[doc(hidden)]
    pub const fn with_descriptions(mut self, descriptions: Translations) -> Self {
        self.descriptions = descriptions;
        self
    }

    #[doc(hidden)]
    pub const fn with_description(mut self, description: &'static str) -> Self {
        self.description = Some(description);
        self
    }

    /// The description of the field's type (a derived enum's doc comment), used when
    /// the field has no description of its own.
    #[doc(hidden)]
    pub const fn with_type_description(mut self, description: Option<&'static str>, descriptions: Translations) -> Self {
        if self.description.is_none() {
            self.description = description;
        }
        if self.descriptions.is_empty() {
            self.descriptions = descriptions;
        }
        self
    }

    #[doc(hidden)]
    pub const fn optional_if(mut self, optional: bool) -> Self {
        if optional {
            self.required = false;
        }
        self
    }

    #[doc(hidden)]
    pub const fn with_default(mut self, default: Literal) -> Self {
        self.default = Some(default);
        self.required = false;
        self
    }
}

impl Kind {
    #[doc(hidden)]
    pub const fn min_length(self, n: u64) -> Self {
        match self {
            Kind::String(mut r) => {
                r.min_length = Some(n);
                Kind::String(r)
            }
            other => other,
        }
    }

    #[doc(hidden)]
    pub const fn max_length(self, n: u64) -> Self {
        match self {
            Kind::String(mut r) => {
                r.max_length = Some(n);
                Kind::String(r)
            }
            other => other,
        }
    }

    #[doc(hidden)]
    pub const fn pattern(self, pattern: &'static str) -> Self {
        match self {
            Kind::String(mut r) => {
                r.pattern = Some(pattern);
                Kind::String(r)
            }
            other => other,
        }
    }

    /// The `pattern` in words (`MM/YY`), shown to people instead of the regular
    /// expression.
    #[doc(hidden)]
    pub const fn pattern_hint(self, hint: &'static str) -> Self {
        match self {
            Kind::String(mut r) => {
                r.pattern_hint = Some(hint);
                Kind::String(r)
            }
            other => other,
        }
    }

    /// The `pattern`'s words in other languages.
    #[doc(hidden)]
    pub const fn pattern_hints(self, hints: Translations) -> Self {
        match self {
            Kind::String(mut r) => {
                r.pattern_hints = hints;
                Kind::String(r)
            }
            other => other,
        }
    }

    #[doc(hidden)]
    pub const fn format(self, format: Format) -> Self {
        match self {
            Kind::String(mut r) => {
                r.format = Some(format);
                Kind::String(r)
            }
            other => other,
        }
    }

    /// Applies a `minimum` written on the field. The tighter of it and the Rust type's
    /// own lower bound wins.
    #[doc(hidden)]
    pub const fn minimum(self, min: Literal) -> Self {
        match (self, min) {
            (Kind::Integer(mut r), Literal::Int(n)) => {
                if n > r.type_min {
                    r.minimum = Some(n);
                }
                Kind::Integer(r)
            }
            (Kind::Number(mut r), Literal::Int(n)) => {
                r.minimum = Some(Literal::Int(n));
                Kind::Number(r)
            }
            (Kind::Number(mut r), Literal::Float(x)) => {
                r.minimum = Some(Literal::Float(x));
                Kind::Number(r)
            }
            (other, _) => other,
        }
    }

    /// Applies a `maximum` written on the field. The tighter of it and the Rust type's
    /// own upper bound wins.
    #[doc(hidden)]
    pub const fn maximum(self, max: Literal) -> Self {
        match (self, max) {
            (Kind::Integer(mut r), Literal::Int(n)) => {
                if n < r.type_max {
                    r.maximum = Some(n);
                }
                Kind::Integer(r)
            }
            (Kind::Number(mut r), Literal::Int(n)) => {
                r.maximum = Some(Literal::Int(n));
                Kind::Number(r)
            }
            (Kind::Number(mut r), Literal::Float(x)) => {
                r.maximum = Some(Literal::Float(x));
                Kind::Number(r)
            }
            (other, _) => other,
        }
    }

    #[doc(hidden)]
    pub const fn min_items(self, n: u64) -> Self {
        match self {
            Kind::MultiSelect(mut r) => {
                r.min_items = Some(n);
                Kind::MultiSelect(r)
            }
            other => other,
        }
    }

    #[doc(hidden)]
    pub const fn max_items(self, n: u64) -> Self {
        match self {
            Kind::MultiSelect(mut r) => {
                r.max_items = Some(n);
                Kind::MultiSelect(r)
            }
            other => other,
        }
    }
}

impl ListRules {
    /// The list's separator, and its item's kind (with the item's attributes applied).
    #[doc(hidden)]
    pub const fn new(separator: &'static str, item: Kind) -> Self {
        Self { separator, min_items: None, max_items: None, item }
    }

    #[doc(hidden)]
    pub const fn with_min_items(mut self, n: u64) -> Self {
        self.min_items = Some(n);
        self
    }

    #[doc(hidden)]
    pub const fn with_max_items(mut self, n: u64) -> Self {
        self.max_items = Some(n);
        self
    }
}

impl StringRules {
    #[doc(hidden)]
    pub const PLAIN: Self = Self { min_length: None, max_length: None, pattern: None, pattern_hint: None, pattern_hints: &[], format: None };

    #[doc(hidden)]
    pub const fn with_format(format: Format) -> Self {
        Self { format: Some(format), ..Self::PLAIN }
    }
}

impl NumberRules {
    #[doc(hidden)]
    pub const fn for_max(type_max: f64) -> Self {
        Self { minimum: None, maximum: None, type_max }
    }
}

impl MultiSelectRules {
    #[doc(hidden)]
    pub const fn of(options: &'static [EnumOption]) -> Self {
        Self { options, min_items: None, max_items: None }
    }
}

impl EnumOption {
    #[doc(hidden)]
    pub const fn new(value: &'static str, title: Option<&'static str>) -> Self {
        Self { value, title, titles: &[] }
    }

    #[doc(hidden)]
    pub const fn with_titles(mut self, titles: Translations) -> Self {
        self.titles = titles;
        self
    }
}
