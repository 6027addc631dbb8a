//! Parsing `#[elicit(...)]`, and reading `#[serde(...)]` and doc comments: the names and
//! the container's attributes here, a field's and a variant's in `field`, the values and
//! the readers they share in `values`.
//!
//! Each attribute has one typed slot that reports a duplicate itself. Errors go to the
//! [`Ctxt`] so that one compile shows every mistake.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;

use crate::case::RenameRule;
use crate::ctxt::Ctxt;

mod field;
pub(crate) mod search;
mod values;

pub use self::field::*;
pub use self::values::*;

pub const ELICIT: &str = "elicit";
pub const SERDE: &str = "serde";

// Container attributes.
pub const RENAME_ALL: &str = "rename_all";
pub const CRATE: &str = "crate";
pub const LEGACY_ENUM_NAMES: &str = "legacy_enum_names";
pub const JSON_SCHEMA: &str = "json_schema";
pub const VALIDATE: &str = "validate";
pub const PAGE: &str = "page";
// Field and variant attributes.
pub const TITLE: &str = "title";
pub const DESCRIPTION: &str = "description";
pub const RENAME: &str = "rename";
pub const SKIP: &str = "skip";
pub const DEFAULT: &str = "default";
pub const FORMAT: &str = "format";
pub const MIN_LENGTH: &str = "min_length";
pub const MAX_LENGTH: &str = "max_length";
pub const PATTERN: &str = "pattern";
pub const PATTERN_HINT: &str = "pattern_hint";
pub const MINIMUM: &str = "minimum";
pub const MAXIMUM: &str = "maximum";
pub const MIN_ITEMS: &str = "min_items";
pub const MAX_ITEMS: &str = "max_items";
pub const NOT_SENSITIVE: &str = "not_sensitive";
pub const FLATTEN: &str = "flatten";
pub const OPTIONS: &str = "options";
pub const SEPARATED: &str = "separated";
pub const PREFIX: &str = "prefix";
pub const TITLE_PREFIX: &str = "title_prefix";

pub(crate) const STRUCT_ATTRS: &[&str] = &[RENAME_ALL, CRATE, JSON_SCHEMA, VALIDATE, PAGE, TITLE];
pub(crate) const ENUM_ATTRS: &[&str] = &[RENAME_ALL, CRATE, LEGACY_ENUM_NAMES, JSON_SCHEMA, DESCRIPTION];
pub(crate) const VARIANT_ATTRS: &[&str] = &[RENAME, TITLE];

/// One attribute's value, with the tokens to point at when it is wrong.
pub struct Attr<'c, T> {
    cx: &'c Ctxt,
    name: &'static str,
    tokens: TokenStream,
    value: Option<T>,
}

impl<'c, T> Attr<'c, T> {
    fn none(cx: &'c Ctxt, name: &'static str) -> Self {
        Attr { cx, name, tokens: TokenStream::new(), value: None }
    }

    fn set<A: ToTokens>(&mut self, obj: A, value: T) {
        let tokens = obj.into_token_stream();
        if self.value.is_some() {
            self.cx.error_spanned_by(tokens, format!("duplicate elicit attribute `{}`", self.name));
        } else {
            self.tokens = tokens;
            self.value = Some(value);
        }
    }

    fn get(self) -> Option<Spanned<T>> {
        self.value.map(|value| Spanned { value, tokens: self.tokens })
    }
}

/// A value with the tokens it was written as.
#[derive(Clone)]
pub struct Spanned<T> {
    pub value: T,
    pub tokens: TokenStream,
}

impl<T> ToTokens for Spanned<T> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.tokens.to_tokens(tokens);
    }
}

impl<T> Spanned<T> {
    pub fn span(&self) -> Span {
        self.tokens.clone().into_iter().next().map_or_else(Span::call_site, |t| t.span())
    }
}

