//! A field's attributes (declared once, in `field_attributes!`) and a variant's.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::{Expr, LitStr};

use crate::ctxt::Ctxt;
use super::*;

/// The kind of field an attribute applies to, which the generated code checks (and a
/// generic form's bounds ask for).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Needs {
    /// Any field.
    Any,
    /// A string field: `StringField`.
    String,
    /// A number or integer field: `NumericField`.
    Number,
    /// A multi-select field: `MultiSelectField`.
    MultiSelect,
}

/// Declares the `#[elicit(...)]` field attributes once: each line gives the slot in
/// [`Field`], the attribute's name, how its value is read, and the kind of field it
/// applies to. The list of names for "unknown attribute" messages, the parsing, the
/// duplicate check, the list of attributes a skipped field must not carry, the checks of
/// the field's kind and the bounds of a generic form all follow from it, so a new
/// attribute is one line here (plus what it means in `check` and `expand`).
macro_rules! field_attributes {
    ($($(#[$doc:meta])* $slot:ident: $ty:ty = $name:ident => $read:expr, needs $needs:ident;)*) => {
        /// Attributes of one struct field.
        pub struct Field {
            $($(#[$doc])* pub $slot: Option<Spanned<$ty>>,)*
            /// `title(ko = "...", zh_hans = "...")`: the title in other languages.
            pub titles: Vec<Translation>,
            /// `description(ko = "...")`: the description in other languages.
            pub descriptions: Vec<Translation>,
            /// `pattern_hint(ko = "...")`: the pattern's words in other languages.
            pub pattern_hints: Vec<Translation>,
            pub doc: Option<String>,
            /// Each line of the doc comment with its tokens, to point at the line a problem is on.
            pub doc_lines: Vec<Spanned<String>>,
            /// `#[serde(default)]` / `#[serde(default = "path")]` (without an elicit default).
            pub serde_default: Option<SerdeDefault>,
        }

        const FIELD_ATTRS: &[&str] = &[$($name),*];

        /// One slot per attribute, filled while parsing.
        struct FieldSlots<'c> {
            $($slot: Attr<'c, $ty>,)*
        }

        impl<'c> FieldSlots<'c> {
            fn new(cx: &'c Ctxt) -> Self {
                FieldSlots { $($slot: Attr::none(cx, $name),)* }
            }

            /// Reads one `name = value` (or flag) into its slot; `Ok(false)` when the
            /// name is not a field attribute.
            fn read(&mut self, meta: &ParseNestedMeta) -> syn::Result<bool> {
                $(
                    if meta.path.is_ident($name) {
                        let read: fn(&ParseNestedMeta) -> syn::Result<$ty> = $read;
                        let value = read(meta)?;
                        self.$slot.set(&meta.path, value);
                        return Ok(true);
                    }
                )*
                Ok(false)
            }

            fn finish(self, attrs: &[syn::Attribute], serde_default: Option<SerdeDefault>) -> Field {
                Field {
                    $($slot: self.$slot.get(),)*
                    titles: Vec::new(),
                    descriptions: Vec::new(),
                    pattern_hints: Vec::new(),
                    doc: doc_comment(attrs),
                    doc_lines: doc_lines(attrs),
                    serde_default,
                }
            }
        }

        impl Field {
            /// The tokens of every `#[elicit(...)]` attribute the field carries except
            /// `skip`, to report them on a skipped field.
            pub fn written_besides_skip(&self) -> Vec<TokenStream> {
                let mut out = Vec::new();
                $(
                    if $name != SKIP && let Some(attr) = &self.$slot {
                        out.push(attr.tokens.clone());
                    }
                )*
                out.retain(|t| !t.is_empty());
                out
            }

            /// Every `#[elicit(...)]` attribute the field carries except `except`, by
            /// name, to report them where they have no effect (a flattened field).
            pub fn written_besides(&self, except: &str) -> Vec<(&'static str, TokenStream)> {
                let mut out = Vec::new();
                $(
                    if $name != except && let Some(attr) = &self.$slot && !attr.tokens.is_empty() {
                        out.push(($name, attr.tokens.clone()));
                    }
                )*
                out
            }

            /// The kinds of field the attributes written need, each with the span of
            /// the attribute that needs it.
            pub fn needs(&self) -> Vec<(Needs, Span)> {
                let mut out = Vec::new();
                $(
                    if Needs::$needs != Needs::Any && let Some(attr) = &self.$slot {
                        out.push((Needs::$needs, attr.span()));
                    }
                )*
                out
            }
        }
    };
}

field_attributes! {
    title: String = TITLE => string_value, needs Any;
    description: String = DESCRIPTION => string_value, needs Any;
    rename: String = RENAME => string_value, needs Any;
    skip: () = SKIP => flag, needs Any;
    default: (Expr, DefaultLit) = DEFAULT => default_value, needs Any;
    format: Format = FORMAT => format_value, needs String;
    min_length: u64 = MIN_LENGTH => count_value, needs String;
    max_length: u64 = MAX_LENGTH => count_value, needs String;
    pattern: String = PATTERN => pattern_value, needs String;
    /// What `pattern` asks for in words (`MM/YY`), shown to people instead of the regex.
    pattern_hint: String = PATTERN_HINT => string_value, needs String;
    minimum: Number = MINIMUM => number_value, needs Number;
    maximum: Number = MAXIMUM => number_value, needs Number;
    min_items: u64 = MIN_ITEMS => count_value, needs MultiSelect;
    max_items: u64 = MAX_ITEMS => count_value, needs MultiSelect;
    not_sensitive: () = NOT_SENSITIVE => flag, needs Any;
    /// The field's type is a form whose fields are this form's too.
    flatten: Flatten = FLATTEN => flatten_value, needs Any;
    /// A run-time select: its options are given each time the form is asked.
    options: () = OPTIONS => flag, needs Any;
    /// A free-form list asked as one string, its items separated by this text.
    separated: String = SEPARATED => string_value, needs Any;
}

/// `#[elicit(flatten)]` or `#[elicit(flatten(prefix = "billing_", title_prefix = "Billing "))]`.
#[derive(Clone, Default)]
pub struct Flatten {
    /// Put before the wire name of each of the sub-form's fields.
    pub prefix: Option<LitStr>,
    /// Put before the title of each of the sub-form's fields that has one.
    pub title_prefix: Option<LitStr>,
    /// `title_prefix(ko = "집 ")`: the title prefix in other languages, put before the
    /// sub-form's title in that language.
    pub title_prefixes: Vec<Translation>,
    /// Mistakes in the options, reported with the field.
    pub errors: Vec<syn::Error>,
}

impl Flatten {
    /// The prefix of the wire names (none: the sub-form's own names).
    pub fn prefix(&self) -> String {
        self.prefix.as_ref().map(LitStr::value).unwrap_or_default()
    }

    /// The prefix of the titles: `title_prefix`, or else the words of `prefix` as a
    /// label (`billing_` and `billingAddress` give `Billing `, `Billing address `).
    pub fn title_prefix(&self) -> String {
        if let Some(title) = &self.title_prefix {
            return title.value();
        }
        let words = crate::rules::secret::segments(&self.prefix());
        let mut label = words.join(" ");
        if let Some(first) = label.chars().next() {
            label = first.to_uppercase().chain(label.chars().skip(1)).collect();
            label.push(' ');
        }
        label
    }
}

pub(crate) fn flatten_value(meta: &ParseNestedMeta) -> syn::Result<Flatten> {
    // A mistake in the options is kept and reported with the field (`Field::from_ast`):
    // the field stays flattened, so its type is not also reported as no form field.
    let mut out = Flatten::default();
    if meta.input.peek(syn::Token![=]) {
        out.errors.push(meta.error("`flatten` takes no value: write `flatten`, or `flatten(prefix = \"billing_\")` to prefix the sub-form's names"));
        skip_value(meta)?;
        return Ok(out);
    }
    if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| {
            if let Some(done) = flatten_language(&inner, &mut out) {
                return done;
            }
            let slot = if inner.path.is_ident(PREFIX) {
                &mut out.prefix
            } else if inner.path.is_ident(TITLE_PREFIX) {
                &mut out.title_prefix
            } else {
                out.errors.push(inner.error(format!("unknown `flatten` option `{}`; expected `prefix` or `title_prefix`", attr_name(&inner))));
                return skip_value(&inner);
            };
            match lit_str(&inner, if inner.path.is_ident(PREFIX) { "\"billing_\"" } else { "\"Billing \"" }) {
                Ok(_) if slot.is_some() => out.errors.push(syn::Error::new_spanned(&inner.path, format!("duplicate `{}` in `flatten(...)`", attr_name(&inner)))),
                Ok(s) => *slot = Some(s),
                Err(err) => out.errors.push(err),
            }
            Ok(())
        })?;
    }
    Ok(out)
}

impl Field {
    pub fn from_ast(cx: &Ctxt, field: &syn::Field) -> Self {
        let mut slots = FieldSlots::new(cx);
        let mut serde_rename = Attr::none(cx, RENAME);
        let mut serde_skip = false;
        let mut serde_default = None;
        let mut serde_flatten = None;
        let (mut titles, mut descriptions, mut hints) = (Vec::new(), Vec::new(), Vec::new());

        for attr in &field.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident(TITLE) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut titles)
                    } else if meta.path.is_ident(DESCRIPTION) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut descriptions)
                    } else if meta.path.is_ident(PATTERN_HINT) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut hints)
                    } else if slots.read(&meta)? {
                        Ok(())
                    } else {
                        Err(misplaced_language(&meta).unwrap_or_else(|| unknown(&meta, "field", FIELD_ATTRS)))
                    }
                });
                if let Err(err) = parsed {
                    cx.syn_error(err);
                }
            } else if attr.path().is_ident(SERDE) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(RENAME) {
                        if let Some(s) = serde_string(meta, "deserialize")? {
                            serde_rename.set(&meta.path, s);
                        }
                    } else if meta.path.is_ident(DEFAULT) {
                        serde_default = Some(serde_default_value(meta)?);
                    } else if meta.path.is_ident(SKIP) || meta.path.is_ident("skip_deserializing") {
                        serde_skip = true;
                    } else if meta.path.is_ident(FLATTEN) {
                        serde_flatten = Some(meta.path.to_token_stream());
                    } else {
                        return Ok(false);
                    }
                    Ok(true)
                });
            }
        }

        let mut out = slots.finish(&field.attrs, serde_default);
        (out.titles, out.descriptions, out.pattern_hints) = (titles, descriptions, hints);
        out.rename = resolve_rename(cx, out.rename.take(), serde_rename.get());
        if out.skip.is_none() && serde_skip {
            out.skip = Some(Spanned { value: (), tokens: TokenStream::new() });
        }
        for err in out.flatten.iter().flat_map(|f| &f.value.errors) {
            cx.syn_error(err.clone());
        }
        // serde's `flatten` flattens the same way, with no prefix; a prefix beside it
        // would make the form and serde use different names.
        match (&out.flatten, serde_flatten) {
            (None, Some(tokens)) => out.flatten = Some(Spanned { value: Flatten::default(), tokens }),
            (Some(f), Some(_)) if f.value.prefix.as_ref().is_some_and(|p| !p.value().is_empty()) => {
                cx.error_spanned_by(
                    f.value.prefix.as_ref().map(ToTokens::to_token_stream).unwrap_or_default(),
                    "`#[elicit(flatten(prefix = ...))]` conflicts with `#[serde(flatten)]`, which has no prefix: the form and serde would use different wire names; keep one of them",
                );
            }
            _ => {}
        }
        out
    }
}

