//! Opening arbitrary `requestState` strings: every one is refused with a typed error
//! (none opens without the key), and nothing panics. Inputs that start with the format's
//! prefix and valid base64 reach the cipher.
#![no_main]

use std::sync::LazyLock;

use elicit_runtime::rounds::StateSealer;
use elicit_runtime::__private::Harness;
use libfuzzer_sys::fuzz_target;

static HARNESS: LazyLock<Harness> =
    LazyLock::new(|| Harness::new(StateSealer::new(*b"the fuzzing key, 32 bytes or more").expect("key"), Some("alice"), "book", None));

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for candidate in [text.as_ref(), &format!("es1.{text}")] {
        let refused = HARNESS.open(candidate).expect_err("a state the server did not seal opened");
        assert!(refused.is_from_client(), "{refused:?} blamed on the server");
    }
});
