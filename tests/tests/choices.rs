//! A choice that leads to different questions: an enum whose variants carry data, asked
//! as two flat forms (which variant, then its fields), end to end through rmcp on every
//! revision: 2026-07-28 as two rounds of one body, decline and cancel at either step, a
//! re-ask inside the second step, and each request checked against the official schema.

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, ElicitChoice, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// The details of a cheque.
#[derive(Elicit, Debug, PartialEq)]
struct ChequeDetails {
    #[elicit(minimum = 1)]
    number: u32,
}

/// How would you like to pay?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Payment {
    /// Pay at the desk
    Cash,
    /// An invoice sent by email
    #[elicit(title = "Invoice")]
    Invoice {
        #[elicit(format = "email")]
        email: String,
        /// Your purchase order, if any
        purchase_order: Option<String>,
    },
    Cheque(ChequeDetails),
}

/// When should we call you back?
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Callback {
    Now {
        #[elicit(min_length = 1)]
        phone: String,
    },
    // Nothing to ask, however it is spelled: no second step.
    Later {},
    Never(),
    Whenever(NothingToAsk),
}

/// A form whose only field is skipped: nothing to ask.
#[derive(Elicit, Debug, PartialEq, Default)]
struct NothingToAsk {
    #[elicit(skip)]
    note: String,
}

#[derive(Clone)]
struct Shop {
    sealer: StateSealer,
}

#[tool_router]
impl Shop {
    #[tool(description = "asks how the user pays")]
    async fn pay(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true).run(&self.sealer, |ask| async move {
            Ok(text(match Payment::elicit(&ask, "How would you like to pay?").reask(1).await {
                Ok(answer) => format!("{answer:?}"),
                Err(err) => match err.invalid() {
                    Some(invalid) => format!("refused: {invalid}"),
                    None => return Err(err.into()),
                },
            }))
        })
        .await
    }

    #[tool(description = "asks when to call the user back")]
    async fn callback(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(text(format!("{:?}", Callback::elicit(&ask, "When should we call you back?").await?))) }).await
    }

    #[tool(description = "asks a form with nothing in it, on purpose (a confirmation)")]
    async fn confirm(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(text(format!("{:?}", NothingToAsk::elicit(&ask, "Go ahead?").await?))) }).await
    }
}

#[tool_handler]
impl ServerHandler for Shop {}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn shop() -> Shop {
    Shop { sealer: StateSealer::new(*b"the choice test key of 32 bytes.").expect("a key") }
}

async fn pay(client: ScriptedClient) -> (String, Vec<serde_json::Value>) {
    let session = client.connect(shop()).await.expect("connect");
    let said = session.call_tool_text("pay", json!({})).await.expect("the call");
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "requests that break the official schema: {:?}", transcript.violations);
    (said, transcript.requests)
}

#[tokio::test]
async fn the_variant_then_its_fields_come_back_as_the_typed_enum_on_every_revision() {
    for &revision in ProtocolRevision::ALL {
        let client = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"choice": "invoice"})))
            .reply(Reply::accept(json!({"email": "ada@example.com", "purchase_order": "PO-7"})));
        let (said, requests) = pay(client).await;
        assert_eq!(said, r#"Accept(Invoice { email: "ada@example.com", purchase_order: Some("PO-7") })"#, "{revision}");
        assert_eq!(requests.len(), 2, "{revision}");
        // The first step: one single-select of the variants, titled as the derive says.
        let first = &requests[0]["requestedSchema"];
        assert_eq!(first["required"], json!(["choice"]), "{revision}");
        assert_eq!(first["properties"]["choice"]["description"], "How would you like to pay?", "{revision}");
        let options = first["properties"]["choice"].to_string();
        for option in ["cash", "invoice", "cheque", "Invoice"] {
            assert!(options.contains(option), "{revision}: {option} missing from {options}");
        }
        // The second: the chosen variant's own fields, and the choice said in the message.
        let second = &requests[1];
        assert_eq!(second["message"], "How would you like to pay?\n\nYou chose: Invoice", "{revision}");
        assert_eq!(second["requestedSchema"]["required"], json!(["email"]), "{revision}");
        assert_eq!(second["requestedSchema"]["properties"]["email"]["format"], "email", "{revision}");
    }
}

