//! Every text the toolkit writes for a person, in every catalog language: the catalog is
//! complete, tags fall back along their subtags, the language a client sends (SEP-2792)
//! is used on every revision, and the texts themselves are snapshots, read by a person
//! before they were kept (`tests/snapshots/locale/<tag>.txt`; write them anew with
//! `ELICIT_BLESS=1` and read the diff).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Once;

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::form::{Problem, Violation};
use elicit_runtime::locale::{self, Arg, Catalog, Locale};
use elicit_runtime::rmcp::{PromptCall, RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, ProtocolRevision, SchemaOptions};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse, GetPromptResult, PromptMessage, Role, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

const REVISIONS: [ProtocolRevision; 3] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

/// The shipped languages, as a client would ask for them.
const LANGUAGES: [(&str, &str); 7] = [("en", "en-US"), ("zh-Hans", "zh-CN"), ("ko", "ko-KR"), ("ja", "ja-JP"), ("de", "de-DE"), ("fr", "fr-FR"), ("es", "es-ES")];

/// The catalog of these tests: the shipped one, with Traditional Chinese (one message) and
/// Canadian French (one message) added, to follow chains through languages an author adds.
fn catalog() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        Catalog::builder()
            .add("zh-Hant", "reask-heading = 請更正您的回答：\n")
            .and_then(|b| b.add("fr-CA", "reask-heading = Veuillez corriger votre réponse, s’il vous plaît\u{202f}:\n"))
            .and_then(|b| b.install())
            .unwrap_or_else(|e| panic!("the test catalog installs: {e}"));
    });
}

// ---- the catalog ------------------------------------------------------------------------

#[test]
fn every_shipped_language_has_every_message_with_the_same_variables() {
    locale::check_shipped().unwrap_or_else(|e| panic!("{e}"));
    let (_, english) = locale::SHIPPED[0];
    let expected = locale::message_variables(english);
    assert!(expected.len() > 60, "the English catalog is read: {} messages", expected.len());
    for (tag, ftl) in locale::SHIPPED {
        let found = locale::message_variables(ftl);
        let ids = |list: &[(String, BTreeSet<String>)]| list.iter().map(|(id, _)| id.clone()).collect::<BTreeSet<_>>();
        let (want, have) = (ids(&expected), ids(&found));
        assert_eq!(want.difference(&have).collect::<Vec<_>>(), Vec::<&String>::new(), "{tag} lacks these messages");
        assert_eq!(have.difference(&want).collect::<Vec<_>>(), Vec::<&String>::new(), "{tag} has messages English does not");
        for (id, variables) in &expected {
            let (_, theirs) = found.iter().find(|(i, _)| i == id).expect("checked above");
            assert_eq!(theirs, variables, "{tag}: `{id}` takes other variables than in English");
        }
    }
}

#[test]
fn every_language_is_written_in_its_own_words_and_plural_rules() {
    catalog();
    let too_short = |tag: &str, n: u64| {
        Locale::for_tag(tag).message("problem-too-short", &[("min_length", Arg::Count(n)), ("length", Arg::Count(0))])
    };
    assert_eq!(too_short("en", 1), "must be at least 1 character long, got 0");
    assert_eq!(too_short("en", 0), "must be at least 0 characters long, got 0");
    // French: one covers 0 and 1.
    assert_eq!(too_short("fr", 0), "doit comporter au moins 0 caractère (actuellement 0)");
    assert_eq!(too_short("fr", 2), "doit comporter au moins 2 caractères (actuellement 0)");
    assert_eq!(too_short("es", 1), "debe tener al menos 1 carácter (tiene 0)");
    assert_eq!(Locale::for_tag("es").message("problem-too-short", &[("min_length", Arg::Count(2)), ("length", Arg::Count(1))]), "debe tener al menos 2 caracteres (tiene 1)");
    assert_eq!(too_short("es", 5), "debe tener al menos 5 caracteres (tiene 0)");
    // No plural forms, no isolation marks around what is put in.
    assert_eq!(too_short("ko", 3), "3자 이상이어야 합니다. 입력된 길이: 0자");
    assert_eq!(too_short("ja", 3), "3文字以上である必要があります（入力：0文字）");
    // A count no double holds exactly is written, not rounded.
    let huge = Locale::for_tag("en").message("problem-too-long", &[("max_length", Arg::Count(u64::MAX)), ("length", Arg::Count(u64::MAX))]);
    assert_eq!(huge, "must be at most 18446744073709551615 characters long, got 18446744073709551615");
    // An id no language has is written as itself.
    assert_eq!(Locale::for_tag("ko").message("no-such-message", &[]), "no-such-message");
    for (tag, _) in LANGUAGES {
        let text = Locale::for_tag(tag).message("violation", &[("field", Arg::Text("x")), ("problem", Arg::Text("y"))]);
        assert!(!text.contains(['\u{2068}', '\u{2069}']), "{tag}: {text:?}");
    }
}

