//! A typed model of the derive input that keeps references to the original syn nodes.

use syn::ext::IdentExt;
use syn::{Data as SynData, DeriveInput, Fields};

use crate::attr;
use crate::ctxt::Ctxt;

pub struct Container<'a> {
    pub ident: &'a syn::Ident,
    pub vis: &'a syn::Visibility,
    pub attrs: attr::Container,
    pub data: Data<'a>,
    pub generics: &'a syn::Generics,
}

pub enum Data<'a> {
    /// A form: a struct with named fields.
    Struct(Vec<Field<'a>>),
    /// Choices: a unit-only enum.
    Enum(Vec<Variant<'a>>),
}

pub struct Field<'a> {
    /// The field as written, to tell whether an error was reported on it.
    pub syn: &'a syn::Field,
    pub member: &'a syn::Ident,
    pub ty: &'a syn::Type,
    pub attrs: attr::Field,
    /// The property name on the wire.
    pub wire_name: String,
    /// What the field is in the form, decided once from its attributes.
    pub style: Style,
}

/// What a field is in the form, and so which of the runtime's traits its type answers
/// to: every part of the expansion (schema entry, checks, decoding, content) matches on
/// it. Decided from the attributes in this order: `skip` and `flatten` say what the field
/// is first (`options` or `separated` beside them is refused by their checks), then
/// `options` (`separated` beside it is refused by `separated`'s check).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// `#[elicit(skip)]` (or serde's): not in the form; its value is its `Default`.
    Skipped,
    /// `#[elicit(flatten)]` (or serde's): the fields of its form join this one's.
    Flattened,
    /// `#[elicit(options)]`: a run-time select, the runtime's `RuntimeSelect`.
    RuntimeSelect,
    /// `#[elicit(separated = ",")]`: a free-form list asked as one string, the
    /// runtime's `SeparatedList`.
    Separated,
    /// Any other field: its type is an `ElicitField`.
    Typed,
}

impl Style {
    /// The style the attributes give.
    fn of(attrs: &attr::Field) -> Style {
        if attrs.skip.is_some() {
            Style::Skipped
        } else if attrs.flatten.is_some() {
            Style::Flattened
        } else if attrs.options.is_some() {
            Style::RuntimeSelect
        } else if attrs.separated.is_some() {
            Style::Separated
        } else {
            Style::Typed
        }
    }
}

impl Field<'_> {
    /// In the form as one field of its own: neither skipped nor flattened.
    pub fn is_form_field(&self) -> bool {
        matches!(self.style, Style::Typed | Style::RuntimeSelect | Style::Separated)
    }

    /// A run-time select (`#[elicit(options)]`): its type is the runtime's
    /// `RuntimeSelect`, not a field type.
    pub fn is_runtime_select(&self) -> bool {
        self.style == Style::RuntimeSelect
    }

    /// A free-form list asked as one string (`#[elicit(separated = ",")]`): its type is
    /// the runtime's `SeparatedList`, not a field type.
    pub fn is_separated(&self) -> bool {
        self.style == Style::Separated
    }

    /// Whether an error in `refused` ([`crate::ctxt::span_key`]s) starts on one of the
    /// field's tokens: the field then adds no check of its own after it.
    pub fn is_refused(&self, refused: &std::collections::HashSet<String>) -> bool {
        fn any(tokens: proc_macro2::TokenStream, refused: &std::collections::HashSet<String>) -> bool {
            tokens.into_iter().any(|tt| match tt {
                proc_macro2::TokenTree::Group(g) => refused.contains(&crate::ctxt::span_key(g.span())) || any(g.stream(), refused),
                tt => refused.contains(&crate::ctxt::span_key(tt.span())),
            })
        }
        !refused.is_empty() && any(quote::ToTokens::to_token_stream(self.syn), refused)
    }

    /// For a flattened field (not skipped): how, and the form type it flattens as
    /// messages name it (the `T` of an `Option<T>`; what the field means is the
    /// runtime's `Flatten` trait's to say, never the spelling's).
    pub fn flattened(&self) -> Option<(&attr::Flatten, &syn::Type)> {
        let flatten = self.attrs.flatten.as_ref().filter(|_| self.style == Style::Flattened)?;
        Some((&flatten.value, option_inner(self.ty).unwrap_or(self.ty)))
    }
}

