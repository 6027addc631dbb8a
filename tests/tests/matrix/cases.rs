//! What the user means of each form of the catalogue (`forms.rs`): the typed value the
//! tool must get, the content the user fills in, and a wrong answer, from the seed.

use elicit_runtime::Elicit;
use elicit_runtime::form::{ElicitEnum, FormSchema};
use elicit_runtime::page::PageForm;
use elicit_runtime::testing::RealClient;
use serde_json::{Map, Value, json};

use super::forms::{
    Address, Card, Data, LABELS, Numbers, Payment, Picks, Plan, REPOS, Repo, SingleValue, Size,
    TAGS, Texts, Ticket, Topping,
};
use super::rng::Rng;

// ---- what the user means ---------------------------------------------------------------

/// One form of a question: what the user means to answer (content as the user knows it:
/// values, or the titles of options whose values the user never sees), with the form's
/// schema where the test can name it.
#[derive(Debug, Clone)]
pub struct Step {
    pub content: Map<String, Value>,
    /// The same answer by the options' values: what the client's model relays, having
    /// read the values beside the titles.
    pub values: Map<String, Value>,
    pub schema: Option<&'static FormSchema>,
}

impl Step {
    fn of(content: Map<String, Value>, schema: Option<&'static FormSchema>) -> Self {
        Step {
            values: content.clone(),
            content,
            schema,
        }
    }
}

/// A wrong answer: at step `step`, `field` answered `bad`.
#[derive(Debug, Clone)]
pub struct Wrong {
    pub step: usize,
    pub field: &'static str,
    pub bad: Value,
}

/// A generated case: what the tool must get, and what the user does.
#[derive(Debug, Clone)]
pub struct Case {
    /// The tool's text: `Accept(<the typed value, Debug>)`.
    pub expected: String,
    pub steps: Vec<Step>,
    pub wrong: Option<Wrong>,
}

/// A form of the catalogue: its tool, its wire names, its generator.
pub struct Entry {
    pub tool: &'static str,
    /// Every property the form must show (a multi-select as itself or its checkboxes),
    /// by step.
    pub fields: fn(usize) -> Vec<&'static str>,
    /// The form of the first step (the one a re-ask's problems name fields of).
    pub schema: Option<&'static FormSchema>,
    /// Whether it is a page form, asked on the server's page (the only path it takes).
    pub page: bool,
    /// The case for a client, in a language (`en`, `ja`).
    pub generate: fn(&mut Rng, RealClient, &str) -> Case,
}

pub const FORMS: [Entry; 8] = [
    Entry {
        tool: "texts",
        fields: |_| wire(Texts::SCHEMA),
        schema: Some(Texts::SCHEMA),
        page: false,
        generate: texts,
    },
    Entry {
        tool: "numbers",
        fields: |_| wire(Numbers::SCHEMA),
        schema: Some(Numbers::SCHEMA),
        page: false,
        generate: numbers,
    },
    Entry {
        tool: "picks",
        fields: |_| wire(Picks::SCHEMA),
        schema: Some(Picks::SCHEMA),
        page: false,
        generate: picks,
    },
    Entry {
        tool: "data",
        fields: |_| wire(Data::SCHEMA),
        schema: Some(Data::SCHEMA),
        page: false,
        generate: data,
    },
    Entry {
        tool: "ticket",
        fields: |_| wire(Ticket::SCHEMA),
        schema: Some(Ticket::SCHEMA),
        page: false,
        generate: ticket,
    },
    Entry {
        tool: "payment",
        fields: |step| {
            if step == 0 {
                vec!["choice"]
            } else {
                Vec::new()
            }
        },
        schema: None,
        page: false,
        generate: payment,
    },
    // Single values in turn (`ask_number`, `ask_text`, `ask_enum`, `ask_select`), each a
    // form of one field.
    Entry {
        tool: "values",
        fields: |_| vec!["value"],
        schema: Some(SingleValue::SCHEMA),
        page: false,
        generate: values,
    },
    // A URL-mode request shows no fields: the page does.
    Entry {
        tool: "card",
        fields: |_| Vec::new(),
        schema: Some(<Card as PageForm>::SCHEMA),
        page: true,
        generate: card,
    },
];

