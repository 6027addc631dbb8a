// A newtype made a field by hand, delegating to `String`, as the docs of `ElicitField`
// suggest: it is a field, and an `Option` of it too.
use elicit_runtime::form::{ElicitField, Kind, NotOption, Problem};
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::{Value, json};

#[derive(Debug, PartialEq)]
struct Nickname(String);

impl ElicitField for Nickname {
    const KIND: Kind = <String as ElicitField>::KIND;
    type Literal = &'static str;
    type IntLiteral = &'static str;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        String::from_json(value).map(Nickname)
    }
    fn to_json(&self) -> Option<Value> {
        self.0.to_json()
    }
}
impl NotOption for Nickname {}

#[derive(Elicit, Debug, PartialEq)]
struct Profile {
    #[elicit(default = "anon")]
    nickname: Nickname,
    backup: Option<Nickname>,
}

fn main() {
    let schema = Profile::requested_schema(ProtocolRevision::LATEST).unwrap();
    assert_eq!(schema.as_json()["properties"]["nickname"], json!({"type": "string", "default": "anon"}));
    assert_eq!(schema.as_json()["properties"]["backup"], json!({"type": "string"}));
    let content = json!({"backup": "ada"});
    let profile = Profile::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(profile, Profile { nickname: Nickname("anon".into()), backup: Some(Nickname("ada".into())) });
}
