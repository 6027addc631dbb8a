// serde container attributes that change how the type decodes, each refused on the
// attribute with why and what to write instead.
use elicit_runtime::Elicit;
use serde::Deserialize;

#[derive(Deserialize, Elicit)]
#[serde(rename_all_fields = "camelCase")]
enum Fields {
    One,
}

#[derive(Deserialize, Elicit)]
#[serde(tag = "kind")]
enum Tagged {
    One,
}

#[derive(Deserialize, Elicit)]
#[serde(tag = "kind", content = "value")]
enum Adjacent {
    One,
}

#[derive(Deserialize, Elicit)]
#[serde(untagged)]
enum Untagged {
    One,
}

#[derive(Deserialize, Elicit)]
#[serde(variant_identifier)]
enum Variants {
    One,
}

#[derive(Deserialize, Elicit)]
#[serde(field_identifier)]
enum FieldNames {
    One,
}

#[derive(Deserialize, Elicit)]
#[serde(transparent)]
struct Transparent {
    name: String,
}

pub struct Theirs {
    pub name: String,
}

#[derive(Deserialize, Elicit)]
#[serde(remote = "Theirs")]
struct Mine {
    name: String,
}

#[derive(Deserialize)]
struct Raw {
    name: String,
}

impl From<Raw> for Converted {
    fn from(raw: Raw) -> Self {
        Converted { name: raw.name }
    }
}

#[derive(Deserialize, Elicit)]
#[serde(from = "Raw")]
struct Converted {
    name: String,
}

impl TryFrom<Raw> for Checked {
    type Error = String;
    fn try_from(raw: Raw) -> Result<Self, String> {
        Ok(Checked { name: raw.name })
    }
}

#[derive(Deserialize, Elicit)]
#[serde(try_from = "Raw")]
struct Checked {
    name: String,
}

fn main() {}
