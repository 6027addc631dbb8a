//! The layers a replayed operation wraps around any transport: `Rounds` (2026-07-28,
//! every question travels in the operation's result) and `ModelRelay` (older revisions,
//! the questions the client cannot show go to its model). Each is an [`ElicitPeer`] around
//! another, as tower's layers wrap a `Service`; [`Replay::rounds`](super::Replay::rounds)
//! and [`Replay::relay`](super::Replay::relay) build them.

use std::sync::Arc;

use crate::exchange::{Answer, ClientInfo, ElicitError, ElicitPeer, ElicitationSupport, Operation, Outgoing};
use crate::locale::Locale;
use crate::revision::{Dialect, ProtocolRevision};
use crate::exchange::error::Repr;

use super::Round;

/// The method of an elicitation.
const ELICITATION: &str = "elicitation/create";

/// What each layer holds: the wrapped transport, the round it plays, and what the client
/// can be shown (what it declared, unless a client profile says it shows less).
#[derive(Debug, Clone)]
struct Layer<P> {
    inner: P,
    round: Arc<Round>,
    support: ElicitationSupport,
}

impl<P: ElicitPeer> Layer<P> {
    fn new(inner: P, round: Arc<Round>) -> Self {
        let support = inner.elicitation_support();
        Layer { inner, round, support }
    }
}

/// 2026-07-28 over any transport: no request goes to the client. Each question is
/// answered from the round (given with this retry, or in an earlier round and carried in
/// the sealed state) or recorded, and the round ends on it
/// (an [`ElicitError::is_input_required`] error); [`Replay::finish`](super::Replay::finish) turns
/// the recorded questions into the next round's requests. With the relay on, a question
/// the client cannot show goes to its model instead.
///
/// The wrapped transport says what the client can show, its language and who it is.
#[derive(Debug, Clone)]
pub(crate) struct Rounds<P>(Layer<P>);

impl<P: ElicitPeer> Rounds<P> {
    pub(crate) fn new(inner: P, round: Arc<Round>) -> Self {
        Rounds(Layer::new(inner, round))
    }

    /// What the client can be shown in this request, when it is not all it declared (a
    /// client profile that does not show the URL of URL mode).
    pub(crate) fn showing(self, support: ElicitationSupport) -> Self {
        Rounds(Layer { support, ..self.0 })
    }

    /// The round it plays.
    pub(crate) fn round(&self) -> &Arc<Round> {
        &self.0.round
    }
}

impl<P: ElicitPeer> ElicitPeer for Rounds<P> {
    fn protocol_version(&self) -> Option<String> {
        Some(ProtocolRevision::V2026_07_28.as_str().to_owned())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        self.0.support
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
        let round = &self.0.round;
        // Without the relay every question is the round's, for the client.
        if !round.operation().relays_to_model() {
            return round.answer_or_ask(outgoing, false);
        }
        let (key, digest, answer) = round.answered(&outgoing)?;
        if let Some(answer) = answer {
            return Ok(answer);
        }
        if client_can_ask(self.0.support, &outgoing) {
            return Err(round.ask(key, digest, outgoing, false));
        }
        if outgoing.relayable && outgoing.method == ELICITATION {
            return Err(round.ask(key, digest, outgoing, true));
        }
        Err(cannot_ask(self.0.support, &outgoing))
    }

    /// 2026-07-28 has no completion notification: the retry learns of it.
    async fn notify_elicitation_complete(&self, _elicitation_id: &str) -> Result<(), ElicitError> {
        Ok(())
    }

    fn locale(&self) -> Option<Locale> {
        self.0.inner.locale()
    }

    fn client_info(&self) -> Option<ClientInfo> {
        self.0.inner.client_info()
    }

    fn operation(&self) -> Option<&Operation> {
        Some(self.0.round.operation())
    }

    fn dialect(&self) -> Option<Dialect> {
        self.0.inner.dialect()
    }
}

/// The relay through the model over any transport, on a revision that sends requests to
/// the client: a question answered earlier in the call (before the model was asked) is
/// answered from the round; one the client can show goes through the wrapped transport,
/// and its answer is kept for the replay that follows the model's call-back; one it
/// cannot show (and that is not the user's alone) is recorded for the client's model, and
/// the call ends with the questions for the model
/// ([`Played::ForModel`](super::Played::ForModel)).
#[derive(Debug, Clone)]
pub(crate) struct ModelRelay<P>(Layer<P>);

impl<P: ElicitPeer> ModelRelay<P> {
    pub(crate) fn new(inner: P, round: Arc<Round>) -> Self {
        ModelRelay(Layer::new(inner, round))
    }

    /// What the client can be shown, when it is not all it declared.
    pub(crate) fn showing(self, support: ElicitationSupport) -> Self {
        ModelRelay(Layer { support, ..self.0 })
    }

    /// The wrapped transport.
    pub(crate) fn inner(&self) -> &P {
        &self.0.inner
    }

    /// The round it plays.
    pub(crate) fn round(&self) -> &Arc<Round> {
        &self.0.round
    }
}

impl<P: ElicitPeer> ElicitPeer for ModelRelay<P> {
    fn protocol_version(&self) -> Option<String> {
        self.0.inner.protocol_version()
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        self.0.support
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
        let round = &self.0.round;
        let (key, digest, answer) = round.answered(&outgoing)?;
        if let Some(answer) = answer {
            return Ok(answer);
        }
        if client_can_ask(self.0.support, &outgoing) {
            // Kept, so that the model's call-back replays it instead of asking again.
            let answer = self.0.inner.send_elicitation(outgoing.clone()).await?;
            round.record(&outgoing, answer.result.clone());
            return Ok(answer);
        }
        if outgoing.relayable && outgoing.method == ELICITATION {
            return Err(round.ask(key, digest, outgoing, true));
        }
        Err(cannot_ask(self.0.support, &outgoing))
    }

    async fn notify_elicitation_complete(&self, elicitation_id: &str) -> Result<(), ElicitError> {
        // The model showed the link: the client knows of no elicitation to complete.
        if self.0.round.involves_model() {
            return Ok(());
        }
        self.0.inner.notify_elicitation_complete(elicitation_id).await
    }

    async fn report_waiting(&self, progress: u32, message: &str) {
        self.0.inner.report_waiting(progress, message).await;
    }

    fn locale(&self) -> Option<Locale> {
        self.0.inner.locale()
    }

    fn client_info(&self) -> Option<ClientInfo> {
        self.0.inner.client_info()
    }

    fn operation(&self) -> Option<&Operation> {
        Some(self.0.round.operation())
    }

    fn dialect(&self) -> Option<Dialect> {
        self.0.inner.dialect()
    }
}

/// Whether the client can show this request itself. Other requests than elicitations
/// (sampling, roots) are the caller's to check against what the client declared.
fn client_can_ask(support: ElicitationSupport, outgoing: &Outgoing) -> bool {
    match outgoing.method {
        // It declared forms, and could not show this one (`ErrorKind::FormNotShown`).
        ELICITATION if outgoing.not_shown => false,
        ELICITATION if outgoing.question.is_url() => support.url,
        ELICITATION => support.form,
        _ => true,
    }
}

/// The error of a request the client cannot show, when the model may not answer it.
fn cannot_ask(support: ElicitationSupport, outgoing: &Outgoing) -> ElicitError {
    match outgoing.question.is_url() {
        true => Repr::UrlNotSupported(support).into(),
        false => Repr::NotSupported(support).into(),
    }
}
