//! The field types that are other crates' types: `chrono`'s dates and times (with the
//! `chrono` feature) and `url::Url`, each a string field with its format.

use serde_json::Value;

use super::field::{ElicitField, NotOption, json_str};
use super::problem::Problem;
use super::schema::{Kind, StringRules};

#[cfg(feature = "chrono")]
mod chrono_impls {
    use super::*;
    use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

    use crate::form::Format;

    fn unparseable(format: Format) -> Problem {
        Problem::InvalidFormat(format)
    }

    #[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
    #[diagnostic::do_not_recommend]
    impl ElicitField for NaiveDate {
        const KIND: Kind = Kind::String(StringRules::with_format(Format::Date));
        type Literal = &'static str;
        type IntLiteral = &'static str;
        fn from_json(value: &Value) -> Result<Self, Problem> {
            NaiveDate::parse_from_str(json_str(value)?, "%Y-%m-%d").map_err(|_| unparseable(Format::Date))
        }
        fn to_json(&self) -> Option<Value> {
            Some(Value::from(self.format("%Y-%m-%d").to_string()))
        }
    }
    #[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
    #[diagnostic::do_not_recommend]
    impl NotOption for NaiveDate {}

    #[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
    #[diagnostic::do_not_recommend]
    impl ElicitField for DateTime<FixedOffset> {
        const KIND: Kind = Kind::String(StringRules::with_format(Format::DateTime));
        type Literal = &'static str;
        type IntLiteral = &'static str;
        fn from_json(value: &Value) -> Result<Self, Problem> {
            DateTime::parse_from_rfc3339(json_str(value)?).map_err(|_| unparseable(Format::DateTime))
        }
        fn to_json(&self) -> Option<Value> {
            Some(Value::from(self.to_rfc3339()))
        }
    }
    #[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
    #[diagnostic::do_not_recommend]
    impl NotOption for DateTime<FixedOffset> {}

    #[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
    #[diagnostic::do_not_recommend]
    impl ElicitField for DateTime<Utc> {
        const KIND: Kind = Kind::String(StringRules::with_format(Format::DateTime));
        type Literal = &'static str;
        type IntLiteral = &'static str;
        fn from_json(value: &Value) -> Result<Self, Problem> {
            DateTime::<FixedOffset>::from_json(value).map(|t| t.with_timezone(&Utc))
        }
        fn to_json(&self) -> Option<Value> {
            Some(Value::from(self.to_rfc3339()))
        }
    }
    #[cfg_attr(docsrs, doc(cfg(feature = "chrono")))]
    #[diagnostic::do_not_recommend]
    impl NotOption for DateTime<Utc> {}
}

// ---- url -----------------------------------------------------------------------------

// Always: the `url` crate is a dependency for URL mode anyway (the former `url` feature
// only hid these two impls).
#[diagnostic::do_not_recommend]
impl ElicitField for url::Url {
    const KIND: Kind = Kind::String(StringRules::with_format(super::schema::Format::Uri));
    type Literal = &'static str;
    type IntLiteral = &'static str;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        url::Url::parse(json_str(value)?).map_err(|_| Problem::InvalidFormat(super::schema::Format::Uri))
    }
    fn to_json(&self) -> Option<Value> {
        Some(Value::from(self.as_str()))
    }
}
#[diagnostic::do_not_recommend]
impl NotOption for url::Url {}
