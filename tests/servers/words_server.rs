//! The trip form of `tests/tests/words.rs`, served over stdio for interop judge 1c: a
//! form that flattens one address sub-form twice with prefixes in each language, a
//! postcode with a pattern hint in each language, an author's cross-field rule whose
//! violation has translations, and a message from the author's own Fluent catalog. The
//! official TypeScript clients (v1 on 2025-11-25, v2 on 2026-07-28) call `book` as a
//! Korean and as a French user (SEP-2792's `acceptLanguage` in the request's `_meta`).
//!
//! ```text
//! cargo run -p elicit-servers --bin words_server
//! ```

use std::sync::Once;

use elicit_runtime::locale::{Catalog, Words};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::{Elicit, Violation};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};

/// The author's own messages, in the languages the author ships.
const TRIP_EN: &str = "trip-ask = Where do you live and where should the bill go, { $name }?\n";
const TRIP_KO: &str = "trip-ask = { $name }님, 사시는 곳과 청구서를 받으실 곳을 알려 주세요.\n";
const TRIP_FR: &str = "trip-ask = Où habitez-vous et où envoyer la facture, { $name }\u{202f}?\n";

pub(crate) fn catalog() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        Catalog::builder()
            .add("en", TRIP_EN)
            .and_then(|b| b.add("ko", TRIP_KO))
            .and_then(|b| b.add("fr", TRIP_FR))
            .and_then(|b| b.install())
            .unwrap_or_else(|e| panic!("the author's catalog installs: {e}"));
    });
}

/// An address: asked twice in a trip, once for home and once for the bill.
#[derive(Elicit, Debug)]
pub(crate) struct Address {
    #[elicit(title = "City", title(ko = "도시", fr = "Ville"))]
    city: String,
    #[elicit(
        title = "Postcode",
        title(ko = "우편번호", fr = "Code postal"),
        pattern = "^[0-9]{5}$",
        pattern_hint = "NNNNN (five digits)",
        pattern_hint(ko = "NNNNN (숫자 5자리)", fr = "NNNNN (cinq chiffres)")
    )]
    postcode: String,
}

/// A stay: where the traveller lives, where the bill goes, and the dates.
#[derive(Elicit, Debug)]
#[elicit(validate = Trip::rules)]
pub(crate) struct Trip {
    #[elicit(flatten(prefix = "home_", title_prefix = "Home ", title_prefix(ko = "자택 ", fr = "Domicile\u{202f}: ")))]
    home: Address,
    #[elicit(flatten(prefix = "billing_", title_prefix = "Billing ", title_prefix(ko = "청구지 ", fr = "Facturation\u{202f}: ")))]
    billing: Address,
    #[elicit(title = "Arrival", title(ko = "도착일", fr = "Arrivée"), format = "date")]
    arrive: String,
    #[elicit(title = "Departure", title(ko = "출발일", fr = "Départ"), format = "date")]
    leave: String,
}

impl Trip {
    /// The author's rule across two fields, in each language the author ships.
    fn rules(&self) -> Result<(), Vec<Violation>> {
        if self.leave > self.arrive {
            return Ok(());
        }
        let after = Words::new("must be after the arrival date").with("ko", "도착일 이후여야 합니다").with("fr", "doit être postérieur à l’arrivée");
        Err(vec![Violation::rule("leave", after)])
    }

    /// The question, from the author's catalog.
    pub(crate) fn question() -> Words {
        Words::message("trip-ask").arg("name", "Ada")
    }
}

/// The server: one tool, `book`.
#[derive(Clone)]
pub(crate) struct Server {
    sealer: StateSealer,
}

impl Server {
    /// A server whose 2026-07-28 rounds are sealed with `sealer`.
    pub(crate) fn new(sealer: StateSealer) -> Self {
        Server { sealer }
    }
}

#[tool_router]
impl Server {
    #[tool(description = "books a stay, asking again twice")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let answer = Trip::elicit(&ask, Trip::question()).reask(2).await;
            let text = match answer {
                Ok(elicit_runtime::Elicitation::Accept(trip)) => format!("{} → {}, {} {}", trip.arrive, trip.leave, trip.home.city, trip.billing.postcode),
                other => format!("{other:?}"),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(Implementation::new("elicit-words", env!("CARGO_PKG_VERSION")))
    }
}


#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    catalog();
    // A development server: the rounds' key lives as long as the process.
    let server = Server::new(StateSealer::ephemeral()?);
    eprintln!("[words_server] serving MCP on stdin/stdout (tool: book)");
    let running = server.serve(rmcp::transport::stdio()).await?;
    running.waiting().await?;
    Ok(())
}
