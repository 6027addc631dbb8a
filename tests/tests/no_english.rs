//! No English sentence reaches a user who reads Japanese or German: every message of the
//! catalog, every problem, and then, through a server, every form (with the descriptions
//! the toolkit adds: checkbox rules, numbers asked as text), re-ask, relay text and refused
//! call-back, the second step of a choice, progress notification, cancellation reason,
//! `-32042` error, and every page a browser is shown (the form, its problems, done,
//! refusals) are read for English words. What stays English on purpose is listed in
//! `elicit-runtime/docs/locale.md` ("What stays in English"): the author's data (the forms
//! here are translated into both languages, so none of it is English), wire names and JSON
//! (between backquotes or double quotes, left out before reading), and the errors for the
//! client program (not read here).

use std::time::Duration;

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::form::{Format, Problem, Violation};
use elicit_runtime::locale::{self, Arg, Locale, Words};
use elicit_runtime::page::{PageForm, Pages, Parts};
use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{PageBrowser, Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// The languages read, as a client asks for them.
const LANGUAGES: [(&str, &str); 2] = [("ja", "ja-JP, ja;q=0.9"), ("de", "de-DE, de;q=0.9")];

/// Words of English sentences that are no word of a German or Japanese one (`was`, `an`,
/// `will`, `in`, `Name`, `Link`, `Server`, `Text`, `optional` are German too, and left out).
const ENGLISH: [&str; 74] = [
    "the", "and", "is", "are", "must", "be", "of", "to", "with", "this", "that", "your", "you", "please", "not", "at", "least", "most", "has", "have", "been",
    "for", "from", "only", "cannot", "should", "waiting", "user", "answer", "field", "fields", "required", "missing", "choose", "tick", "ticked", "correct",
    "more", "than", "between", "valid", "whole", "characters", "long", "got", "chosen", "options", "items", "keys", "request", "requires", "information",
    "cancelled", "question", "longer", "needed", "none", "yes", "it", "or", "as", "by", "on", "its", "same", "again", "page", "expired", "used", "done",
    "submit", "digits", "decimals", "value",
];

/// The English words of `text`, once code (between backquotes), JSON words (between
/// double quotes) and HTML tags are left out.
fn english(text: &str) -> Vec<String> {
    // A page's style sheet is no text.
    let text = match (text.find("<style>"), text.find("</style>")) {
        (Some(start), Some(end)) if start < end => format!("{}{}", &text[..start], &text[end..]),
        _ => text.to_owned(),
    };
    let mut plain = String::new();
    let mut open: Option<char> = None;
    for c in text.chars() {
        match (open, c) {
            (None, '`' | '"' | '<') => open = Some(if c == '<' { '>' } else { c }),
            (Some(q), c) if c == q => {
                open = None;
                plain.push(' ');
            }
            (Some(_), _) => {}
            (None, c) => plain.push(c),
        }
    }
    plain.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| ENGLISH.contains(&w.to_ascii_lowercase().as_str())).map(str::to_owned).collect()
}

/// Fails with every English word found, and where.
fn refuse_english(found: &mut Vec<String>, tag: &str, what: &str, text: &str) {
    let words = english(text);
    if !words.is_empty() {
        found.push(format!("{tag} {what}: {words:?} in {text:?}"));
    }
}

#[test]
fn the_reader_finds_english_and_leaves_wire_names_alone() {
    assert_eq!(english("must be at least 2"), ["must", "be", "at", "least"]);
    assert_eq!(english("`rating` \"accept\" <p class=\"the\">Bewertung</p>"), Vec::<String>::new());
    assert_eq!(english("Der Link, Name, optional, true oder false, MCP, URI"), Vec::<String>::new());
}

// ---- the catalog and the problems -------------------------------------------------------

