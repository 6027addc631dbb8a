// The derive never reads the spelling of a type: aliases resolve to the runtime's impls.
use elicit_runtime::form::Kind;
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

type Name = String;
type Age = u8;
type MaybeAge = Option<Age>;
type Flag = bool;
type Sizes = Vec<Size>;

#[derive(Elicit, Debug, PartialEq, Eq, Hash, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Large,
}

type Cup = Size;

#[derive(Elicit, Debug, PartialEq)]
struct Order {
    #[elicit(min_length = 1)]
    name: Name,
    #[elicit(minimum = 18)]
    age: MaybeAge,
    gift: Flag,
    cup: Cup,
    #[elicit(min_items = 1)]
    extras: Sizes,
}

fn main() {
    let f = Order::SCHEMA.fields();
    assert!(matches!(f[0].kind(), Kind::String(r) if r.min_length == Some(1)));
    assert!(matches!(f[1].kind(), Kind::Integer(r) if r.minimum == Some(18) && r.maximum == Some(255)));
    assert!(!f[1].is_required());
    assert!(matches!(f[2].kind(), Kind::Boolean));
    assert!(matches!(f[3].kind(), Kind::Select(options) if options.len() == 2));
    assert!(matches!(f[4].kind(), Kind::MultiSelect(r) if r.min_items == Some(1)));

    let schema = Order::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["required"], json!(["name", "gift", "cup", "extras"]));
    assert_eq!(schema.as_json()["properties"]["cup"], json!({"type": "string", "enum": ["small", "large"]}));

    let content = json!({"name": "Ada", "gift": true, "cup": "large", "extras": ["small"]});
    let order = Order::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(order, Order { name: "Ada".into(), age: None, gift: true, cup: Size::Large, extras: vec![Size::Small] });
}
