//! Every word the page shows that the form does not, in the user's language: the
//! catalog's `page-*` messages ([`locale`](crate::locale)).

use crate::locale::{Arg, Locale};

/// Where the `n`th variable of a message goes in its template (private-use characters,
/// which no catalog text has): the page's HTML puts its own there (`html::fill`).
pub(crate) const SLOTS: [char; 2] = ['\u{E000}', '\u{E001}'];

/// The catalog's message `id` with each variable (named by `names`, in order) left as a
/// slot: the words and punctuation around a variable stay the catalog's.
fn template(locale: Locale, id: &str, names: &[&str]) -> String {
    let slots: Vec<String> = SLOTS.iter().map(char::to_string).collect();
    let args: Vec<(&str, Arg<'_>)> = names.iter().zip(&slots).map(|(name, slot)| (*name, Arg::Text(slot))).collect();
    locale.message(id, &args)
}

/// The page's words in one language, read from the catalog for one answer.
pub(crate) struct PageTexts {
    /// The language's tag, the `lang` of the page's `<html>`.
    pub(crate) lang: String,
    pub(crate) locale: Locale,
    pub(crate) title: String,
    pub(crate) intro: String,
    /// A template with one slot, for the user.
    pub(crate) signed_in_as: String,
    pub(crate) required: String,
    pub(crate) optional: String,
    /// A template with two slots, for a field's title and its hint (required or optional).
    pub(crate) label: String,
    pub(crate) no_choice: String,
    pub(crate) yes: String,
    pub(crate) no: String,
    pub(crate) submit: String,
    pub(crate) correct: String,
    pub(crate) secret_not_kept: String,
    pub(crate) not_a_number: String,
    pub(crate) done_title: String,
    pub(crate) done: String,
    pub(crate) refused_title: String,
    pub(crate) nothing_stored: String,
    pub(crate) wrong_user: String,
    pub(crate) unknown: String,
    pub(crate) expired: String,
    pub(crate) used: String,
    pub(crate) unavailable: String,
    pub(crate) sign_in: String,
    pub(crate) foreign: String,
    pub(crate) stale: String,
    pub(crate) unreadable: String,
}

impl PageTexts {
    /// The page's words in `locale`.
    pub(crate) fn new(locale: Locale) -> Self {
        let text = |id: &str| locale.message(id, &[]);
        Self {
            lang: locale.to_string(),
            locale,
            title: text("page-title"),
            intro: text("page-intro"),
            signed_in_as: template(locale, "page-signed-in-as", &["user"]),
            required: text("page-required"),
            optional: text("page-optional"),
            label: template(locale, "page-label", &["label", "hint"]),
            no_choice: text("page-no-choice"),
            yes: text("page-yes"),
            no: text("page-no"),
            submit: text("page-submit"),
            correct: text("page-correct"),
            secret_not_kept: text("page-secret-not-kept"),
            not_a_number: text("page-not-a-number"),
            done_title: text("page-done-title"),
            done: text("page-done"),
            refused_title: text("page-refused-title"),
            nothing_stored: text("page-nothing-stored"),
            wrong_user: text("page-wrong-user"),
            unknown: text("page-unknown"),
            expired: text("page-expired"),
            used: text("page-used"),
            unavailable: text("page-unavailable"),
            sign_in: text("page-sign-in"),
            foreign: text("page-foreign"),
            stale: text("page-stale"),
            unreadable: text("page-unreadable"),
        }
    }
}
