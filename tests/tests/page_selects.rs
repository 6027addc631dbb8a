//! Run-time selects (`#[elicit(options)]`) in a page form (`#[elicit(page)]`): the options
//! given when the form is asked reach the server's page (a select and checkboxes with the
//! author's titles, escaped), the page's answer is checked against exactly the options
//! offered for that interaction (anything else is a problem shown on the page, and asked
//! again there), and the tool gets the author's items. With the scripted client's page
//! helper (`Reply::fill_page`) and with `PageBrowser` over loopback, on 2025-11-25 and
//! 2026-07-28; on 2026-07-28 with the list changed between rounds too.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_runtime::form::{Options, SelectItem};
use elicit_runtime::page::{Pages, Parts};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{PageBrowser, Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

#[derive(Clone, Debug, PartialEq)]
struct RepoId(u32);
impl SelectItem for RepoId {}

/// Deploy a repository
#[derive(Elicit, Debug)]
#[elicit(page)]
struct Release {
    /// The repository to deploy
    #[elicit(options, title = "Repository")]
    repo: RepoId,
    /// Who to tell
    #[elicit(options, max_items = 2)]
    notify: Vec<String>,
    note: Option<String>,
}

/// The user's repositories as the tool finds them: the test changes them between rounds.
type Repos = Arc<Mutex<Vec<(&'static str, &'static str, u32)>>>;

#[derive(Clone)]
struct Deployer {
    sealer: StateSealer,
    pages: Pages,
    repos: Repos,
}

#[tool_router]
impl Deployer {
    #[tool(description = "deploy one of your repositories, asked on the server's page")]
    async fn deploy(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let (pages, repos) = (self.pages.clone(), self.repos.clone());
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let listed = repos.lock().unwrap().clone();
                let options = ReleaseOptions {
                    repo: Options::new(listed.into_iter().map(|(value, title, id)| (value, title, RepoId(id)))).expect("the repositories"),
                    notify: Options::untitled([("ops", "ops".to_owned()), ("dev & qa", "dev & qa".to_owned()), ("sre", "sre".to_owned())]).expect("the teams"),
                };
                let text = match Release::elicit_via_page_with(&ask, &pages, "Pick a repository", options).wait(Duration::from_secs(3)).await? {
                    Elicitation::Accept(r) => format!("deploying {:?} notifying {:?} note {:?}", r.repo, r.notify, r.note),
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Deployer {}

fn deployer(base: &str) -> Deployer {
    let sealer = StateSealer::new(*b"the pages test key of 32 bytes..").expect("a key");
    let repos = vec![("api", "API server", 1), ("web", "Web <site> & \"co\"", 2), ("docs", "Docs", 3)];
    Deployer { pages: Pages::new(Interactions::default().allow_loopback_http(true), sealer.clone(), base).expect("pages"), sealer, repos: Arc::new(Mutex::new(repos)) }
}

#[tokio::test]
async fn the_scripted_client_fills_in_a_run_time_select_on_the_page_on_every_revision() {
    for revision in REVISIONS {
        let server = deployer("https://app.example/elicit");
        let reply = Reply::fill_page("ada", json!({"repo": "web", "notify": ["dev & qa", "sre"]}));
        let session = ScriptedClient::new(revision).pages(&server.pages).reply(reply).connect(server).await.expect("connect");
        let text = session.call_tool_text("deploy", json!({})).await.expect("the call");
        assert_eq!(text, r#"deploying RepoId(2) notifying ["dev & qa", "sre"] note None"#, "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
        // URL mode: the options never cross the MCP client.
        assert_eq!(transcript.requests.len(), 1, "{revision}");
        assert_eq!(transcript.requests[0]["mode"], "url", "{revision}");
        assert!(!transcript.requests[0].to_string().contains("API server"), "{revision}");
    }
}

#[tokio::test]
async fn a_value_not_offered_is_refused_by_the_page_and_nothing_is_deployed() {
    for revision in REVISIONS {
        for (content, said) in [
            (json!({"repo": "billing", "notify": []}), "`billing` is not one of the options"),
            (json!({"repo": "api", "notify": ["ops", "board"]}), "`board` is not one of the options"),
            (json!({"repo": "api", "notify": ["ops", "dev & qa", "sre"]}), "`notify`"),
        ] {
            let server = deployer("https://app.example/elicit");
            let session = ScriptedClient::new(revision).pages(&server.pages).reply(Reply::fill_page("ada", content.clone())).connect(server).await.expect("connect");
            let outcome = session.call_tool_text("deploy", json!({})).await;
            assert!(!matches!(&outcome, Ok(text) if text.starts_with("deploying")), "{revision} {content}: {outcome:?}");
            let violations = session.transcript().violations;
            assert!(violations.iter().any(|v| v.contains("Reply::fill_page") && v.contains(said)), "{revision} {content}: {violations:?}");
        }
    }
}

#[tokio::test]
async fn on_2026_07_28_a_list_changed_between_rounds_is_asked_again_and_read_against_the_new_list() {
    let server = deployer("https://app.example/elicit");
    let repos = server.repos.clone();
    let asked = Arc::new(AtomicUsize::new(0));
    let session = ScriptedClient::new(ProtocolRevision::V2026_07_28)
        .pages(&server.pages)
        .respond_with({
            let asked = asked.clone();
            move |_: &Value| match asked.fetch_add(1, Ordering::SeqCst) {
                0 => {
                    // While the user answers on the page, `web` is deleted and `cli` takes
                    // its place in the list.
                    *repos.lock().unwrap() = vec![("api", "API server", 1), ("cli", "Command line", 4), ("docs", "Docs", 3)];
                    Reply::fill_page("ada", json!({"repo": "web", "notify": []}))
                }
                _ => Reply::fill_page("ada", json!({"repo": "cli", "notify": ["ops"]})),
            }
        })
        .connect(server)
        .await
        .expect("connect");
    let text = session.call_tool_text("deploy", json!({})).await.expect("the call");
    assert_eq!(text, r#"deploying RepoId(4) notifying ["ops"] note None"#);
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "{:?}", transcript.violations);
    // Asked twice, on two pages: the answer for the old list was never read.
    assert_eq!(asked.load(Ordering::SeqCst), 2);
    let urls: Vec<&str> = transcript.requests.iter().filter_map(|r| r["url"].as_str()).collect();
    assert!(urls.len() == 2 && urls[0] != urls[1], "{urls:?}");
}

/// The page's login in these tests: a `user` cookie (yours verifies a session).
fn login(request: &Parts) -> Option<String> {
    let cookies = request.headers.get("cookie")?.to_str().ok()?;
    cookies.split(';').find_map(|c| c.trim().strip_prefix("user=")).map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_page_shows_the_options_offered_and_refuses_a_tampered_answer() {
    for revision in REVISIONS {
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let server = deployer(&format!("http://127.0.0.1:{port}/elicit"));
        tokio::spawn(server.pages.serve(("127.0.0.1", port), login));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let seen = Arc::new(Mutex::new(Vec::new()));
        let session = ScriptedClient::new(revision)
            .respond_with({
                let seen = seen.clone();
                move |request: &Value| {
                    let (url, seen) = (request["url"].as_str().unwrap_or_default().to_owned(), seen.clone());
                    tokio::spawn(async move {
                        let ada = PageBrowser::new().header("Cookie", "user=ada");
                        let shown = ada.open(&url).await.expect("the page");
                        seen.lock().unwrap().push(Ok(shown.body.clone()));
                        // A body edited to choose what was not offered (`web` is, `billing` not).
                        for content in [json!({"repo": "billing", "notify": ["ops"]}), json!({"repo": "web", "notify": ["ops", "dev & qa"], "note": "v2"})] {
                            let answer = ada.fill(&url, content).await.expect("the page answers");
                            seen.lock().unwrap().push(Err(format!("{} {}", answer.status, answer.outcome())));
                            seen.lock().unwrap().push(Ok(answer.body));
                        }
                    });
                    Reply::consent().after(Duration::from_millis(300))
                }
            })
            .connect(server)
            .await
            .expect("connect");
        let text = session.call_tool_text("deploy", json!({})).await.expect("the call");
        assert_eq!(text, r#"deploying RepoId(2) notifying ["ops", "dev & qa"] note Some("v2")"#, "{revision}");
        let seen = seen.lock().unwrap();
        let outcomes: Vec<&String> = seen.iter().filter_map(|s| s.as_ref().err()).collect();
        assert_eq!(outcomes, ["422 invalid", "200 done"], "{revision}");
        let form = seen[0].as_ref().expect("the form");
        // A select of the options offered, with the author's titles escaped.
        for html in [
            r#"<select id="f-repo" name="repo" required aria-describedby="d-repo"><option value="">(none)</option><option value="api">API server</option>"#,
            r#"<option value="web">Web &lt;site&gt; &amp; &quot;co&quot;</option>"#,
            r#"<option value="docs">Docs</option></select>"#,
            r#"<input type="checkbox" id="f-notify-1" name="notify" value="dev &amp; qa"> dev &amp; qa</label>"#,
        ] {
            assert!(form.contains(html), "{revision}: {html} not in {form}");
        }
        assert!(!form.contains("<site>"), "{revision}");
        // The tampered answer: the problem on its field, the form asked again there.
        let invalid = seen[2].as_ref().expect("the page");
        assert!(invalid.contains(r#"<p class="problem" id="e-repo">`billing` is not one of the options</p>"#), "{revision}: {invalid}");
        assert!(invalid.contains(r#"<option value="web">Web &lt;site&gt;"#), "{revision}: the options are shown again");
    }
}