#[tokio::test]
async fn a_variant_with_nothing_to_ask_has_no_second_step_whatever_its_spelling() {
    for &revision in ProtocolRevision::ALL {
        for (choice, expected) in [("later", "Accept(Later)"), ("never", "Accept(Never)"), ("whenever", r#"Accept(Whenever(NothingToAsk { note: "" }))"#)] {
            let session = ScriptedClient::new(revision).reply(Reply::accept(json!({ "choice": choice }))).connect(shop()).await.expect("connect");
            assert_eq!(session.call_tool_text("callback", json!({})).await.expect("the call"), expected, "{revision}");
            let transcript = session.transcript();
            assert_eq!(transcript.requests.len(), 1, "{revision} {choice}: {:?}", transcript.requests);
            assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
        }
        // A variant with a field still asks it.
        let client = ScriptedClient::new(revision).reply(Reply::accept(json!({"choice": "now"}))).reply(Reply::accept(json!({"phone": "+33 1 23"})));
        let session = client.connect(shop()).await.expect("connect");
        assert_eq!(session.call_tool_text("callback", json!({})).await.expect("the call"), r#"Accept(Now { phone: "+33 1 23" })"#, "{revision}");
        assert_eq!(session.transcript().requests.len(), 2, "{revision}");
        // The author's own empty form (a confirmation) is sent as it is.
        let session = ScriptedClient::new(revision).reply(Reply::accept(json!({}))).connect(shop()).await.expect("connect");
        assert_eq!(session.call_tool_text("confirm", json!({})).await.expect("the call"), r#"Accept(NothingToAsk { note: "" })"#, "{revision}");
        let transcript = session.transcript();
        assert_eq!(transcript.requests.len(), 1, "{revision}");
        assert_eq!(transcript.requests[0]["requestedSchema"]["properties"], json!({}), "{revision}");
    }
}

#[tokio::test]
async fn a_unit_variant_has_no_second_step_and_a_form_variant_asks_its_form() {
    for &revision in ProtocolRevision::ALL {
        let (said, requests) = pay(ScriptedClient::new(revision).reply(Reply::accept(json!({"choice": "cash"})))).await;
        assert_eq!((said.as_str(), requests.len()), ("Accept(Cash)", 1), "{revision}");
        let client = ScriptedClient::new(revision).reply(Reply::accept(json!({"choice": "cheque"}))).reply(Reply::accept(json!({"number": 42})));
        let (said, _) = pay(client).await;
        assert_eq!(said, "Accept(Cheque(ChequeDetails { number: 42 }))", "{revision}");
    }
}

#[tokio::test]
async fn decline_or_cancel_at_either_step_is_the_answer() {
    for &revision in ProtocolRevision::ALL {
        let (said, requests) = pay(ScriptedClient::new(revision).reply(Reply::Raw(json!({"action": "decline"})))).await;
        assert_eq!((said.as_str(), requests.len()), ("Decline", 1), "{revision}");
        let client = ScriptedClient::new(revision).reply(Reply::accept(json!({"choice": "invoice"}))).reply(Reply::Raw(json!({"action": "cancel"})));
        let (said, requests) = pay(client).await;
        assert_eq!((said.as_str(), requests.len()), ("Cancel", 2), "{revision}");
    }
}

#[tokio::test]
async fn each_step_is_validated_and_asked_again_like_any_form() {
    for &revision in ProtocolRevision::ALL {
        let client = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"choice": "wire transfer"})))
            .reply(Reply::accept(json!({"choice": "cheque"})))
            .reply(Reply::accept(json!({"number": 0})))
            .reply(Reply::accept(json!({"number": 7})));
        let (said, requests) = pay(client).await;
        assert_eq!(said, "Accept(Cheque(ChequeDetails { number: 7 }))", "{revision}");
        assert_eq!(requests.len(), 4, "{revision}");
        assert!(requests[1]["message"].as_str().unwrap().contains("`choice`: `wire transfer` is not one of the options"), "{revision}");
        assert!(requests[3]["message"].as_str().unwrap().contains("`number`: must be at least 1, got 0"), "{revision}");
    }
}

#[test]
fn a_choice_is_its_own_trait_not_a_form() {
    fn asks_in_steps<T: ElicitChoice>() {}
    asks_in_steps::<Payment>();
    // An answer is read by each step's own form; the choice itself has no flat schema.
    let answer: Elicitation<Payment> = Elicitation::Accept(Payment::Cash);
    assert_eq!(answer.accepted(), Some(Payment::Cash));
}