#[test]
fn an_author_adds_a_language_and_a_broken_one_is_refused_with_what_is_wrong() {
    let error = Catalog::builder().add("it", "reask-heading = {").unwrap_err();
    assert!(error.to_string().starts_with("the Fluent messages for `it` do not parse:"), "{error}");
    let error = Catalog::builder().add("it", "reask-heading = Vedi https://example.com\n").unwrap_err();
    assert_eq!(error.to_string(), "the message `reask-heading` for `it` contains a URL, which form-mode texts must not carry; write it without one");
    let error = Catalog::builder().add("not a tag!", "").unwrap_err();
    assert!(error.to_string().starts_with("`not a tag!` is not a BCP 47 language tag"), "{error}");
    // A glossary term is the language's own: one a message uses must be defined, in the
    // same source, one added before, or the shipped language.
    let error = Catalog::builder().add("it", "problem-not-asked = non è un { -field } di questo modulo\n").unwrap_err();
    assert_eq!(error.to_string(), "the message `problem-not-asked` for `it` uses the term `-field`, which `it` does not define: add `-field = ...` to its messages");
    let error = Catalog::builder().add("it", "-field = { -campo }\n").unwrap_err();
    assert!(matches!(&error, locale::CatalogError::MissingTerm { id, term, .. } if id == "-field" && term == "campo"), "{error:?}");
    let italian = Catalog::builder().add("it", "-field = campo\n").and_then(|b| b.add("it", "problem-not-asked = non è un { -field } di questo modulo\n"));
    assert!(italian.is_ok(), "a term added before");
    let japanese = Catalog::builder().add("ja", "problem-not-asked = この{ -form }の{ -field }ではありません\n");
    assert!(japanese.is_ok(), "the shipped language's terms");
    catalog();
    assert_eq!(Catalog::builder().install().unwrap_err(), locale::CatalogError::AlreadyInstalled);
}

// ---- which language -----------------------------------------------------------------------

#[test]
fn tags_fall_back_along_their_subtags_and_never_to_another_script() {
    catalog();
    let to = |tag: &str| Locale::lookup(tag).map(|l| l.to_string());
    for (tag, expected) in [
        ("ko", Some("ko")),
        ("ko-KR", Some("ko")),
        ("KO-kr", Some("ko")),
        ("zh", Some("zh-Hans")),
        ("zh-CN", Some("zh-Hans")),
        ("zh-SG", Some("zh-Hans")),
        ("zh-Hans-CN", Some("zh-Hans")),
        ("zh-Hant-TW", Some("zh-Hant")),
        ("zh-TW", Some("zh-Hant")),
        ("zh-HK", Some("zh-Hant")),
        ("ja-JP", Some("ja")),
        ("de-CH", Some("de")),
        ("fr-CA", Some("fr-CA")),
        ("fr-BE", Some("fr")),
        ("es-419", Some("es")),
        ("en-GB", Some("en")),
        ("pt-BR", None),
        ("", None),
        ("not a tag", None),
    ] {
        assert_eq!(to(tag).as_deref(), expected, "{tag}");
    }
    assert_eq!(Locale::for_tag("pt-BR"), Locale::default());
    assert_eq!(Locale::default().to_string(), "en");
    // A message a language lacks: along its tag, then the default, never a sibling.
    let heading = |tag: &str| Locale::for_tag(tag).message("reask-heading", &[]);
    assert_eq!(heading("zh-Hant-TW"), "請更正您的回答：");
    assert_eq!(Locale::for_tag("zh-Hant-TW").message("problem-missing", &[]), "is required but missing");
    assert_eq!(heading("fr-CA"), "Veuillez corriger votre réponse, s’il vous plaît\u{202f}:");
    assert_eq!(Locale::for_tag("fr-CA").message("problem-missing", &[]), "est obligatoire mais manquant");
    assert_eq!(heading("fr-FR"), "Veuillez corriger votre réponse\u{202f}:");
}

