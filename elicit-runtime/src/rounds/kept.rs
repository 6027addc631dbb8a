//! What a side effect run once per call may give back: a value the sealed state can keep
//! ([`Kept`]), and, for an effect that can fail, an error that can also carry the
//! toolkit's own ([`EffectError`]).

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::exchange::ElicitError;

/// A value [`Ask::once`](crate::rmcp::Ask::once) and
/// [`Ask::try_once`](crate::rmcp::Ask::try_once) keep in the call's sealed
/// `requestState`, so that later rounds of the same call read it back instead of running
/// the effect again: any type serde can write and read (`u64`, `String`, a struct with
/// `#[derive(Serialize, Deserialize)]`...).
///
/// Implemented for every such type; a type that is not gets a compile error on the call
/// that says what to change. An effect that can fail goes to `try_once`, which keeps the
/// `Ok` value only: `once` would keep the `Result`, error and all, and the error would
/// come back on every round without the effect running again.
///
/// ```
/// use elicit_runtime::rounds::Kept;
///
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Parcel {
///     id: u64,
/// }
///
/// fn kept<T: Kept>() {}
/// kept::<Parcel>();
/// kept::<Vec<String>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be kept in the call's sealed state",
    label = "the value of this effect is kept between rounds",
    note = "the value an effect run once gives back is written into the `requestState` with serde: derive `serde::Serialize` and `serde::Deserialize` on it, or give back a type that has them (the id of what the effect made)",
    note = "an effect that can fail goes to `ask.try_once(key, || async {{ ... }})`, which keeps the `Ok` value and ends the call with the error"
)]
pub trait Kept: Serialize + DeserializeOwned {}

#[diagnostic::do_not_recommend]
impl<T: Serialize + DeserializeOwned> Kept for T {}

/// The error of an effect run with [`Ask::try_once`](crate::rmcp::Ask::try_once): the
/// author's own error, which must also carry the toolkit's ([`ElicitError`], when the
/// kept value cannot be read back), so that one `?` ends the call with either.
/// `rmcp::ErrorData`, the error of a tool body, is one; so is any type with
/// `From<ElicitError>` (`anyhow::Error`, say).
///
/// ```
/// use elicit_runtime::rounds::EffectError;
///
/// fn effect_error<E: EffectError>() {}
/// effect_error::<rmcp::ErrorData>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the error of an effect run with `try_once`",
    label = "the effect's error ends the call",
    note = "`try_once` gives back the effect's error, or the toolkit's `ElicitError` when the kept value cannot be read: map the effect's error into the tool's (`.map_err(|e| rmcp::ErrorData::internal_error(e.to_string(), None))`), or implement `From<ElicitError>` for it"
)]
pub trait EffectError: From<ElicitError> {}

#[diagnostic::do_not_recommend]
impl<E: From<ElicitError>> EffectError for E {}