/// `#[elicit(rename)]` wins; a different `#[serde(rename)]` beside it is an error,
/// because the two derives would then disagree on the wire name.
pub(crate) fn resolve_rename(cx: &Ctxt, elicit: Option<Spanned<String>>, serde: Option<Spanned<String>>) -> Option<Spanned<String>> {
    match (elicit, serde) {
        (Some(e), Some(s)) if e.value != s.value => {
            cx.error_spanned_by(
                &e,
                format!(
                    "`#[elicit({0} = \"{1}\")]` conflicts with `#[serde({0} = \"{2}\")]`: the form and serde would use different wire names; keep one of them",
                    RENAME, e.value, s.value
                ),
            );
            Some(e)
        }
        (Some(e), _) => Some(e),
        (None, s) => s,
    }
}

/// Attributes of the struct or enum itself.
pub struct Container {
    pub rename_all: Option<RenameRule>,
    pub crate_path: Option<syn::Path>,
    /// `#[elicit(legacy_enum_names)]` on an enum: its titled single-selects are written
    /// as `enum` + `enumNames` on every revision.
    pub legacy_enum_names: Option<Spanned<()>>,
    /// `#[elicit(json_schema)]`: the type also implements `schemars::JsonSchema`, with
    /// the same flat schema (the runtime's `schemars` feature).
    pub json_schema: Option<Spanned<()>>,
    /// `#[elicit(validate = path)]` on a struct: the author's rules, a
    /// `fn(&Self) -> Result<(), Vec<Violation>>` run on each decoded answer.
    pub validate: Option<syn::ExprPath>,
    /// `#[elicit(page)]` on a struct: a form only ever shown on the server's own page
    /// (URL mode), which may ask for secrets and is never sent in form mode.
    pub page: Option<Spanned<()>>,
    /// `#[elicit(title = "...")]` on a struct: the heading of its page (a page form's
    /// only; a form sent to the client has no title of its own, its request a message).
    pub title: Option<Spanned<String>>,
    /// `title(ko = "...")` on a struct: the page's heading in other languages.
    pub titles: Vec<Translation>,
    /// `#[elicit(description = "...")]` on an enum: the description of the fields of its
    /// type that have none of their own, in place of the doc comment.
    pub description: Option<Spanned<String>>,
    /// `description(ko = "...")` on an enum: that description in other languages.
    pub descriptions: Vec<Translation>,
    /// The doc comment: on an enum, the description of the fields of its type that have
    /// none of their own.
    pub doc: Option<String>,
    pub doc_lines: Vec<Spanned<String>>,
    /// `#[serde(default)]` or `#[serde(default = "path")]` on the struct: a missing field
    /// takes its value from the struct's default, as serde does.
    pub serde_default: Option<SerdeDefault>,
    /// `#[doc(hidden)]` on the type (the steps of a choice the derive writes): its impls
    /// are `#[diagnostic::do_not_recommend]`, so no error lists a type the user never wrote.
    pub hidden: bool,
}