/// Found by the `language` fuzz target: `ko-Latn` (Korean in the Latin script) chose the
/// shipped `ko`, written in Hangul, because a catalog tag without a script matched it as a
/// range. A tag that names (or implies) a script is served only in that script.
#[test]
fn fuzz_language_a_tag_in_another_script_fell_back_to_the_catalogs_script() {
    catalog();
    let to = |tag: &str| Locale::lookup(tag).map(|l| l.to_string());
    for (tag, expected) in [
        ("ko-Latn", None),
        ("ko-Kore", Some("ko")),
        ("ko-Kore-KR", Some("ko")),
        ("ja-Latn", None),
        ("en-Cyrl", None),
        ("de-Latn-CH", Some("de")),
        ("sr-Latn", None),
        ("zh-Hans-TW", Some("zh-Hans")),
        ("zh-Hant-CN", Some("zh-Hant")),
    ] {
        assert_eq!(to(tag).as_deref(), expected, "{tag}");
    }
    let value = |v: &str| Locale::from_accept_language(v).map(|l| l.to_string());
    assert_eq!(value("ko-Latn, ja;q=0.5").as_deref(), Some("ja"), "the next preference, not Korean in Hangul");
}

/// Found by the `language` fuzz target: `de-CH;q=0;q=0.8` (not acceptable, then
/// acceptable) was read by its last weight and chose German. An item with more than the
/// one weight RFC 9110 allows is unreadable, and left out like any other.
#[test]
fn fuzz_language_a_range_with_two_weights_was_read_by_the_last() {
    catalog();
    let value = |v: &str| Locale::from_accept_language(v).map(|l| l.to_string());
    assert_eq!(value("sr-Latn-RS, de-CH;q=0;q=0.8, ja;q=0.5").as_deref(), Some("ja"));
    assert_eq!(value("de;q=0.8;q=0").as_deref(), None);
    assert_eq!(value("de;level=1").as_deref(), None, "only the weight is a parameter of Accept-Language");
    assert_eq!(value("de ; q=0.8 , ja;q=0.5").as_deref(), Some("de"), "whitespace around the weight is allowed");
}

#[test]
fn an_accept_language_value_is_read_by_weight_and_what_is_malformed_is_ignored() {
    catalog();
    let to = |value: &str| Locale::from_accept_language(value).map(|l| l.to_string());
    assert_eq!(to("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7").as_deref(), Some("ko"));
    assert_eq!(to("en;q=0.5, ja;q=0.8").as_deref(), Some("ja"));
    assert_eq!(to("pt-BR, de;q=0.3").as_deref(), Some("de"));
    assert_eq!(to("ko;q=0, es").as_deref(), Some("es"));
    assert_eq!(to("*").as_deref(), None);
    assert_eq!(to("pt-BR").as_deref(), None);
    assert_eq!(to("ko;q=2, ja;q=abc, <script>, de;level=1").as_deref(), None);
    assert_eq!(to(&format!("{}ko", "x,".repeat(600))).as_deref(), None);
}

// ---- the texts, through a server -----------------------------------------------------

#[derive(Elicit, Debug, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Diet {
    #[elicit(title = "Vegan", title(zh_hans = "纯素", ko = "비건", ja = "ヴィーガン", de = "Vegan", fr = "Végétalien", es = "Vegano"))]
    Vegan,
    #[elicit(title = "Gluten-free", title(zh_hans = "无麸质", ko = "글루텐 프리", ja = "グルテンフリー", de = "Glutenfrei", fr = "Sans gluten", es = "Sin gluten"))]
    GlutenFree,
    #[elicit(title = "Nut allergy", title(zh_hans = "坚果过敏", ko = "견과류 알레르기", ja = "ナッツアレルギー", de = "Nussallergie", fr = "Allergie aux noix", es = "Alergia a los frutos secos"))]
    NutAllergy,
}

