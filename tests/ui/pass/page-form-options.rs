//! A run-time select in a page form: the companion struct is written beside it, and the
//! answer is read among exactly the options given, by value, into the author's items.
use elicit_runtime::form::{Options, Problem};
use elicit_runtime::page::{PageForm, Secret};
use elicit_runtime::Elicit;
use serde_json::json;

#[derive(Elicit, Debug)]
#[elicit(page)]
struct Card {
    /// The account to charge
    #[elicit(options)]
    account: u64,
    #[elicit(options, max_items = 2)]
    notify: Vec<String>,
    pin: Secret,
}

fn main() {
    let fields = <Card as PageForm>::SCHEMA.fields();
    assert!(fields[0].is_runtime_select() && fields[1].is_runtime_select() && !fields[2].is_runtime_select());

    let options = CardOptions {
        account: Options::new([("main", "Main account", 7u64), ("savings", "Savings", 9)]).unwrap(),
        notify: Options::untitled([("me", "me".to_owned()), ("bank", "bank".to_owned())]).unwrap(),
    };
    let content = json!({ "account": "savings", "notify": ["bank"], "pin": "1234" });
    let card = Card::from_content_with(content.as_object().unwrap(), &options).unwrap();
    assert_eq!((card.account, card.notify.as_slice(), card.pin.expose()), (9, &["bank".to_owned()][..], "1234"));

    let tampered = json!({ "account": "offshore", "notify": [], "pin": "1234" });
    let invalid = Card::from_content_with(tampered.as_object().unwrap(), &options).unwrap_err();
    assert_eq!(invalid.violations()[0].problem, Problem::NotAnOption("offshore".into()));

    // Without its options (generic code over `PageForm`), nothing is read.
    assert!(Card::from_content(content.as_object().unwrap()).is_err());
}