#[tokio::test]
async fn through_the_model_the_two_steps_are_two_call_backs() {
    use elicit_runtime::exchange::ElicitationSupport;
    use elicit_runtime::rmcp::RelayArg;

    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let session = ScriptedClient::new(revision).support(ElicitationSupport::NONE).connect(shop()).await.expect("connect");
        let mut arguments = json!({});
        for answer in [json!({"choice": "invoice"}), json!({"email": "ada@example.com"})] {
            let result = session.call_tool("pay", arguments.clone()).await.expect("the call");
            let relay = result.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).unwrap_or_else(|| panic!("{revision}: not for the model: {result:?}")).clone();
            let key = relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).expect("a question key");
            arguments = json!({RelayArg::NAME: {"continuation": relay["continuation"], "answers": {key: answer}}});
        }
        assert_eq!(
            session.call_tool_text("pay", arguments).await.expect("the call"),
            r#"Accept(Invoice { email: "ada@example.com", purchase_order: None })"#,
            "{revision}"
        );
    }
}

// ---- all three compose: a choice, a flattened sub-form, the author's rules ------------

#[derive(Elicit, Debug, PartialEq)]
#[elicit(validate = Address::reachable)]
struct Address {
    street: String,
    city: String,
}

impl Address {
    fn reachable(&self) -> Result<(), Vec<elicit_runtime::form::Violation>> {
        if self.city == "Atlantis" { Err(vec![elicit_runtime::form::Violation::rule("city", "is under water")]) } else { Ok(()) }
    }
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(validate = Courier::one_van)]
struct Courier {
    #[elicit(flatten(prefix = "to_"))]
    to: Address,
    #[elicit(minimum = 1, maximum = 9)]
    parcels: u8,
}

impl Courier {
    fn one_van(&self) -> Result<(), Vec<elicit_runtime::form::Violation>> {
        if self.parcels > 5 { Err(vec![elicit_runtime::form::Violation::rule("parcels", "is more than one van carries")]) } else { Ok(()) }
    }
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Shipping {
    Pickup,
    Courier(Courier),
    Post {
        #[elicit(flatten(prefix = "post_"))]
        address: Address,
        express: bool,
    },
}

#[derive(Clone)]
struct Depot {
    sealer: StateSealer,
}

#[tool_router]
impl Depot {
    #[tool(description = "asks how a parcel is shipped")]
    async fn ship(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(text(format!("{:?}", Shipping::elicit(&ask, "How do we ship it?").reask(2).await?))) }).await
    }
}

#[tool_handler]
impl ServerHandler for Depot {}

#[tokio::test]
async fn a_variant_whose_form_flattens_an_address_and_has_its_own_rule() {
    for &revision in ProtocolRevision::ALL {
        let client = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"choice": "courier"})))
            .reply(Reply::accept(json!({"to_street": "1 Deep Road", "to_city": "Atlantis", "parcels": 7})))
            .reply(Reply::accept(json!({"to_street": "1 High Street", "to_city": "Leeds", "parcels": 7})))
            .reply(Reply::accept(json!({"to_street": "1 High Street", "to_city": "Leeds", "parcels": 2})));
        let session = client.connect(Depot { sealer: shop().sealer }).await.expect("connect");
        let said = session.call_tool_text("ship", json!({})).await.expect("the call");
        assert_eq!(said, r#"Accept(Courier(Courier { to: Address { street: "1 High Street", city: "Leeds" }, parcels: 2 }))"#, "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
        let requests = transcript.requests;
        assert_eq!(requests.len(), 4, "{revision}");
        let second = &requests[1]["requestedSchema"]["properties"];
        assert!(second.get("to_street").is_some() && second.get("to_city").is_some() && second.get("parcels").is_some(), "{revision}: {second}");
        // The sub-form's rule is named by the wire name the user saw; the form's own rule
        // runs once the sub-form decodes (rules run on decoded values).
        assert!(requests[2]["message"].as_str().unwrap().ends_with("- `to_city`: is under water"), "{revision}: {}", requests[2]["message"]);
        assert!(requests[3]["message"].as_str().unwrap().ends_with("- `parcels`: is more than one van carries"), "{revision}: {}", requests[3]["message"]);
        // A struct variant flattens too.
        let client = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"choice": "post"})))
            .reply(Reply::accept(json!({"post_street": "2 Low Lane", "post_city": "York", "express": true})));
        let session = client.connect(Depot { sealer: shop().sealer }).await.expect("connect");
        assert_eq!(
            session.call_tool_text("ship", json!({})).await.expect("the call"),
            r#"Accept(Post { address: Address { street: "2 Low Lane", city: "York" }, express: true })"#,
            "{revision}"
        );
    }
}