/// An order, with the author's texts in every catalog language.
#[derive(Elicit, Debug)]
struct Order {
    #[elicit(
        title = "Name",
        title(zh_hans = "姓名", ko = "이름", ja = "お名前", de = "Name", fr = "Nom", es = "Nombre"),
        description = "Who the order is for",
        description(zh_hans = "订单收件人", ko = "주문하시는 분", ja = "ご注文者", de = "Für wen die Bestellung ist", fr = "Pour qui est la commande", es = "Para quién es el pedido"),
        min_length = 2
    )]
    name: String,
    #[elicit(title = "Rating", title(zh_hans = "评分", ko = "평점", ja = "評価", de = "Bewertung", fr = "Note", es = "Valoración"), minimum = 1, maximum = 5)]
    rating: u8,
    #[elicit(
        title = "Diets",
        title(zh_hans = "饮食", ko = "식단", ja = "食事制限", de = "Ernährung", fr = "Régimes", es = "Dietas"),
        description = "What you cannot eat",
        description(zh_hans = "您不能吃的", ko = "드실 수 없는 것", ja = "食べられないもの", de = "Was Sie nicht essen können", fr = "Ce que vous ne pouvez pas manger", es = "Lo que no puede comer"),
        min_items = 1,
        max_items = 2
    )]
    diets: Vec<Diet>,
    #[elicit(title = "Delivery date", title(zh_hans = "送达日期", ko = "배송일", ja = "配達日", de = "Lieferdatum", fr = "Date de livraison", es = "Fecha de entrega"), format = "date")]
    date: Option<String>,
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
}

#[tool_router]
impl Server {
    #[tool(description = "takes an order, asking again once")]
    async fn order(&self, call: ToolCall, Parameters(_args): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let answer = Order::elicit(&ask, "订单 / 주문 / Order").reask(1).await;
                Ok(CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))]))
            })
            .await
    }

    #[tool(description = "takes an order in Korean, whatever the client says")]
    async fn order_ko(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.locale(Locale::for_tag("de")).run(&self.sealer, |ask| async move {
            let answer = Order::elicit(&ask, "주문").locale(Locale::for_tag("ko")).reask(1).await;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))]))
        })
        .await
    }

    #[tool(description = "takes an order in the server's language unless the client says")]
    async fn order_de(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.locale(Locale::for_tag("de")).run(&self.sealer, |ask| async move {
            let answer = Order::elicit(&ask, "Bestellung").reask(1).await;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_prompts().build())
    }

    /// A prompt that asks first, in the server's Japanese unless the client says.
    async fn get_prompt(&self, request: GetPromptRequestParams, context: RequestContext<RoleServer>) -> Result<GetPromptResponse, ErrorData> {
        PromptCall::new(request, context)
            .locale(Locale::for_tag("ja"))
            .run(&self.sealer, |ask| async move {
                let answer = Order::elicit(&ask, "注文").reask(1).await;
                Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, format!("{answer:?}"))]))
            })
            .await
    }
}

fn server() -> Server {
    Server { sealer: StateSealer::new(*b"the locale test key, 32 bytes...").unwrap() }
}

/// An answer with something wrong in every field, as each revision's client sends it.
fn wrong_answer(revision: ProtocolRevision) -> Value {
    if revision.has_multi_select() {
        json!({"name": "A", "rating": 9, "diets": ["vegan", "gluten-free", "nut-allergy"], "date": "24.12.2026"})
    } else {
        json!({"name": "A", "rating": 9, "diets_vegan": true, "diets_gluten_free": true, "diets_nut_allergy": true, "date": "24.12.2026"})
    }
}

/// The `elicitation/create` params a client sending `accept_language` receives from `tool`
/// on `revision`: the question, and the re-ask after a wrong answer.
async fn asked(revision: ProtocolRevision, accept_language: Option<Value>, tool: &str) -> Vec<Value> {
    let mut client = ScriptedClient::new(revision).reply(Reply::accept(wrong_answer(revision))).reply(Reply::Decline);
    if let Some(value) = accept_language {
        client = client.accept_language(value);
    }
    let session = client.connect(server()).await.unwrap_or_else(|e| panic!("cannot connect: {e}"));
    session.call_tool(tool, json!({})).await.unwrap_or_else(|e| panic!("{revision}: {e}"));
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
    assert_eq!(transcript.requests.len(), 2, "{revision}: the question and its re-ask");
    transcript.requests
}

