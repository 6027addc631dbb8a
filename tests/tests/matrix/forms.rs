//! The catalogue of forms the matrix asks: a few derived forms, each combining several
//! field kinds (what the user means of each is generated in `cases.rs`).

use elicit_runtime::Elicit;
use elicit_runtime::form::{Options, SelectItem};

// ---- the forms -------------------------------------------------------------------------

/// Texts: formats, lengths, patterns, an optional, a default, a skipped field.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Texts {
    /// The name on the account
    #[elicit(title = "Name", title(ja = "氏名"), min_length = 2, max_length = 12)]
    pub name: String,
    #[elicit(title = "Email", title(ja = "メール"), format = "email")]
    pub email: String,
    #[elicit(
        pattern = "^[A-Z]{3}-[0-9]{2}$",
        pattern_hint = "three capitals, a dash, two digits"
    )]
    pub code: String,
    #[elicit(max_length = 8)]
    pub nickname: Option<String>,
    #[elicit(default = "none", max_length = 20)]
    pub note: String,
    /// A date (`format = "date"` from its type)
    pub born: chrono::NaiveDate,
    /// A link (`format = "uri"` from its type)
    pub site: Option<url::Url>,
    #[elicit(skip)]
    pub internal: u32,
}

/// Numbers: integers of every width, numbers, booleans, optionals, defaults.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Numbers {
    #[elicit(title = "Guests", title(ja = "人数"), minimum = 1, maximum = 12)]
    pub guests: u8,
    pub tiny: i8,
    pub short: i16,
    #[elicit(minimum = -5, maximum = 5)]
    pub offset: i32,
    pub big: i64,
    pub port: u16,
    pub count: u32,
    pub huge: u64,
    pub size: usize,
    pub delta: isize,
    #[elicit(minimum = 0, maximum = 1)]
    pub ratio: f64,
    pub weight: Option<f32>,
    pub limit: Option<i64>,
    pub agree: bool,
    pub maybe: Option<bool>,
    #[elicit(default = true)]
    pub newsletter: bool,
    #[elicit(default = 3, minimum = 0, maximum = 9)]
    pub retries: u8,
}

/// A plan, titled (in every language the catalog has, some).
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "kebab-case")]
pub enum Plan {
    #[elicit(title = "Free", title(ja = "無料"))]
    Free,
    #[elicit(title = "Team (per seat)", title(ja = "チーム（席ごと）"))]
    Team,
    #[elicit(title = "Enterprise 🏢", title(ja = "企業 🏢"))]
    EnterpriseGold,
}

/// A size, untitled.
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Size {
    Small,
    Medium,
    Large,
}

/// A topping, titled.
#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
pub enum Topping {
    #[elicit(title = "Cheese", title(ja = "チーズ"))]
    Cheese,
    #[elicit(title = "Ham & pineapple")]
    HamPineapple,
    #[elicit(title = "Грибы")]
    Mushrooms,
    Olives,
}

/// Selects and multi-selects the derive knows: titled and untitled, optional, a default.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Picks {
    #[elicit(title = "Plan", title(ja = "プラン"))]
    pub plan: Plan,
    pub size: Size,
    pub second: Option<Plan>,
    #[elicit(
        title = "Toppings",
        title(ja = "トッピング"),
        min_items = 1,
        max_items = 3
    )]
    pub toppings: Vec<Topping>,
    pub sizes: Vec<Size>,
    #[elicit(default = "medium")]
    pub fallback: Size,
}

/// A repository, the author's item.
#[derive(Debug, Clone, PartialEq)]
pub struct Repo(pub u32);
impl SelectItem for Repo {}

/// Selects whose options come from data: values that are not identifiers, titles in any
/// script, beside a text field.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Data {
    #[elicit(min_length = 1)]
    pub reason: String,
    #[elicit(options, title = "Repository", title(ja = "リポジトリ"))]
    pub repo: Repo,
    #[elicit(options)]
    pub label: Option<String>,
    #[elicit(
        options,
        min_items = 1,
        title = "Repositories",
        title(ja = "リポジトリ一覧")
    )]
    pub repos: Vec<Repo>,
    #[elicit(options, max_items = 3)]
    pub tags: Vec<String>,
}

/// An address with a separated list, flattened with a prefix.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Address {
    #[elicit(min_length = 1)]
    pub street: String,
    pub city: String,
    pub zip: Option<String>,
    /// What is near
    #[elicit(separated = ",", min_items = 1, max_items = 3, max_length = 12)]
    pub tags: Vec<String>,
}

/// A flattened sub-form with a prefix (a separated list in it), a skipped field.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Ticket {
    #[elicit(min_length = 3)]
    pub title: String,
    #[elicit(flatten(prefix = "home_", title_prefix = "Home "))]
    pub home: Address,
    #[elicit(skip)]
    pub seen: bool,
}

/// A form that holds a secret: asked on the server's page (`#[elicit(page)]`), with a
/// few kinds beside it.
#[derive(Elicit, Debug)]
#[elicit(page)]
pub struct Card {
    #[elicit(title = "Holder", title(ja = "名義"), min_length = 2, max_length = 12)]
    pub holder: String,
    #[elicit(min_length = 12, pattern = "^sk_")]
    pub key: elicit_runtime::page::Secret,
    #[elicit(minimum = 1, maximum = 12)]
    pub month: u8,
    pub plan: Plan,
    pub toppings: Vec<Topping>,
    pub agree: bool,
    pub note: Option<String>,
}

/// How would you like to pay?
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(rename_all = "snake_case")]
pub enum Payment {
    /// Pay at the desk
    Cash,
    #[elicit(title = "Invoice", title(ja = "請求書"))]
    Invoice {
        #[elicit(format = "email")]
        email: String,
        #[elicit(max_length = 10)]
        purchase_order: Option<String>,
    },
    Card {
        #[elicit(minimum = 1, maximum = 12)]
        month: u8,
    },
}

// ---- the options of `Data` ---------------------------------------------------------------

/// `(value, title, item)`: values that are not identifiers (spaces, colons, CJK, digits
/// only), titles in Japanese, Cyrillic, emoji.
pub const REPOS: [(&str, &str, u32); 4] = [
    ("api", "API サーバー", 1),
    ("a b", "Веб-сайт", 2),
    ("bug: ui", "🐛 不具合", 3),
    ("7", "七号", 7),
];
/// Untitled values; `x-y` and `x.y` are written alike, so their checkboxes go by position.
pub const LABELS: [&str; 4] = ["a b", "bug: ui", "日本", "7"];
pub const TAGS: [&str; 4] = ["x-y", "x.y", "Ünïcode", "plain"];

pub fn data_options() -> DataOptions {
    let repos = || Options::new(REPOS.map(|(v, t, i)| (v, t, Repo(i)))).expect("options");
    DataOptions {
        repo: repos(),
        label: Options::untitled(LABELS.map(|v| (v, v.to_owned()))).expect("options"),
        repos: repos(),
        tags: Options::untitled(TAGS.map(|v| (v, v.to_owned()))).expect("options"),
    }
}

/// The one field of a single value (`ask_number`, `ask_text`, `ask_enum`, `ask_select`,
/// which the tool `values` asks in turn): named `value`, titled from the catalogs'
/// `value-title`. Stands for it where the matrix names a field by its title.
#[derive(Elicit, Debug)]
pub struct SingleValue {
    #[elicit(title = "Answer", title(ja = "回答"))]
    pub value: String,
}
