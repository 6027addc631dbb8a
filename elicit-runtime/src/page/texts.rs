//! [`PageTexts`]: every word the page shows that the form does not.

use std::borrow::Cow;

/// The words of the page that do not come from the form: headings, buttons, refusals.
/// The defaults are English; replace any of them (your wording, your language) and give
/// them to [`Pages::texts`](super::Pages::texts). Every text is escaped when written.
///
/// ```
/// use elicit_runtime::page::PageTexts;
///
/// let mut texts = PageTexts::default();
/// texts.lang = "de".into();
/// texts.submit = "Absenden".into();
/// assert_eq!(texts.submit, "Absenden");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PageTexts {
    /// The page's language, as the `lang` of its `<html>` (a BCP 47 tag).
    pub lang: Cow<'static, str>,
    /// The heading of the form.
    pub title: Cow<'static, str>,
    /// Under the heading: that the answer goes to this server only.
    pub intro: Cow<'static, str>,
    /// Before the user's name: who the page thinks is signed in.
    pub signed_in_as: Cow<'static, str>,
    /// Beside the label of a field that must be filled in.
    pub required: Cow<'static, str>,
    /// Beside the label of a field that may be left empty.
    pub optional: Cow<'static, str>,
    /// The empty choice of a select that may be left empty.
    pub no_choice: Cow<'static, str>,
    /// The choices of a yes-or-no field that may be left empty.
    pub yes: Cow<'static, str>,
    /// See [`yes`](Self::yes).
    pub no: Cow<'static, str>,
    /// The submit button.
    pub submit: Cow<'static, str>,
    /// Above a form sent back with problems.
    pub correct: Cow<'static, str>,
    /// Under a secret field sent back with a problem: it was not kept.
    pub secret_not_kept: Cow<'static, str>,
    /// The heading once the form is received.
    pub done_title: Cow<'static, str>,
    /// The text once the form is received.
    pub done: Cow<'static, str>,
    /// The heading of every refusal.
    pub refused_title: Cow<'static, str>,
    /// After every refusal.
    pub nothing_stored: Cow<'static, str>,
    /// The link was started by another user (the phishing case).
    pub wrong_user: Cow<'static, str>,
    /// No such interaction.
    pub unknown: Cow<'static, str>,
    /// The interaction expired.
    pub expired: Cow<'static, str>,
    /// The interaction was completed already.
    pub used: Cow<'static, str>,
    /// The store or the form is unavailable.
    pub unavailable: Cow<'static, str>,
    /// Nobody is signed in.
    pub sign_in: Cow<'static, str>,
    /// A POST from another site, or a page answering on another address.
    pub foreign: Cow<'static, str>,
    /// A POST without this form's token.
    pub stale: Cow<'static, str>,
    /// A body that cannot be read (not UTF-8, a repeated or unknown field, too large).
    pub unreadable: Cow<'static, str>,
}

impl Default for PageTexts {
    fn default() -> Self {
        Self {
            lang: "en".into(),
            title: "Your answer is needed".into(),
            intro: "What you type here goes to this server only: it does not pass through your MCP client or its AI model.".into(),
            signed_in_as: "Signed in as".into(),
            required: "required".into(),
            optional: "optional".into(),
            no_choice: "(none)".into(),
            yes: "Yes".into(),
            no: "No".into(),
            submit: "Submit".into(),
            correct: "Please correct the fields marked below.".into(),
            secret_not_kept: "For your safety this field was emptied: type it again.".into(),
            done_title: "Done".into(),
            done: "Your answer was received. You can close this page and go back to your MCP client.".into(),
            refused_title: "This link cannot be used".into(),
            nothing_stored: "Nothing was stored.".into(),
            wrong_user: "This link was started by another user. Only the user who started it in their MCP client can use it. If someone sent you this link, do not use it.".into(),
            unknown: "This link is not valid.".into(),
            expired: "This link has expired. Start again from your MCP client.".into(),
            used: "This link was used already.".into(),
            unavailable: "The server cannot show this form right now. Try again later.".into(),
            sign_in: "Sign in to this site first, then open the link again.".into(),
            foreign: "The form was sent from another site, or to another address.".into(),
            stale: "This form is out of date or was not sent by this page. Open the link again.".into(),
            unreadable: "The form could not be read.".into(),
        }
    }
}