impl Container {
    pub fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Self {
        let mut rename_all = Attr::none(cx, RENAME_ALL);
        let mut serde_rename_all = Attr::none(cx, RENAME_ALL);
        let mut crate_path = Attr::none(cx, CRATE);
        let mut legacy_enum_names = Attr::none(cx, LEGACY_ENUM_NAMES);
        let mut json_schema = Attr::none(cx, JSON_SCHEMA);
        let mut validate = Attr::none(cx, VALIDATE);
        let mut page = Attr::none(cx, PAGE);
        let mut title = Attr::none(cx, TITLE);
        let mut titles = Vec::new();
        let mut description = Attr::none(cx, DESCRIPTION);
        let mut descriptions = Vec::new();
        let mut serde_default = None;
        let is_enum = matches!(input.data, syn::Data::Enum(_));
        let allowed = if is_enum { ENUM_ATTRS } else { STRUCT_ATTRS };
        for attr in &input.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident(RENAME_ALL) {
                        let s = lit_str(&meta, "\"camelCase\"")?;
                        rename_all.set(&meta.path, parse_rename_rule(&s)?);
                    } else if meta.path.is_ident(CRATE) {
                        let s = lit_str(&meta, "\"::elicit_runtime\"")?;
                        let path = s.parse::<syn::Path>().map_err(|_| {
                            syn::Error::new_spanned(&s, "`crate` takes the path of the elicit-runtime crate, such as `crate = \"::elicit_runtime\"` or `crate = \"my_crate::elicit\"`")
                        })?;
                        crate_path.set(&meta.path, path);
                    } else if meta.path.is_ident(JSON_SCHEMA) {
                        flag(&meta)?;
                        json_schema.set(&meta.path, ());
                    } else if meta.path.is_ident(VALIDATE) && !is_enum {
                        let path = meta.value()?.parse::<syn::ExprPath>().map_err(|err| {
                            syn::Error::new(err.span(), "`validate` takes the path of a function `fn(&Self) -> Result<(), Vec<Violation>>`, such as `validate = Self::check` or `validate = check_dates`")
                        })?;
                        validate.set(&meta.path, path);
                    } else if meta.path.is_ident(PAGE) && !is_enum {
                        flag(&meta)?;
                        page.set(&meta.path, ());
                    } else if meta.path.is_ident(TITLE) && !is_enum && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut titles)?;
                    } else if meta.path.is_ident(TITLE) && !is_enum {
                        title.set(&meta.path, string_value(&meta)?);
                    } else if meta.path.is_ident(TITLE) {
                        return Err(meta.error(
                            "`title` on an enum has no place: an enum is the options of a field, so title the field (`#[elicit(title = \"...\")]` on it) or each variant",
                        ));
                    } else if meta.path.is_ident(DESCRIPTION) && is_enum && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut descriptions)?;
                    } else if meta.path.is_ident(DESCRIPTION) && is_enum {
                        description.set(&meta.path, string_value(&meta)?);
                    } else if meta.path.is_ident(PAGE) {
                        return Err(meta.error(
                            "`page` goes on a struct that derives `Elicit`: it makes the struct a form shown only on the server's own page (URL mode); an enum is the options of one field of such a form",
                        ));
                    } else if meta.path.is_ident(VALIDATE) {
                        return Err(meta.error(
                            "`validate` goes on a struct that derives `Elicit` (a form): an enum is the options of one field; check the choice in the rules of the form that holds it",
                        ));
                    } else if meta.path.is_ident(LEGACY_ENUM_NAMES) && is_enum {
                        legacy_enum_names.set(&meta.path, ());
                    } else if meta.path.is_ident(LEGACY_ENUM_NAMES) {
                        return Err(meta.error(
                            "`legacy_enum_names` goes on a unit-only enum that derives `Elicit`: it chooses how that enum's options are written, not how a form is; for every enum of a form, ask with `ElicitOptions::new().schema(SchemaOptions::new().legacy_enum_names(true))`",
                        ));
                    } else {
                        return Err(unknown(&meta, "container", allowed));
                    }
                    Ok(())
                });
                if let Err(err) = parsed {
                    cx.syn_error(err);
                }
            } else if attr.path().is_ident(SERDE) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(RENAME_ALL) {
                        // serde's derive reports a bad rule itself.
                        if let Some(rule) = serde_string(meta, "deserialize")?.as_deref().and_then(RenameRule::from_str) {
                            serde_rename_all.set(&meta.path, rule);
                        }
                        return Ok(true);
                    }
                    if meta.path.is_ident(DEFAULT) && !is_enum {
                        serde_default = Some(serde_default_value(meta)?);
                        return Ok(true);
                    }
                    Ok(false)
                });
            }
        }
        let rename_all = match (rename_all.get(), serde_rename_all.get()) {
            (Some(e), Some(s)) if e.value != s.value => {
                cx.error_spanned_by(
                    &e,
                    format!(
                        "`#[elicit(rename_all = \"{}\")]` conflicts with `#[serde(rename_all = \"{}\")]`: the form and serde would use different wire names; keep one of them",
                        e.value.name(),
                        s.value.name()
                    ),
                );
                Some(e.value)
            }
            (Some(e), _) => Some(e.value),
            (None, s) => s.map(|s| s.value),
        };
        Container {
            rename_all,
            crate_path: crate_path.get().map(|p| p.value),
            legacy_enum_names: legacy_enum_names.get(),
            json_schema: json_schema.get(),
            validate: validate.get().map(|p| p.value),
            page: page.get(),
            title: title.get(),
            titles,
            description: description.get(),
            descriptions,
            doc: doc_comment(&input.attrs),
            doc_lines: doc_lines(&input.attrs),
            serde_default,
            hidden: input.attrs.iter().any(doc_hidden),
        }
    }
}