fn wire(schema: &'static FormSchema) -> Vec<&'static str> {
    schema.fields().iter().map(|f| f.name()).collect()
}

const LETTERS: [char; 12] = [
    'a', 'b', 'z', 'A', 'Q', 'ж', 'Я', '山', '田', '🙂', 'é', ' ',
];

fn name(rng: &mut Rng, min: usize, max: usize) -> String {
    loop {
        let text = rng.text(&LETTERS, min, max);
        // A person's text does not start or end with a space (clients may trim it).
        if text.trim() == text && text.chars().count() >= min {
            return text;
        }
    }
}

fn object(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

/// A case of one form: the value, its content (less what the user leaves alone), a wrong
/// answer built from it.
fn one<T: Elicit + std::fmt::Debug>(
    value: &T,
    left_alone: &[&str],
    wrongs: Vec<(&'static str, Value)>,
    rng: &mut Rng,
) -> Case {
    let mut content = value.to_content();
    for field in left_alone {
        content.remove(*field);
    }
    single(
        format!("Accept({value:?})"),
        content,
        Some(T::SCHEMA),
        wrongs,
        rng,
    )
}

fn single(
    expected: String,
    content: Map<String, Value>,
    schema: Option<&'static FormSchema>,
    wrongs: Vec<(&'static str, Value)>,
    rng: &mut Rng,
) -> Case {
    let wrong = (!wrongs.is_empty() && rng.below(3) > 0).then(|| {
        let (field, bad) = rng.pick(&wrongs).clone();
        Wrong {
            step: 0,
            field,
            bad,
        }
    });
    Case {
        expected,
        steps: vec![Step::of(content, schema)],
        wrong,
    }
}

fn texts(rng: &mut Rng, _: RealClient, _: &str) -> Case {
    let mut left = Vec::new();
    let note = if rng.coin() {
        left.push("note");
        "none".to_owned()
    } else {
        name(rng, 1, 20)
    };
    let value = Texts {
        name: name(rng, 2, 12),
        email: format!(
            "{}{}@example.com",
            rng.pick(&["ada", "lev", "zoe"]),
            rng.below(100)
        ),
        code: format!(
            "{}{}{}-{:02}",
            rng.pick(&['A', 'B', 'Z']),
            rng.pick(&['Q', 'R']),
            rng.pick(&['X', 'Y']),
            rng.below(100)
        ),
        nickname: rng
            .coin()
            .then(|| name(rng, 0, 8))
            .filter(|n| !n.is_empty()),
        note,
        born: chrono::NaiveDate::from_ymd_opt(
            1900 + rng.below(200) as i32,
            1 + rng.below(12) as u32,
            1 + rng.below(28) as u32,
        )
        .expect("a date"),
        site: rng.coin().then(|| {
            url::Url::parse(&format!("https://example.com/{}", rng.below(1000))).expect("a URL")
        }),
        internal: 0,
    };
    let wrongs = vec![
        ("born", json!("2026-02-30")),
        ("site", json!("not a link")),
        ("name", json!("A")),
        ("name", json!("Abcdefghijklmnop")),
        ("email", json!("not an address")),
        ("code", json!("abc-1")),
        ("nickname", json!("far too long a nickname")),
    ];
    one(&value, &left, wrongs, rng)
}

fn numbers(rng: &mut Rng, client: RealClient, _: &str) -> Case {
    let mut left = Vec::new();
    let mut value = Numbers {
        guests: rng.int(1, 12) as u8,
        tiny: rng.int(i8::MIN.into(), i8::MAX.into()) as i8,
        short: rng.int(i16::MIN.into(), i16::MAX.into()) as i16,
        offset: rng.int(-5, 5) as i32,
        big: rng.int(i64::MIN.into(), i64::MAX.into()) as i64,
        port: rng.int(0, u16::MAX.into()) as u16,
        count: rng.int(0, u32::MAX.into()) as u32,
        huge: rng.int(0, u64::MAX.into()) as u64,
        size: rng.int(0, u32::MAX.into()) as usize,
        delta: rng.int(i32::MIN.into(), i32::MAX.into()) as isize,
        ratio: *rng.pick(&[0.0, 0.25, 0.5, 1.0, 0.125]),
        weight: rng.coin().then(|| *rng.pick(&[1.5f32, -2.25, 0.0, 1024.0])),
        limit: rng
            .coin()
            .then(|| rng.int(i64::MIN.into(), i64::MAX.into()) as i64),
        agree: rng.coin(),
        maybe: match rng.below(3) {
            0 => None,
            1 => Some(true),
            _ => Some(false),
        },
        newsletter: true,
        retries: 3,
    };
    if rng.coin() {
        left.push("newsletter");
    } else {
        value.newsletter = rng.coin();
    }
    // Goose starts a number it shows empty at its minimum: a default it was not shown
    // (2025-06-18) or does not start from is the user's to type.
    if rng.coin() && client != RealClient::Goose {
        left.push("retries");
    } else {
        value.retries = rng.int(0, 9) as u8;
    }
    // What the client itself sends for a field the user leaves alone (docs/clients.md):
    // the user cannot give these clients "nothing" there.
    if client == RealClient::Goose {
        value.weight = value.weight.or(Some(0.0));
        value.limit = value.limit.or(Some(0));
    }
    if client == RealClient::VsCode {
        value.maybe = value.maybe.or(Some(false));
    }
    let wrongs = vec![
        ("guests", json!(13)),
        ("guests", json!(0)),
        ("offset", json!(6)),
        ("ratio", json!(1.5)),
        ("retries", json!(10)),
    ];
    one(&value, &left, wrongs, rng)
}

fn picks(rng: &mut Rng, _: RealClient, _: &str) -> Case {
    let plans = [Plan::Free, Plan::Team, Plan::EnterpriseGold];
    let sizes = [Size::Small, Size::Medium, Size::Large];
    let toppings = [
        Topping::Cheese,
        Topping::HamPineapple,
        Topping::Mushrooms,
        Topping::Olives,
    ];
    let mut chosen: Vec<Topping> = rng.some_of(&toppings);
    chosen.truncate(3);
    if chosen.is_empty() {
        chosen.push(*rng.pick(&toppings));
    }
    let mut left = Vec::new();
    let fallback = if rng.coin() {
        left.push("fallback");
        Size::Medium
    } else {
        *rng.pick(&sizes)
    };
    let value = Picks {
        plan: *rng.pick(&plans),
        size: *rng.pick(&sizes),
        second: rng.coin().then(|| *rng.pick(&plans)),
        toppings: chosen.clone(),
        sizes: rng.some_of(&sizes),
        fallback,
    };
    let mut case = one(
        &value,
        &left,
        vec![
            ("toppings", json!([])),
            (
                "toppings",
                json!(["cheese", "ham_pineapple", "mushrooms", "olives"]),
            ),
        ],
        rng,
    );
    // The user picks the way they read: one time in two a multi-select's options by title,
    // and the list in any order (it comes back in the options' order).
    if rng.coin() {
        let titles: Vec<Value> = chosen
            .iter()
            .rev()
            .map(|t| {
                Value::from(
                    Topping::OPTIONS[*t as usize]
                        .title()
                        .unwrap_or(Topping::OPTIONS[*t as usize].value()),
                )
            })
            .collect();
        case.steps[0]
            .content
            .insert("toppings".into(), Value::Array(titles));
    }
    let values: Vec<Value> = chosen
        .iter()
        .rev()
        .map(|t| Value::from(Topping::OPTIONS[*t as usize].value()))
        .collect();
    case.steps[0]
        .values
        .insert("toppings".into(), Value::Array(values));
    case
}

fn data(rng: &mut Rng, _: RealClient, _: &str) -> Case {
    let repo = *rng.pick(&REPOS);
    let label = rng.coin().then(|| *rng.pick(&LABELS));
    let mut repos: Vec<(&str, &str, u32)> = rng.some_of(&REPOS);
    if repos.is_empty() {
        repos.push(*rng.pick(&REPOS));
    }
    let mut tags: Vec<&str> = rng.some_of(&TAGS);
    tags.truncate(3);
    let value = Data {
        reason: name(rng, 1, 10),
        repo: Repo(repo.2),
        label: label.map(str::to_owned),
        repos: repos.iter().map(|r| Repo(r.2)).collect(),
        tags: tags.iter().map(|t| (*t).to_owned()).collect(),
    };
    // The user knows the options by what the form shows: the titles of titled ones, the
    // values of the others; a multi-select's in any order.
    let mut content = object(json!({
        "reason": value.reason,
        "repo": repo.1,
        "repos": repos.iter().rev().map(|r| r.1).collect::<Vec<_>>(),
        "tags": tags,
    }));
    if let Some(label) = label {
        content.insert("label".into(), label.into());
    }
    let mut values = content.clone();
    values.insert("repo".into(), repo.0.into());
    values.insert(
        "repos".into(),
        repos.iter().rev().map(|r| r.0).collect::<Vec<_>>().into(),
    );
    let wrongs = vec![
        ("repos", json!([])),
        ("tags", json!(TAGS)),
        ("reason", json!("")),
    ];
    let mut case = single(
        format!("Accept({value:?})"),
        content,
        Some(Data::SCHEMA),
        wrongs,
        rng,
    );
    case.steps[0].values = values;
    case
}

fn ticket(rng: &mut Rng, _: RealClient, _: &str) -> Case {
    let words = ["bug", "ui", "ошибка", "バグ", "p1", "ux"];
    let mut tags: Vec<String> = rng.some_of(&words).into_iter().map(str::to_owned).collect();
    tags.truncate(3);
    if tags.is_empty() {
        tags.push("bug".into());
    }
    let value = Ticket {
        title: name(rng, 3, 12),
        home: Address {
            street: name(rng, 1, 10),
            city: name(rng, 1, 8),
            zip: rng.coin().then(|| format!("{:05}", rng.below(100_000))),
            tags,
        },
        seen: false,
    };
    let wrongs = vec![
        ("title", json!("ab")),
        ("home_street", json!("")),
        ("home_tags", json!("a,b,c,d")),
        ("home_tags", json!("far-too-long-a-tag")),
    ];
    one(&value, &[], wrongs, rng)
}

fn payment(rng: &mut Rng, _: RealClient, locale: &str) -> Case {
    match rng.below(3) {
        0 => Case {
            expected: "Accept(Cash)".into(),
            steps: vec![choice("cash", "cash")],
            wrong: None,
        },
        1 => {
            let email = format!("pay{}@example.com", rng.below(1000));
            let po = rng.coin().then(|| format!("PO-{}", rng.below(1000)));
            let value = Payment::Invoice {
                email: email.clone(),
                purchase_order: po.clone(),
            };
            let mut fields = object(json!({ "email": email }));
            if let Some(po) = po {
                fields.insert("purchase_order".into(), po.into());
            }
            Case {
                expected: format!("Accept({value:?})"),
                steps: vec![
                    choice(
                        "invoice",
                        if locale == "ja" {
                            "請求書"
                        } else {
                            "Invoice"
                        },
                    ),
                    Step::of(fields, None),
                ],
                wrong: rng.coin().then_some(Wrong {
                    step: 1,
                    field: "email",
                    bad: json!("nobody"),
                }),
            }
        }
        _ => {
            let month = rng.int(1, 12) as u8;
            let value = Payment::Card { month };
            Case {
                expected: format!("Accept({value:?})"),
                steps: vec![
                    choice("card", "card"),
                    Step::of(object(json!({ "month": month })), None),
                ],
                wrong: rng.coin().then_some(Wrong {
                    step: 1,
                    field: "month",
                    bad: json!(13),
                }),
            }
        }
    }
}

/// The first step of a choice: the variant as the user reads it (its title in the
/// user's language), as the model relays it (its value).
fn choice(value: &str, title: &str) -> Step {
    Step {
        content: object(json!({ "choice": title })),
        values: object(json!({ "choice": value })),
        schema: None,
    }
}

fn values(rng: &mut Rng, _: RealClient, locale: &str) -> Case {
    let number = rng.int(-5, 300) as i16;
    let name = name(rng, 2, 12);
    let plan = *rng.pick(&[Plan::Free, Plan::Team, Plan::EnterpriseGold]);
    let repo = *rng.pick(&REPOS);
    let option = &Plan::OPTIONS[plan as usize];
    let title = option
        .title_in(elicit_runtime::locale::Locale::for_tag(locale))
        .unwrap_or(option.value());
    // The user picks by what the form shows (the titles); the model relays the values.
    let pick = |shown: &str, value: Value| Step {
        content: object(json!({ "value": shown })),
        values: object(json!({ "value": value })),
        schema: None,
    };
    let steps = vec![
        Step::of(object(json!({ "value": number })), None),
        Step::of(object(json!({ "value": name })), None),
        pick(title, json!(option.value())),
        pick(repo.1, json!(repo.0)),
    ];
    // A client's form offers no option that is not one: the wrong answers are typed.
    let wrongs = [
        (0, json!(301)),
        (0, json!(-6)),
        (1, json!("A")),
        (1, json!("Ada Lovelace!")),
    ];
    let wrong = (rng.below(3) > 0).then(|| {
        let (step, bad) = rng.pick(&wrongs).clone();
        Wrong {
            step,
            field: "value",
            bad,
        }
    });
    Case {
        expected: format!("Accept({:?})", (number, name, plan, Repo(repo.2))),
        steps,
        wrong,
    }
}

fn card(rng: &mut Rng, _: RealClient, _: &str) -> Case {
    let plans = [Plan::Free, Plan::Team, Plan::EnterpriseGold];
    let toppings = [
        Topping::Cheese,
        Topping::HamPineapple,
        Topping::Mushrooms,
        Topping::Olives,
    ];
    let key = format!("sk_{}", rng.text(&['a', 'Z', '0', '9', '_'], 9, 20));
    let value = Card {
        holder: name(rng, 2, 12),
        key: elicit_runtime::page::Secret::new(key.clone()),
        month: rng.int(1, 12) as u8,
        plan: *rng.pick(&plans),
        toppings: rng.some_of(&toppings),
        agree: rng.coin(),
        note: rng.coin().then(|| name(rng, 1, 8)),
    };
    // What the user types on the page: the secret in it, the options by value.
    let mut content = object(json!({
        "holder": value.holder,
        "key": key,
        "month": value.month,
        "plan": Plan::OPTIONS[value.plan as usize].value(),
        "toppings": value.toppings.iter().map(|t| Topping::OPTIONS[*t as usize].value()).collect::<Vec<_>>(),
        "agree": value.agree,
    }));
    if let Some(note) = &value.note {
        content.insert("note".into(), note.clone().into());
    }
    // What the page refuses and shows again, the problem under its field: a month out of
    // range, a holder too short or too long (titled in Japanese).
    let wrongs = vec![
        ("month", json!(13)),
        ("month", json!(0)),
        ("holder", json!("A")),
        ("holder", json!("Ada Lovelace King")),
    ];
    single(
        format!("Accept({value:?}) key={key}"),
        content,
        Some(<Card as PageForm>::SCHEMA),
        wrongs,
        rng,
    )
}
