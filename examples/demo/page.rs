//! The organiser's web page of the URL-mode tool, and the browser that opens it, in
//! process: the demo has no web server and no browser. What they do is what a real page
//! does: read the interaction's id from the address, identify its user with its own login,
//! and complete the interaction as that user. This page only signs in, so it completes the
//! interaction itself; a page that takes input (an API key) is the toolkit's own, from an
//! `#[elicit(page)]` form (`elicit_runtime::page`, `examples/secure_page.rs`).

use elicit_runtime::url::{InteractionId, Interactions};

/// Where the page lives. The id in the address is unguessable, but only names the
/// interaction: the page must still check who is signed in.
const PAGE: &str = "https://conference.example.com/connect";

/// The page's address for an interaction (given to `Interactions::url_request`).
pub(crate) fn url_for(id: &InteractionId) -> String {
    format!("{PAGE}?id={id}")
}

/// The page's handler of the sign-in form, as `user` (whoever the page's own login says is
/// signed in): completes the interaction named in `url`. Returns what the page shows.
pub(crate) async fn submit(interactions: &Interactions, url: &str, user: &str) -> String {
    let Some(id) = url.strip_prefix(PAGE).and_then(|rest| rest.strip_prefix("?id=")) else {
        return format!("not found: {url} is not this page");
    };
    match interactions.complete(id, user).await {
        // A real page would now store the account's token, bound to `user`, and never
        // hand it to the MCP client.
        Ok(_) => format!("signed in as {user}: the account is connected, you can go back to your client"),
        // Another user (a forwarded link), an unknown, expired or used id: nothing stored.
        Err(refused) => format!("refused: {refused}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_page_completes_its_interactions_for_their_user_only() -> Result<(), Box<dyn std::error::Error>> {
        let interactions = Interactions::default();
        let started = interactions.store().start("ada", "account", std::time::Duration::from_secs(60)).await?;
        let url = url_for(&started.id);
        assert!(url.starts_with("https://conference.example.com/connect?id="), "{url}");

        // A forwarded link, opened by someone else: refused, and the interaction stays open.
        assert!(submit(&interactions, &url, "mallory").await.starts_with("refused: "));
        assert!(interactions.pending(started.id.as_str(), "ada").await.is_ok());

        assert!(submit(&interactions, &url, "ada").await.starts_with("signed in as ada"));
        assert!(submit(&interactions, &url, "ada").await.starts_with("refused: "), "used once");
        assert!(submit(&interactions, "https://elsewhere.example.com/?id=x", "ada").await.starts_with("not found: "));
        Ok(())
    }
}