#[test]
fn no_message_of_the_catalog_and_no_problem_is_english() {
    let mut found = Vec::new();
    let (_, english_ftl) = locale::SHIPPED[0];
    for (tag, _) in LANGUAGES {
        let locale = Locale::for_tag(tag);
        for (id, variables) in locale::message_variables(english_ftl) {
            // Counts of 1 and of 2, so that every plural form is read.
            for n in [1u64, 2] {
                let args: Vec<(&str, Arg<'_>)> = variables
                    .iter()
                    .map(|name| match name.as_str() {
                        "format" => (name.as_str(), Arg::Text("email")),
                        "n" | "min" | "max" | "min_items" | "max_items" | "min_length" | "max_length" | "count" | "others" | "bound" | "length" => (name.as_str(), Arg::Count(n)),
                        _ => (name.as_str(), Arg::Text("値")),
                    })
                    .collect();
                refuse_english(&mut found, tag, &id, &locale.message(&id, &args));
            }
        }
        let problems = [
            Problem::Missing,
            Problem::WrongType { expected: "string", found: "null" },
            Problem::WrongType { expected: "integer", found: "object" },
            Problem::WrongType { expected: "boolean", found: "array" },
            Problem::NotAnInteger,
            Problem::NotANumber,
            Problem::InexactInteger,
            Problem::IntegerOutOfRange { min: 0, max: 255 },
            Problem::NumberOutOfRange { max: f64::MAX },
            Problem::BelowMinimum { minimum: 1.0, found: 0.0 },
            Problem::AboveMaximum { maximum: 5.0, found: 9.0 },
            Problem::TooShort { min_length: 2, length: 1 },
            Problem::TooLong { max_length: 1, length: 2 },
            Problem::InvalidFormat(Format::Email),
            Problem::InvalidFormat(Format::DateTime),
            Problem::NotAnOption("x".into()),
            Problem::UnknownItem("x".into()),
            Problem::DuplicateItem("x".into()),
            Problem::TooFewItems { min_items: 1, count: 0 },
            Problem::TooManyItems { max_items: 1, count: 2 },
            Problem::Item { index: 2, problem: Box::new(Problem::NotAnInteger) },
            Problem::NotAsked,
            Problem::MoreNotAsked { count: 2 },
            Problem::MoreNotAsked { count: 40 },
        ];
        for problem in problems {
            refuse_english(&mut found, tag, &format!("{problem:?}"), &Violation::new("wire", problem).text(locale));
        }
        // A rule of the author's that failed without saying why.
        let rule = Violation::form_rule("the answer breaks a rule of this form");
        refuse_english(&mut found, tag, "an unsaid rule", &rule.text(locale));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

// ---- through a server -------------------------------------------------------------------

#[derive(Elicit, Debug, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Diet {
    #[elicit(title = "Vegan", title(ja = "ヴィーガン", de = "Vegan"))]
    Vegan,
    #[elicit(title = "Gluten-free", title(ja = "グルテンフリー", de = "Glutenfrei"))]
    GlutenFree,
}

/// A form whose every text the author translated.
#[derive(Elicit, Debug)]
struct Booking {
    #[elicit(title = "Name", title(ja = "お名前", de = "Name"), min_length = 2)]
    name: String,
    #[elicit(title = "Guests", title(ja = "人数", de = "Gäste"), description = "Who comes", description(ja = "来る人数", de = "Wer kommt"), minimum = 1, maximum = 12)]
    guests: u8,
    #[elicit(title = "Price", title(ja = "価格", de = "Preis"), minimum = 0, maximum = 9.5)]
    price: f64,
    #[elicit(title = "Diets", title(ja = "食事制限", de = "Ernährung"), min_items = 1, max_items = 1)]
    diets: Vec<Diet>,
    #[elicit(title = "Rooms", title(ja = "部屋", de = "Zimmer"), separated = ",")]
    rooms: Vec<String>,
}

/// How do you pay?
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase", description(ja = "お支払い方法", de = "Zahlungsart"))]
enum Payment {
    #[elicit(title = "By invoice", title(ja = "請求書で", de = "Per Rechnung"))]
    Invoice {
        #[elicit(title = "Email", title(ja = "メールアドレス", de = "E-Mail"), format = "email")]
        #[expect(dead_code, reason = "read through `Debug` only")]
        email: String,
    },
    #[elicit(title = "In cash", title(ja = "現金で", de = "Bar"))]
    Cash,
}

/// A form of the server's own page.
#[derive(Elicit, Debug)]
#[elicit(page, title = "Your booking", title(ja = "ご予約", de = "Ihre Buchung"))]
struct Reference {
    #[elicit(title = "Reference", title(ja = "予約番号", de = "Buchungsnummer"), min_length = 12)]
    #[expect(dead_code, reason = "the page keeps it; the test reads the pages")]
    reference: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Args {
    #[serde(default, rename = "elicitRelay")]
    #[expect(dead_code, reason = "read by the runtime from the raw arguments")]
    relay: RelayArg,
}

#[derive(Clone)]
struct Server {
    sealer: StateSealer,
    pages: Pages,
}

fn asked() -> Words {
    Words::new("Your booking?").with("ja", "ご予約は？").with("de", "Ihre Buchung?")
}

#[tool_router]
impl Server {
    #[tool(description = "a booking, asked again twice, slowly answered")]
    async fn book(&self, call: ToolCall, Parameters(_args): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let answer = Booking::elicit(&ask, asked()).reask(2).progress_every(Some(Duration::from_millis(20))).await?;
                Ok(CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))]))
            })
            .await
    }

    #[tool(description = "a payment in two steps")]
    async fn pay(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let how = Words::new("How do you pay?").with("ja", "お支払い方法は？").with("de", "Wie zahlen Sie?");
            let answer = Payment::elicit(&ask, how).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))]))
        })
        .await
    }

    #[tool(description = "a question given up after a short wait")]
    async fn hurry(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let answer = Booking::elicit(&ask, asked()).timeout(Duration::from_millis(30)).await;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!("{}", answer.is_ok()))]))
        })
        .await
    }

    #[tool(description = "a reference on the server's page, required before the call goes on")]
    async fn reference(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let answer = Reference::elicit_via_page(&ask, &pages, "予約 / Buchung").require().await?;
                Ok(CallToolResult::success(vec![ContentBlock::text(format!("{}", matches!(answer, Elicitation::Accept(_))))]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Server {}

fn server(base: &str) -> Server {
    let sealer = StateSealer::new(*b"the no-english key of 32 bytes..").expect("a 32-byte key");
    let pages = Pages::new(Interactions::default().allow_loopback_http(true), sealer.clone(), base).expect("pages");
    pages.register::<Reference>();
    Server { sealer, pages }
}

/// A booking answered wrong twice (a name too short, too many diets, a room list with an
/// empty item, a price out of range), then right, each answer after a wait.
fn bookings() -> [Value; 3] {
    let wrong = json!({"name": "A", "guests": 0, "price": 12, "diets": ["vegan", "gluten-free"], "rooms": "12,,x"});
    let also_wrong = json!({"name": "A", "guests": 13, "price": -1, "diets": [], "rooms": ""});
    let right = json!({"name": "Ada", "guests": 2, "price": 9, "diets": ["vegan"], "rooms": "12"});
    [wrong, also_wrong, right]
}

/// How deep parentheses (half- or full-width) nest in `text`.
fn depth(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0);
    for c in text.chars() {
        match c {
            '(' | '（' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' | '）' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// The texts of a request: its message, and each title and description of its form.
fn request_texts(request: &Value) -> Vec<String> {
    let mut texts = vec![request["message"].as_str().unwrap_or_default().to_owned()];
    for property in request["requestedSchema"]["properties"].as_object().into_iter().flat_map(|p| p.values()) {
        for key in ["title", "description"] {
            texts.extend(property[key].as_str().map(str::to_owned));
        }
        for option in property["oneOf"].as_array().into_iter().chain(property["items"]["anyOf"].as_array()).flatten() {
            texts.extend(option["title"].as_str().map(str::to_owned));
        }
    }
    texts
}

#[tokio::test]
async fn forms_reasks_progress_and_cancellations_through_a_server_have_no_english() {
    let mut found = Vec::new();
    for (tag, accept_language) in LANGUAGES {
        // The spec's client on two revisions (checkboxes on 2025-06-18), and one that shows
        // no numbers (Codex: numbers asked as text, titles carried into descriptions).
        for (revision, client) in [
            (ProtocolRevision::V2025_06_18, None),
            (ProtocolRevision::V2025_11_25, None),
            (ProtocolRevision::V2025_11_25, Some(("codex-mcp-client", "0.63.0"))),
        ] {
            let [first, second, third] = bookings();
            let mut scripted = ScriptedClient::new(revision).accept_language(accept_language);
            if let Some((name, version)) = client {
                scripted = scripted.client_info(name, version);
            }
            let wait = Duration::from_millis(70);
            let session = scripted
                .reply(Reply::fill_json(first).after(wait))
                .reply(Reply::fill_json(second).after(wait))
                .reply(Reply::fill_json(third).after(wait))
                .connect(server("http://127.0.0.1:9/elicit"))
                .await
                .expect("connects");
            let _ = session.call_tool_text("book", json!({})).await;
            let transcript = session.transcript();
            assert_eq!(transcript.requests.len(), 3, "{tag} {revision} {client:?}: the form and two re-asks");
            assert!(!transcript.progress.is_empty(), "{tag} {revision}: progress was sent while the user answered");
            for (i, request) in transcript.requests.iter().enumerate() {
                for text in request_texts(request) {
                    refuse_english(&mut found, tag, &format!("{revision} {client:?} request {i}"), &text);
                    // One level of parentheses: what the toolkit adds after a description
                    // (a number asked as text, a checkbox's rule) holds none of its own.
                    assert!(depth(&text) <= 1, "{tag} {revision} {client:?}: parentheses in parentheses: {text}");
                }
            }
            for progress in &transcript.progress {
                refuse_english(&mut found, tag, "progress", progress["message"].as_str().unwrap_or_default());
            }
        }
        // A question given up: the reason of its cancellation.
        let session = ScriptedClient::new(ProtocolRevision::V2025_11_25)
            .accept_language(accept_language)
            .reply(Reply::fill_json(bookings()[2].clone()).after(Duration::from_millis(300)))
            .connect(server("http://127.0.0.1:9/elicit"))
            .await
            .expect("connects");
        let _ = session.call_tool_text("hurry", json!({})).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        let cancellations = session.transcript().cancellations;
        assert!(!cancellations.is_empty(), "{tag}: the question was withdrawn");
        for cancelled in &cancellations {
            refuse_english(&mut found, tag, "cancellation", cancelled["reason"].as_str().unwrap_or_default());
        }
        // A choice in two steps: the second says what was chosen.
        let session = ScriptedClient::new(ProtocolRevision::V2025_11_25)
            .accept_language(accept_language)
            .reply(Reply::accept(json!({"choice": "invoice"})))
            .reply(Reply::accept(json!({"email": "ada@example.com"})))
            .connect(server("http://127.0.0.1:9/elicit"))
            .await
            .expect("connects");
        session.call_tool_text("pay", json!({})).await.expect("the call");
        for request in session.transcript().requests {
            for text in request_texts(&request) {
                refuse_english(&mut found, tag, "a choice's step", &text);
            }
        }
        // A page required first (-32042 on 2025-11-25): the error a client shows its user.
        let session = ScriptedClient::new(ProtocolRevision::V2025_11_25)
            .accept_language(accept_language)
            .connect(server("http://127.0.0.1:9/elicit"))
            .await
            .expect("connects");
        let refused = session.call_tool("reference", json!({})).await;
        let Err(rmcp::service::ServiceError::McpError(error)) = refused else { panic!("{tag}: no -32042: {refused:?}") };
        assert_eq!(error.code.0, -32042, "{tag}");
        refuse_english(&mut found, tag, "-32042", &error.message);
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[tokio::test]
async fn the_relay_and_a_call_back_written_wrong_have_no_english() {
    let mut found = Vec::new();
    for (tag, accept_language) in LANGUAGES {
        for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
            let session = ScriptedClient::new(revision)
                .support(ElicitationSupport::NONE)
                .accept_language(accept_language)
                .connect(server("http://127.0.0.1:9/elicit"))
                .await
                .expect("connects");
            let result = session.call_tool("book", json!({})).await.expect("the relay's result");
            let text: String = result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
            refuse_english(&mut found, tag, &format!("{revision} relay"), &text);
            // The model answers wrong: the re-ask it is given.
            let continuation = result.structured_content.as_ref().and_then(|s| s[RelayArg::NAME]["continuation"].as_str()).unwrap_or_default().to_owned();
            let [wrong, ..] = bookings();
            let again = session
                .call_tool("book", json!({ RelayArg::NAME: {"continuation": continuation, "answers": {"elicit-1": wrong}} }))
                .await
                .expect("the relay's second result");
            let text: String = again.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
            assert!(text.contains(if tag == "ja" { "お名前" } else { "Name" }), "{tag} {revision}: the re-ask names the field by its title: {text}");
            refuse_english(&mut found, tag, &format!("{revision} relay re-ask"), &text);
            // A call-back the model wrote wrong.
            for argument in [json!(42), json!({"continuation": 1}), json!({"continuation": "x", "answers": 1}), json!({"continuation": "x", "answers": {"k": 1}})] {
                let Err(rmcp::service::ServiceError::McpError(error)) = session.call_tool("book", json!({ RelayArg::NAME: argument })).await else {
                    panic!("{tag}: not refused")
                };
                refuse_english(&mut found, tag, "a refused call-back", &error.message);
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

// ---- the pages ----------------------------------------------------------------------------

fn login(request: &Parts) -> Option<String> {
    let cookies = request.headers.get("cookie")?.to_str().ok()?;
    cookies.split(';').find_map(|c| c.trim().strip_prefix("user=")).map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_a_browser_is_shown_has_no_english() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let base = format!("http://127.0.0.1:{port}/elicit");
    let server = server(&base);
    tokio::spawn(server.pages.clone().serve(("127.0.0.1", port), login));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut found = Vec::new();
    for ((tag, accept_language), user) in LANGUAGES.into_iter().zip(["ada", "bea"]) {
        let browser = |user: &str| PageBrowser::new().header("Cookie", format!("user={user}")).header("Accept-Language", accept_language);
        let start = |user: &'static str| {
            let store = server.pages.interactions().clone();
            async move { store.store().start(user, &format!("page {}", std::any::type_name::<Reference>()), Duration::from_secs(60)).await.expect("starts") }
        };
        let interaction = start(user).await;
        let url = format!("{base}/{}", interaction.id);
        let mut pages = Vec::new();
        pages.push(browser(user).open(&url).await.expect("the form"));
        pages.push(browser(user).fill(&url, json!({"reference": "short"})).await.expect("the form with its problem"));
        pages.push(browser("mallory").open(&url).await.expect("refused to another user"));
        pages.push(browser(user).fill(&url, json!({"reference": "R-2026-000123"})).await.expect("done"));
        pages.push(browser(user).open(&url).await.expect("used"));
        pages.push(browser(user).open(&format!("{base}/nothing")).await.expect("unknown"));
        pages.push(PageBrowser::new().header("Accept-Language", accept_language).open(&url).await.expect("not signed in"));
        let outcomes: Vec<&str> = pages.iter().map(|p| p.outcome()).collect();
        assert_eq!(outcomes[..4], ["form", "invalid", "wrong-user", "done"], "{tag}");
        for page in &pages {
            assert!(page.body.contains(&format!("<html lang=\"{tag}\"")), "{tag} {}: the page is in the browser's language", page.outcome());
            refuse_english(&mut found, tag, page.outcome(), &page.body);
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
