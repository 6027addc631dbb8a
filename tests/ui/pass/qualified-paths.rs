// Fully qualified paths are types like any other for the derive.
use elicit_runtime::form::Kind;
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone, Copy)]
enum Topping {
    Cheese,
    Ham,
}

mod shop {
    #[derive(elicit_runtime::Elicit, Debug, PartialEq)]
    pub enum Crust {
        Thin,
        Thick,
    }
}

#[derive(Elicit, Debug, PartialEq)]
struct Pizza {
    name: ::std::string::String,
    slices: std::option::Option<u8>,
    also: core::option::Option<::std::boxed::Box<str>>,
    toppings: std::vec::Vec<Topping>,
    sorted: ::std::collections::BTreeSet<Topping>,
    unique: std::collections::HashSet<self::Topping>,
    crust: shop::Crust,
    count: ::core::primitive::u16,
}

fn main() {
    let f = Pizza::SCHEMA.fields();
    assert!(matches!(f[0].kind(), Kind::String(_)) && f[0].is_required());
    assert!(matches!(f[1].kind(), Kind::Integer(r) if r.maximum == Some(255)) && !f[1].is_required());
    assert!(matches!(f[2].kind(), Kind::String(_)) && !f[2].is_required());
    for multi in &f[3..6] {
        assert!(matches!(multi.kind(), Kind::MultiSelect(r) if r.options.len() == 2), "{}", multi.name());
    }
    assert!(matches!(f[6].kind(), Kind::Select(_)));
    assert!(matches!(f[7].kind(), Kind::Integer(r) if r.maximum == Some(65535)));

    let schema = Pizza::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["required"], json!(["name", "toppings", "sorted", "unique", "crust", "count"]));

    let content = json!({
        "name": "Margherita", "toppings": ["Ham", "Cheese"], "sorted": ["Ham", "Cheese"],
        "unique": ["Cheese"], "crust": "Thin", "count": 2
    });
    let pizza = Pizza::from_content(content.as_object().unwrap()).unwrap();
    // A multi-select's items come back in the options' order, whatever the answer's.
    assert_eq!(pizza.toppings, vec![Topping::Cheese, Topping::Ham]);
    assert_eq!(pizza.sorted.into_iter().collect::<Vec<_>>(), vec![Topping::Cheese, Topping::Ham]);
    assert_eq!(pizza.crust, shop::Crust::Thin);
}