/// Attributes of one enum variant.
pub struct Variant {
    pub rename: Option<Spanned<String>>,
    pub title: Option<Spanned<String>>,
    /// `title(ko = "...")`: the option's title in other languages.
    pub titles: Vec<Translation>,
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut rename = Attr::none(cx, RENAME);
        let mut serde_rename = Attr::none(cx, RENAME);
        let mut title = Attr::none(cx, TITLE);
        let mut schemars_title = Attr::none(cx, TITLE);
        let mut titles = Vec::new();
        for attr in &variant.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident(TITLE) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut titles)?;
                    } else if meta.path.is_ident(RENAME) {
                        rename.set(&meta.path, string_value(&meta)?);
                    } else if meta.path.is_ident(TITLE) {
                        title.set(&meta.path, string_value(&meta)?);
                    } else {
                        return Err(misplaced_language(&meta).unwrap_or_else(|| unknown(&meta, "variant", VARIANT_ATTRS)));
                    }
                    Ok(())
                });
                if let Err(err) = parsed {
                    cx.syn_error(err);
                }
            } else if attr.path().is_ident(SERDE) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(RENAME) {
                        if let Some(s) = serde_string(meta, "deserialize")? {
                            serde_rename.set(&meta.path, s);
                        }
                        return Ok(true);
                    }
                    Ok(false)
                });
            } else if attr.path().is_ident(SCHEMARS) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(TITLE) {
                        schemars_title.set(&meta.path, string_value(meta)?);
                        return Ok(true);
                    }
                    Ok(false)
                });
            }
        }
        let mut title = title.get();
        merge(cx, TITLE, &mut title, schemars_title.get(), |a, b| a == b, |t| quoted(t));
        Variant { rename: resolve_rename(cx, rename.get(), serde_rename.get()), title, titles }
    }
}
