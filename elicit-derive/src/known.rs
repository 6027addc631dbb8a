//! The standard field types the derive recognises by name (`String`, `bool`, the
//! integers, `f32`, `f64`, and an `Option` of one), so that it can leave out the checks
//! it can already see pass.
//!
//! Everything about a field's type is asked of the runtime's traits, which is what makes
//! aliases, qualified paths and the runtime's own messages work. Most of what a form's
//! expansion gives the compiler, though, is checks that hold for almost every field:
//! `min_length` sits on a string, a `minimum` of `1` has the type of a `u8` and fits in
//! it, a `bool` holds no secret. For the types named here the derive answers those
//! itself and emits nothing; for anything else, and whenever its answer would be "no",
//! it emits the check as before, so every error is the compiler's, word for word, where
//! it was. A type of the author's own that shadows one of these names (`struct String`)
//! is taken for the standard one: the schema, the decoding and the checks the derive
//! still emits go through the traits, so only these compile-time checks would be left
//! out for it.
//!
//! The runtime's `known_types_hold` test keeps the table below true of its impls.

use crate::attr::{DefaultLit, Number};

/// What a recognised type is, as the checks need it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Base {
    /// `String`: a string field.
    Text,
    /// `bool`.
    Bool,
    /// An integer type, with its range.
    Int { min: i128, max: i128 },
    /// `f32` / `f64`, with the range of the integer type its integer literals take
    /// (`IntBound` / `IntLiteral`: `i32` / `i64`).
    Float { int_min: i128, int_max: i128 },
}

/// A field type the derive recognised.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Known {
    base: Base,
}

/// The type, if it is one of the standard field types (or an `Option` of one) written as
/// a bare name: `String`, `Option<u8>`. Qualified paths and aliases are not recognised.
pub(crate) fn known(ty: &syn::Type) -> Option<Known> {
    let (name, argument) = single_segment(ty)?;
    match (name.as_str(), argument) {
        ("Option", Some(inner)) => base(inner).map(|base| Known { base }),
        (_, None) => base(ty).map(|base| Known { base }),
        _ => None,
    }
}

fn base(ty: &syn::Type) -> Option<Base> {
    let (name, None) = single_segment(ty)? else { return None };
    let int = |min: i128, max: i128| Some(Base::Int { min, max });
    match name.as_str() {
        "String" => Some(Base::Text),
        "bool" => Some(Base::Bool),
        "i8" => int(i8::MIN.into(), i8::MAX.into()),
        "i16" => int(i16::MIN.into(), i16::MAX.into()),
        "i32" => int(i32::MIN.into(), i32::MAX.into()),
        "i64" => int(i64::MIN.into(), i64::MAX.into()),
        "u8" => int(0, u8::MAX.into()),
        "u16" => int(0, u16::MAX.into()),
        "u32" => int(0, u32::MAX.into()),
        "u64" => int(0, u64::MAX.into()),
        "f32" => Some(Base::Float { int_min: i32::MIN.into(), int_max: i32::MAX.into() }),
        "f64" => Some(Base::Float { int_min: i64::MIN.into(), int_max: i64::MAX.into() }),
        _ => None,
    }
}

/// `Name` or `Name<T>`: the name, and the one type argument if there is one.
fn single_segment(ty: &syn::Type) -> Option<(String, Option<&syn::Type>)> {
    let syn::Type::Path(path) = ty else { return None };
    if path.qself.is_some() || path.path.leading_colon.is_some() || path.path.segments.len() != 1 {
        return None;
    }
    let segment = &path.path.segments[0];
    let argument = match &segment.arguments {
        syn::PathArguments::None => None,
        syn::PathArguments::AngleBracketed(args) => match args.args.iter().collect::<Vec<_>>()[..] {
            [syn::GenericArgument::Type(inner)] => Some(inner),
            _ => return None,
        },
        syn::PathArguments::Parenthesized(_) => return None,
    };
    Some((segment.ident.to_string(), argument))
}

impl Known {
    /// `min_length`, `max_length`, `pattern` and `format` apply to it.
    pub(crate) fn is_string(self) -> bool {
        self.base == Base::Text
    }

    /// An integer `minimum` / `maximum` (or integer default) of `n` has its bound type and
    /// fits in it: neither the type check nor the range check can fail.
    pub(crate) fn takes_int(self, n: i128) -> bool {
        match self.base {
            Base::Int { min, max } => (min..=max).contains(&n),
            Base::Float { int_min, int_max } => (int_min..=int_max).contains(&n),
            Base::Text | Base::Bool => false,
        }
    }

    /// A `minimum` / `maximum` it takes without a check (integers only: a float literal
    /// out of `f32`'s range is the compiler's to report).
    pub(crate) fn takes_bound(self, n: &Number) -> bool {
        n.int.is_some_and(|i| self.takes_int(i))
    }

    /// A `default` it takes without a check: a string for a string, `true` / `false` for a
    /// `bool`, an integer in range for a number.
    pub(crate) fn takes_default(self, default: &DefaultLit) -> bool {
        match default {
            DefaultLit::Str(_) => self.base == Base::Text,
            DefaultLit::Bool(_) => self.base == Base::Bool,
            DefaultLit::Number(n) => self.takes_bound(n),
            DefaultLit::List(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known_of(src: &str) -> Option<Known> {
        known(&syn::parse_str(src).expect("a type"))
    }

    #[test]
    fn only_bare_standard_names_are_known() {
        for src in ["String", "bool", "u8", "i64", "f32", "Option<String>", "Option<u64>"] {
            assert!(known_of(src).is_some(), "{src}");
        }
        for src in ["std::string::String", "Option<Option<u8>>", "Vec<u8>", "Seating", "usize", "isize", "u128", "Option<Seating>", "<T as X>::Y", "Box<str>"] {
            assert!(known_of(src).is_none(), "{src}");
        }
    }

    #[test]
    fn literals_are_taken_only_when_they_fit() {
        let u8_ = known_of("u8").expect("known");
        assert!(u8_.takes_int(0) && u8_.takes_int(255));
        assert!(!u8_.takes_int(256) && !u8_.takes_int(-1));
        let f64_ = known_of("Option<f64>").expect("known");
        assert!(f64_.takes_int(-5) && !f64_.takes_int(i128::from(i64::MAX) + 1));
        let text = known_of("String").expect("known");
        assert!(text.is_string() && !text.takes_int(1));
        assert!(text.takes_default(&DefaultLit::Str("x".into())) && !text.takes_default(&DefaultLit::Bool(true)));
        assert!(!known_of("bool").expect("known").takes_default(&DefaultLit::Str("x".into())));
    }
}