fn message(params: &Value) -> &str {
    params["message"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn the_language_a_client_sends_is_used_on_every_revision() {
    catalog();
    for revision in REVISIONS {
        let requests = asked(revision, Some(json!("ko-KR, ko;q=0.9, en;q=0.5")), "order").await;
        let reask = message(&requests[1]);
        assert!(reask.starts_with("订单 / 주문 / Order\n\n답변을 고쳐 주세요:\n"), "{revision}: {reask}");
        // Each field is named by the title the user was shown, in their language.
        assert!(reask.contains("- 평점: 5 이하여야 합니다. 입력값: 9"), "{revision}: {reask}");
        assert_eq!(requests[0]["requestedSchema"]["properties"]["name"]["title"], "이름", "{revision}");
        assert_eq!(requests[0]["requestedSchema"]["properties"]["name"]["description"], "주문하시는 분", "{revision}");
        // The wire names, kinds and bounds are the English form's.
        let english = asked(revision, None, "order").await;
        let shape = |params: &Value| {
            let schema = &params["requestedSchema"];
            let properties: Vec<(String, Value, Value)> = schema["properties"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(name, p)| (name.clone(), p["type"].clone(), json!([p.get("minimum"), p.get("maximum"), p.get("minLength"), p.get("minItems")])))
                .collect();
            (properties, schema["required"].clone())
        };
        assert_eq!(shape(&requests[0]), shape(&english[0]), "{revision}");
        assert!(message(&english[1]).contains("Please correct your answer:"), "{revision}");
    }
}

#[tokio::test]
async fn what_the_client_sends_that_is_malformed_or_unknown_leaves_the_default() {
    catalog();
    for value in [json!(["ko"]), json!(42), json!("*"), json!("pt-BR"), json!("ko;q=7"), json!(null)] {
        let requests = asked(ProtocolRevision::V2025_11_25, Some(value.clone()), "order").await;
        assert!(message(&requests[1]).contains("Please correct your answer:"), "{value}: {}", message(&requests[1]));
    }
}

#[tokio::test]
async fn the_call_s_language_comes_first_then_the_client_s_then_the_server_s() {
    catalog();
    // The call says Korean: the client's French does not change it.
    let requests = asked(ProtocolRevision::V2025_11_25, Some(json!("fr")), "order_ko").await;
    assert!(message(&requests[1]).contains("답변을 고쳐 주세요:"), "{}", message(&requests[1]));
    // The server's German, unless the client names a language the catalog has.
    let requests = asked(ProtocolRevision::V2025_11_25, None, "order_de").await;
    assert!(message(&requests[1]).contains("Bitte korrigieren Sie Ihre Antwort:"), "{}", message(&requests[1]));
    let requests = asked(ProtocolRevision::V2025_11_25, Some(json!("pt-BR")), "order_de").await;
    assert!(message(&requests[1]).contains("Bitte korrigieren Sie Ihre Antwort:"), "{}", message(&requests[1]));
    let requests = asked(ProtocolRevision::V2025_11_25, Some(json!("ja")), "order_de").await;
    assert!(message(&requests[1]).contains("回答を修正してください："), "{}", message(&requests[1]));
}

#[tokio::test]
async fn a_prompt_asks_in_the_server_s_language_unless_the_client_says() {
    catalog();
    for (said, expected) in [(None, "回答を修正してください："), (Some("fr"), "Veuillez corriger votre réponse")] {
        let mut client = ScriptedClient::new(ProtocolRevision::V2025_11_25).reply(Reply::accept(wrong_answer(ProtocolRevision::V2025_11_25))).reply(Reply::Decline);
        if let Some(value) = said {
            client = client.accept_language(json!(value));
        }
        let session = client.connect(server()).await.unwrap_or_else(|e| panic!("cannot connect: {e}"));
        session.get_prompt(GetPromptRequestParams::new("order")).await.unwrap_or_else(|e| panic!("{said:?}: {e}"));
        let requests = session.transcript().requests;
        assert_eq!(requests.len(), 2, "{said:?}: the question and its re-ask");
        assert!(message(&requests[1]).contains(expected), "{said:?}: {}", message(&requests[1]));
    }
}

/// The relay's result for the model, its continuation (sealed, random) left out.
async fn relayed(revision: ProtocolRevision, accept_language: &str) -> (String, Value) {
    let client = ScriptedClient::new(revision).support(ElicitationSupport::NONE).accept_language(accept_language);
    let session = client.connect(server()).await.unwrap_or_else(|e| panic!("cannot connect: {e}"));
    let result = session.call_tool("order", json!({})).await.unwrap_or_else(|e| panic!("{revision}: {e}"));
    let continuation = result.structured_content.as_ref().and_then(|s| s[RelayArg::NAME]["continuation"].as_str()).unwrap_or_default().to_owned();
    let text: String = result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
    let language = result.meta.as_ref().and_then(|m| m.get(locale::CONTENT_LANGUAGE_META).cloned()).unwrap_or(Value::Null);
    (text.replace(&continuation, "<continuation>"), language)
}

#[tokio::test]
async fn snapshots_of_a_reask_a_checkbox_form_and_a_relay_in_every_language() {
    catalog();
    let mut failures = Vec::new();
    for (tag, client_tag) in LANGUAGES {
        let mut text = String::new();
        // The re-ask of 2025-11-25, and the checkbox form of 2025-06-18 with its re-ask.
        let requests = asked(ProtocolRevision::V2025_11_25, Some(json!(client_tag)), "order").await;
        text.push_str(&format!("== re-ask (2025-11-25)\n{}\n\n", message(&requests[1])));
        let requests = asked(ProtocolRevision::V2025_06_18, Some(json!(client_tag)), "order").await;
        text.push_str(&format!("== re-ask (2025-06-18, checkboxes)\n{}\n\n", message(&requests[1])));
        let schema = serde_json::to_string_pretty(&requests[0]["requestedSchema"]).unwrap_or_default();
        text.push_str(&format!("== form (2025-06-18, checkboxes)\n{schema}\n\n"));
        let (relay, language) = relayed(ProtocolRevision::V2025_11_25, client_tag).await;
        assert_eq!(language, json!(tag), "the relay's result names its language");
        text.push_str(&format!("== relay (2025-11-25)\n{relay}\n"));
        if let Some(failure) = compare(tag, &text) {
            failures.push(failure);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The relay's lines as Japanese and French write them: every separator between a field's
/// name, kind, title, description and rules is the catalog's, none is the code's.
#[tokio::test]
async fn the_relay_s_separators_are_each_language_s_punctuation() {
    catalog();
    let fields = |text: &str| text.lines().filter(|l| l.starts_with("- `")).map(str::to_owned).collect::<Vec<_>>();
    let (ja, _) = relayed(ProtocolRevision::V2025_11_25, "ja-JP").await;
    assert_eq!(
        fields(&ja),
        [
            "- `name`（テキスト、必須）：お名前 ― ご注文者；2文字以上",
            "- `rating`（整数、必須）：評価；1以上；5以下",
            "- `diets`（選択肢のリスト、必須）：食事制限 ― 食べられないもの；1個以上選択；2個以下で選択；次のいずれか：\"vegan\"（ヴィーガン）、\"gluten-free\"（グルテンフリー）、\"nut-allergy\"（ナッツアレルギー）",
            "- `date`（YYYY-MM-DD 形式の日付、任意）：配達日",
        ]
    );
    // Full-width throughout: no half-width parenthesis, comma, colon or semicolon. Rules are
    // separated by `；`, options by `、`: where the list of options ends can be seen.
    for line in fields(&ja) {
        assert!(!line.contains(['(', ')', ',', ';']) && !line.contains(": "), "{line}");
    }
    let (fr, _) = relayed(ProtocolRevision::V2025_11_25, "fr-FR").await;
    assert_eq!(
        fields(&fr),
        [
            "- `name` (du texte, obligatoire)\u{202f}: Nom — Pour qui est la commande\u{202f}; au moins 2 caractères",
            "- `rating` (un nombre entier, obligatoire)\u{202f}: Note\u{202f}; au moins 1\u{202f}; au plus 5",
            "- `diets` (une liste de choix, obligatoire)\u{202f}: Régimes — Ce que vous ne pouvez pas manger\u{202f}; au moins 1 choix\u{202f}; au plus 2 choix\u{202f}; l’une des valeurs\u{202f}: \"vegan\" (Végétalien), \"gluten-free\" (Sans gluten), \"nut-allergy\" (Allergie aux noix)",
            "- `date` (une date, YYYY-MM-DD, facultatif)\u{202f}: Date de livraison",
        ]
    );
    // French puts a narrow no-break space before `:` and `;`, in the code's separators as in the sentences.
    assert!(!fr.contains(" :") && !fr.contains(" ;") && !fr.contains("):"), "{fr}");
}

/// The model's call-back written wrong: what is wrong is said in the user's language.
#[tokio::test]
async fn a_call_back_written_wrong_is_explained_in_the_user_s_language() {
    catalog();
    for (accept_language, expected) in [
        ("ko-KR", "인수 `elicitRelay`이(가) 잘못되었습니다. 객체가 아닙니다. 다음 형태여야 합니다: {\"continuation\": \"<받은 그대로>\", \"answers\": {\"<질문의 키>\""),
        ("fr", "L’argument `elicitRelay` n’est pas un objet\u{202f}: il doit être de la forme {\"continuation\": \"<tel que reçu>\", \"answers\": {\"<clé de la question>\""),
        ("pt-BR", "`elicitRelay` is not an object: it must be {\"continuation\""),
    ] {
        let client = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).accept_language(accept_language);
        let session = client.connect(server()).await.unwrap_or_else(|e| panic!("cannot connect: {e}"));
        let Err(rmcp::service::ServiceError::McpError(error)) = session.call_tool("order", json!({ RelayArg::NAME: 42 })).await else { panic!("not refused") };
        assert_eq!(error.code.0, -32602);
        assert!(error.message.starts_with(expected), "{accept_language}: {}", error.message);
    }
}

/// Compares with the kept snapshot (or keeps this one, with `ELICIT_BLESS=1`).
fn compare(tag: &str, text: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots/locale").join(format!("{tag}.txt"));
    if std::env::var_os("ELICIT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent()?).ok()?;
        std::fs::write(&path, text).ok()?;
        return None;
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    (kept != text).then(|| format!("{} differs (ELICIT_BLESS=1 writes it anew; read the diff):\n{text}", path.display()))
}

// ---- the rest of the runtime's texts ------------------------------------------------------

#[test]
fn problems_violations_and_checkbox_titles_are_written_in_the_locale_and_display_stays_english() {
    catalog();
    let ko = Locale::for_tag("ko");
    let violation = Violation::new("rating", Problem::AboveMaximum { maximum: 5.0, found: 9.0 });
    assert_eq!(violation.to_string(), "`rating`: must be at most 5, got 9");
    assert_eq!(violation.text(ko), "`rating`: 5 이하여야 합니다. 입력값: 9");
    let invalid = Order::from_content(json!({"name": "이", "rating": 3, "diets": ["vegan"]}).as_object().unwrap()).unwrap_err();
    // One character of 한국어 is one character: `min_length` means the same in every language.
    assert_eq!(invalid.reask_message_in("주문", ko), "주문\n\n답변을 고쳐 주세요:\n- `name`: 2자 이상이어야 합니다. 입력된 길이: 1자");
    let schema = Order::requested_schema_with(ProtocolRevision::V2025_06_18, &SchemaOptions::new().locale(Locale::for_tag("zh-Hans"))).unwrap();
    assert_eq!(schema.as_json()["properties"]["diets_nut_allergy"]["title"], "饮食：坚果过敏");
    assert_eq!(schema.as_json()["properties"]["diets_vegan"]["description"], "您不能吃的（请勾选 1 到 2 项）");
    // Cached per language: asking again gives the same rendering.
    let again = Order::requested_schema_with(ProtocolRevision::V2025_06_18, &SchemaOptions::new().locale(Locale::for_tag("zh-CN"))).unwrap();
    assert!(std::ptr::eq(schema, again));
}

/// How do you pay?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Payment {
    #[elicit(title = "By invoice", title(ko = "청구서로"))]
    Invoice {
        #[elicit(title = "Email", title(ko = "이메일"), format = "email")]
        email: String,
    },
    #[elicit(title = "In cash", title(ko = "현금으로"))]
    Cash,
}

/// A rule that fails without saying why.
fn no_reason(_: &Rated) -> Result<(), Vec<Violation>> {
    Err(Vec::new())
}

#[derive(Elicit, Debug)]
#[elicit(validate = no_reason)]
struct Rated {
    rating: u8,
}

/// A client whose user prefers Korean, answering from a script and keeping what it got.
struct Korean {
    sent: std::sync::Mutex<Vec<Value>>,
    answers: std::sync::Mutex<Vec<Value>>,
}

impl elicit_runtime::ElicitPeer for Korean {
    fn protocol_version(&self) -> Option<String> {
        Some("2025-11-25".into())
    }
    fn elicitation_support(&self) -> ElicitationSupport {
        ElicitationSupport::FORM
    }
    fn locale(&self) -> Option<Locale> {
        Locale::from_accept_language("ko-KR")
    }
    async fn send_elicitation(&self, outgoing: elicit_runtime::exchange::Outgoing) -> Result<elicit_runtime::exchange::Answer, elicit_runtime::ElicitError> {
        self.sent.lock().unwrap().push(Value::Object(outgoing.question.into_params()));
        Ok(self.answers.lock().unwrap().remove(0).into())
    }
}

#[tokio::test]
async fn a_two_step_choice_and_an_author_s_unsaid_rule_are_asked_in_the_user_s_language() {
    catalog();
    let client = Korean {
        sent: Default::default(),
        answers: std::sync::Mutex::new(vec![
            json!({"action": "accept", "content": {"choice": "invoice"}}),
            json!({"action": "accept", "content": {"email": "kim@example.com"}}),
            json!({"action": "accept", "content": {"rating": 3}}),
            json!({"action": "decline"}),
        ]),
    };
    // The author's message with its translations: both steps ask it in Korean.
    let message = elicit_runtime::locale::Words::new("How would you like to pay?").with("ko", "어떻게 결제하시겠어요?");
    let answer = Payment::elicit(&client, message).await.unwrap();
    assert_eq!(answer, elicit_runtime::Elicitation::Accept(Payment::Invoice { email: "kim@example.com".into() }));
    let answer = Rated::elicit(&client, "평점").reask(1).await.unwrap();
    assert!(matches!(answer, elicit_runtime::Elicitation::Decline));
    let sent = client.sent.lock().unwrap();
    assert_eq!(sent[0]["message"], "어떻게 결제하시겠어요?");
    assert_eq!(sent[0]["requestedSchema"]["properties"]["choice"]["oneOf"], json!([{"const": "invoice", "title": "청구서로"}, {"const": "cash", "title": "현금으로"}]));
    // What was chosen, in words around it.
    assert_eq!(sent[1]["message"], "어떻게 결제하시겠어요?\n\n선택: 청구서로");
    assert_eq!(sent[1]["requestedSchema"]["properties"]["email"]["title"], "이메일");
    assert_eq!(sent[3]["message"], "평점\n\n답변을 고쳐 주세요:\n- 답변이 이 양식의 규칙에 맞지 않습니다");
}

// ---- validator's exclusive bounds -----------------------------------------------------------

/// A form whose rules are validator's, reporting exclusive bounds the way validator's own
/// `range(exclusive_min = ...)` does (a rule of the author's can report them too; on a
/// field of a form the derive refuses them, a form's bounds being inclusive).
#[derive(Elicit, Debug)]
#[elicit(validate = elicit_runtime::exchange::validator_rules)]
struct Weighed {
    weight: f64,
    level: u8,
    floor: u8,
    stars: u8,
}

impl validator::Validate for Weighed {
    fn validate(&self) -> Result<(), validator::ValidationErrors> {
        let mut errors = validator::ValidationErrors::new();
        // As validator's derive writes them for bounds written as integers.
        let range = |bounds: &[(&'static str, i64)]| {
            let mut error = validator::ValidationError::new("range");
            for (name, value) in bounds {
                error.add_param((*name).into(), value);
            }
            error
        };
        errors.add("weight", range(&[("exclusive_min", 0)]));
        errors.add("level", range(&[("min", 1), ("exclusive_max", 5)]));
        errors.add("floor", range(&[("exclusive_min", 0), ("max", 9)]));
        errors.add("stars", range(&[("exclusive_min", 0), ("exclusive_max", 6)]));
        Err(errors)
    }
}

#[test]
fn an_exclusive_bound_reads_greater_or_less_than_in_every_language() {
    catalog();
    let weighed = Weighed { weight: 0.0, level: 5, floor: 0, stars: 6 };
    let violations = elicit_runtime::exchange::validator_rules(&weighed).unwrap_err();
    let texts = |tag: &str| violations.iter().map(|v| v.text(Locale::for_tag(tag))).collect::<Vec<_>>();
    // A user who typed 0 is never told "at least 0": 0 itself is refused.
    assert_eq!(
        texts("en"),
        [
            "`weight`: must be greater than 0",
            "`level`: must be at least 1 and less than 5",
            "`floor`: must be greater than 0 and at most 9",
            "`stars`: must be greater than 0 and less than 6",
        ]
    );
    assert_eq!(texts("ja")[0], "`weight`：0より大きい必要があります");
    assert_eq!(texts("de")[1], "`level`: muss mindestens 1 und kleiner als 5 sein");
    assert_eq!(texts("fr")[3], "`stars`\u{202f}: doit être strictement supérieur à 0 et strictement inférieur à 6");
    assert_eq!(texts("ko")[2], "`floor`: 0 초과 9 이하여야 합니다");
    assert_eq!(texts("zh-Hans")[0], "`weight`：必须大于 0");
    assert_eq!(texts("es")[3], "`stars`: debe ser mayor que 0 y menor que 6");
    // No language says an exclusive bound as an inclusive one.
    for (tag, _) in LANGUAGES {
        let inclusive = Locale::for_tag(tag).message("validator-range-min", &[("min", Arg::Text("0"))]);
        assert!(!texts(tag)[0].ends_with(&inclusive), "{tag}: {}", texts(tag)[0]);
    }
}
