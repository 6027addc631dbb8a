// A form written by a `macro_rules!` macro: attribute values passed as `$x:expr` (which
// arrive wrapped in an invisible group), doc comments and attributes passed as `meta`,
// and literals whose spans belong to the macro's caller, which the generated checks
// must not confuse with their own locals.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
enum Color {
    Red,
    Green,
}

macro_rules! form {
    ($title:expr, $desc:expr, $min:expr, $max:expr, $def:expr, $pat:expr, $n:expr, $choices:expr, $choice:expr, $ren:expr, $flag:expr) => {
        #[derive(Elicit, Debug, PartialEq)]
        struct Exprs {
            #[elicit(title = $title, description = $desc, pattern = $pat, min_length = $n, rename = $ren)]
            name: String,
            #[elicit(minimum = $min, maximum = $max, default = $def)]
            count: i32,
            #[elicit(default = $choices)]
            colors: Vec<Color>,
            #[elicit(default = $choice)]
            color: Color,
            #[elicit(default = $flag)]
            flag: bool,
        }
    };
}
form!("Name", "Your name", -5, 10, -2, "^[a-z]+$", 2, ["Red"], "Green", "full_name", true);

macro_rules! metas {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $f:ident : $t:ty),* $(,)? }) => {
        $(#[$m])*
        #[derive(Elicit, Debug, PartialEq)]
        struct $name { $($(#[$fm])* $f: $t),* }
    };
}
metas!(
    /// Made by a macro
    Metas {
        /// The count
        #[elicit(minimum = 1, maximum = 5, default = 2)]
        n: u8,
        #[elicit(title = "Maybe")]
        o: Option<u8>,
    }
);

// Doc comments passed as `$doc:expr` (`#[doc = $doc]`): an invisible group around the
// literal, read as the literal, so the description is kept and its text checked.
macro_rules! documented {
    ($form:expr, $field:expr) => {
        #[doc = $form]
        #[derive(Elicit, Debug, PartialEq)]
        struct Documented {
            #[doc = $field]
            city: String,
        }
    };
}
documented!("Where to", "The city you travel to");

fn main() {
    let schema = Documented::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["properties"]["city"], json!({"type": "string", "description": "The city you travel to"}));

    let schema = Exprs::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(
        *schema.as_json(),
        json!({
            "type": "object",
            "properties": {
                "full_name": {"type": "string", "title": "Name", "description": "Your name", "minLength": 2},
                "count": {"type": "integer", "minimum": -5, "maximum": 10, "default": -2},
                "colors": {"type": "array", "items": {"type": "string", "enum": ["Red", "Green"]}, "default": ["Red"]},
                "color": {"type": "string", "enum": ["Red", "Green"], "default": "Green"},
                "flag": {"type": "boolean", "default": true},
            },
            "required": ["full_name"],
        })
    );
    // The pattern is enforced on what comes back.
    assert!(Exprs::from_content(json!({"full_name": "ADA"}).as_object().unwrap()).is_err());
    let exprs = Exprs::from_content(json!({"full_name": "ada"}).as_object().unwrap()).unwrap();
    assert_eq!(exprs, Exprs { name: "ada".into(), count: -2, colors: vec![Color::Red], color: Color::Green, flag: true });

    let schema = Metas::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(
        *schema.as_json(),
        json!({
            "type": "object",
            "properties": {
                "n": {"type": "integer", "description": "The count", "minimum": 1, "maximum": 5, "default": 2},
                "o": {"type": "integer", "title": "Maybe", "minimum": 0, "maximum": 255},
            },
        })
    );
}
