use elicit_runtime::Elicit;
use elicit_runtime::form::Violation;
use serde_json::json;

/// The author's rule, as a method or a free function.
#[derive(Elicit, Debug)]
#[elicit(validate = Self::in_order)]
struct Dates {
    start: u16,
    end: u16,
}

impl Dates {
    fn in_order(&self) -> Result<(), Vec<Violation>> {
        if self.end > self.start { Ok(()) } else { Err(vec![Violation::rule("end", "must be after the start")]) }
    }
}

#[derive(Elicit, Debug)]
#[elicit(validate = any_contact)]
struct Contact {
    phone: Option<String>,
    email: Option<String>,
}

fn any_contact(contact: &Contact) -> Result<(), Vec<Violation>> {
    match (&contact.phone, &contact.email) {
        (None, None) => Err(vec![Violation::form_rule("give a phone number or an email address")]),
        _ => Ok(()),
    }
}

fn main() {
    assert!(Dates::from_content(json!({"start": 1, "end": 2}).as_object().unwrap()).is_ok());
    let err = Dates::from_content(json!({"start": 2, "end": 2}).as_object().unwrap()).unwrap_err();
    assert_eq!(err.violations(), [Violation::rule("end", "must be after the start")]);
    let err = Contact::from_content(json!({}).as_object().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "the content does not match the form: give a phone number or an email address");
}