/// The `T` of a type written `Option<T>`, for a message.
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    match args.args.first() {
        Some(syn::GenericArgument::Type(inner)) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}

pub struct Variant<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Variant,
    /// The option value on the wire.
    pub wire_name: String,
}

impl<'a> Container<'a> {
    /// The fields of a form with at least one flattened field (expanded by `flatten`),
    /// `None` for any other input.
    pub fn flattening(&self) -> Option<&[Field<'a>]> {
        match &self.data {
            Data::Struct(fields) if fields.iter().any(|f| f.flattened().is_some()) => Some(fields),
            _ => None,
        }
    }

    /// The model, or `None` when the input's shape cannot be a form or a select (the
    /// reason is reported to `cx`).
    pub fn from_ast(cx: &Ctxt, input: &'a DeriveInput, attrs: attr::Container) -> Option<Container<'a>> {
        let rule = attrs.rename_all;
        let data = match &input.data {
            SynData::Struct(data) => match &data.fields {
                Fields::Named(named) => Data::Struct(
                    named
                        .named
                        .iter()
                        .filter_map(|field| {
                            let member = field.ident.as_ref()?;
                            let mut field_attrs = attr::Field::from_ast(cx, field);
                            crate::foreign::apply(cx, &mut field_attrs, &field.attrs);
                            let wire_name = match (&field_attrs.rename, rule) {
                                (Some(rename), _) => rename.value.clone(),
                                (None, Some(rule)) => rule.apply_to_field(&member.unraw().to_string()),
                                (None, None) => member.unraw().to_string(),
                            };
                            let style = Style::of(&field_attrs);
                            Some(Field { syn: field, member, ty: &field.ty, attrs: field_attrs, wire_name, style })
                        })
                        .collect(),
                ),
                Fields::Unnamed(fields) => {
                    cx.error_spanned_by(
                        fields,
                        "`#[derive(Elicit)]` needs a struct with named fields: each field becomes a property of the form, and the property needs a name",
                    );
                    return None;
                }
                Fields::Unit => {
                    cx.error_spanned_by(
                        &input.ident,
                        "`#[derive(Elicit)]` needs a struct with named fields; a unit struct has nothing to ask (for a plain confirmation, write `struct Confirm {}`: accept or decline is the answer)",
                    );
                    return None;
                }
            },
            SynData::Enum(data) => {
                // Unit variants only: an enum whose variants carry data is a choice in two
                // steps, expanded by `choice` before this model is built.
                if data.variants.is_empty() {
                    cx.error_spanned_by(&input.ident, "an enum with no variants offers no choice: add the options as unit variants");
                    return None;
                }
                Data::Enum(
                    data.variants
                        .iter()
                        .map(|variant| {
                            let variant_attrs = attr::Variant::from_ast(cx, variant);
                            let wire_name = match (&variant_attrs.rename, rule) {
                                (Some(rename), _) => rename.value.clone(),
                                (None, Some(rule)) => rule.apply_to_variant(&variant.ident.unraw().to_string()),
                                (None, None) => variant.ident.unraw().to_string(),
                            };
                            Variant { ident: &variant.ident, attrs: variant_attrs, wire_name }
                        })
                        .collect(),
                )
            }
            SynData::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "`#[derive(Elicit)]` is not available for unions: use a struct with named fields for a form, or a unit-only enum for a choice",
                );
                return None;
            }
        };
        Some(Container { ident: &input.ident, vis: &input.vis, attrs, data, generics: &input.generics })
    }
}
