//! The secret policy: which field names, titles and descriptions ask for sensitive
//! information, which the MCP specification forbids in form mode.
//!
//! Text is cut into word segments (snake_case, camelCase, PascalCase, kebab-case, digit
//! boundaries, spaces and punctuation) and matched on whole segments, so an ordinary word
//! that merely contains a secret word (`tokenizer`, `spinner`, `passenger`, `keyboard`,
//! `secretary`) is not a secret. A match is one segment ([`WORDS`]) or a run of
//! segments ([`PHRASES`]); a match directly followed by a word that makes it a property
//! of the secret rather than the secret itself ([`QUALIFIERS`]: `token_count`,
//! `password_expiry`) is not one.
//!
//! The vocabulary (documented in the README's "Sensitive information"):
//!
//! - passwords and PINs: `password`, `passwd`, `pwd`, `passphrase`, `passcode`, `passkey`,
//!   `pin`, `pincode`;
//! - secrets, keys and tokens: `secret`, `token` (singular: `max_tokens` counts tokens),
//!   `credential(s)`, API keys and tokens, private, secret, access, signing, encryption,
//!   master and recovery keys, session ids, keys and cookies, seed and recovery phrases;
//! - one-time codes: `otp`, `totp`, `hotp`, MFA / 2FA / two-factor codes, one-time codes
//!   and passwords, verification, security, authorization, recovery, backup, reset, SMS
//!   and login codes;
//! - payment data: card numbers (`card_number`, `cardNo`, credit and debit cards, `ccn`,
//!   the primary account number), `cvv`, `cvc`, `csc`, `cvn`, bank account and routing
//!   numbers, sort codes, `iban`;
//! - identity: `ssn`, social security numbers.
//!
//! Left out on purpose: `key` alone (`sort_key`, `hotkey`), `pass` alone (`bypass`,
//! `boarding_pass`), `code` alone (`postal_code`), `pan` alone (a camera pan), `mfa` and
//! `cookie` alone (`mfa_enabled`, `cookie_consent`).

/// Segments that name a secret on their own.
const WORDS: &[&str] = &[
    // passwords and PINs
    "password", "passwd", "pwd", "passphrase", "passcode", "passkey", "pin", "pincode",
    // secrets and tokens, also written as one word
    "secret", "token", "credential", "credentials", "apikey", "apitoken", "privatekey", "secretkey", "accesstoken", "authtoken",
    "refreshtoken", "bearertoken",
    // one-time codes
    "otp", "totp", "hotp",
    // payment data
    "cvv", "cvc", "csc", "cvn", "ccn", "cardnumber", "creditcard", "iban",
    // identity
    "ssn",
];

/// Runs of segments that name a secret together.
const PHRASES: &[&[&str]] = &[
    // keys
    &["api", "key"],
    &["private", "key"],
    &["priv", "key"],
    &["access", "key"],
    &["signing", "key"],
    &["encryption", "key"],
    &["master", "key"],
    &["recovery", "key"],
    &["session", "id"],
    &["session", "key"],
    &["session", "cookie"],
    &["auth", "cookie"],
    &["seed", "phrase"],
    &["recovery", "phrase"],
    // one-time codes
    &["one", "time", "code"],
    &["mfa", "code"],
    &["2", "fa", "code"],
    &["two", "factor", "code"],
    &["verification", "code"],
    &["security", "code"],
    &["auth", "code"],
    &["authorization", "code"],
    &["recovery", "code"],
    &["backup", "code"],
    &["reset", "code"],
    &["sms", "code"],
    &["login", "code"],
    // payment data
    &["card", "number"],
    &["card", "num"],
    &["card", "no"],
    &["credit", "card"],
    &["debit", "card"],
    &["card", "verification"],
    &["primary", "account", "number"],
    &["account", "number"],
    &["bank", "account"],
    &["routing", "number"],
    &["sort", "code"],
    // identity
    &["social", "security"],
];

/// Words that, right after a match, make it a property of the secret, not the secret.
const QUALIFIERS: &[&str] = &[
    "count", "length", "len", "limit", "expiry", "expires", "expiration", "ttl", "lifetime", "enabled", "required", "policy",
    "strength", "hint",
];

/// The text cut into lowercase word segments.
pub fn segments(text: &str) -> Vec<String> {
    #[derive(PartialEq, Clone, Copy)]
    enum Class {
        Lower,
        Upper,
        Digit,
    }
    let chars: Vec<char> = text.chars().collect();
    let mut words = Vec::new();
    let mut current = String::new();
    let mut prev: Option<Class> = None;
    for (i, &c) in chars.iter().enumerate() {
        let class = if c.is_ascii_digit() {
            Class::Digit
        } else if c.is_uppercase() {
            Class::Upper
        } else if c.is_alphanumeric() {
            Class::Lower
        } else {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev = None;
            continue;
        };
        let next_lower = chars.get(i + 1).is_some_and(|n| n.is_alphanumeric() && !n.is_uppercase() && !n.is_ascii_digit());
        let boundary = match (prev, class) {
            (None, _) => false,
            // `cvv2`, `2fa`
            (Some(Class::Digit), Class::Lower | Class::Upper) | (Some(Class::Lower | Class::Upper), Class::Digit) => true,
            // `apiKey`
            (Some(Class::Lower), Class::Upper) => true,
            // `APIKey`: the last capital of a run starts the next word
            (Some(Class::Upper), Class::Upper) => next_lower,
            _ => false,
        };
        if boundary && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        current.extend(c.to_lowercase());
        prev = Some(class);
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// What secret the text (a name, a title, a description) looks like it asks for, as the
/// words that matched (`"api key"`), or `None`.
pub fn secret_in(text: &str) -> Option<String> {
    let words = segments(text);
    let qualified = |end: usize| words.get(end).is_some_and(|next| QUALIFIERS.contains(&next.as_str()));
    for start in 0..words.len() {
        if WORDS.contains(&words[start].as_str()) && !qualified(start + 1) {
            return Some(words[start].clone());
        }
        for phrase in PHRASES {
            let end = start + phrase.len();
            if end <= words.len() && words[start..end].iter().zip(phrase.iter()).enumerate().all(|(i, (w, p))| same_word(w, p, i + 1 == phrase.len())) && !qualified(end) {
                return Some(phrase.join(" "));
            }
        }
    }
    None
}

/// `word` is `phrase_word`, or, at the end of a phrase, its plural (`recovery_codes`).
fn same_word(word: &str, phrase_word: &str, last: bool) -> bool {
    word == phrase_word || (last && word.strip_suffix('s') == Some(phrase_word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_follow_every_casing() {
        let cases: &[(&str, &[&str])] = &[
            ("api_key", &["api", "key"]),
            ("apiKey", &["api", "key"]),
            ("APIKey", &["api", "key"]),
            ("API-KEY", &["api", "key"]),
            ("ApiKeyValue", &["api", "key", "value"]),
            ("cvv2", &["cvv", "2"]),
            ("user2faCode", &["user", "2", "fa", "code"]),
            ("Your one-time code, please", &["your", "one", "time", "code", "please"]),
            ("r#type", &["r", "type"]),
            ("", &[]),
        ];
        for (text, want) in cases {
            assert_eq!(segments(text), *want, "{text}");
        }
    }

    #[test]
    fn the_vocabulary_is_matched_on_names() {
        let secrets: &[(&str, &str)] = &[
            ("password", "password"),
            ("new_password", "password"),
            ("userPassword", "password"),
            ("passwd", "passwd"),
            ("pwd", "pwd"),
            ("passphrase", "passphrase"),
            ("passcode", "passcode"),
            ("pin", "pin"),
            ("author_pin", "pin"),
            ("PIN-code", "pin"),
            ("client_secret", "secret"),
            ("secret", "secret"),
            ("token", "token"),
            ("auth_token", "token"),
            ("accessToken", "token"),
            ("refresh-token", "token"),
            ("bearerToken", "token"),
            ("token_id", "token"),
            ("accesstoken", "accesstoken"),
            ("credentials", "credentials"),
            ("API_KEY", "api key"),
            ("apiKey", "api key"),
            ("apikey", "apikey"),
            ("private_key", "private key"),
            ("privKey", "priv key"),
            ("aws_access_key", "access key"),
            ("signing_key", "signing key"),
            ("session_id", "session id"),
            ("sessionCookie", "session cookie"),
            ("seed_phrase", "seed phrase"),
            ("otp", "otp"),
            ("totp_code", "totp"),
            ("hotp", "hotp"),
            ("mfa_code", "mfa code"),
            ("twoFactorCode", "two factor code"),
            ("2fa_code", "2 fa code"),
            ("one_time_code", "one time code"),
            ("verificationCode", "verification code"),
            ("security_code", "security code"),
            ("recovery_codes", "recovery code"),
            ("cvv", "cvv"),
            ("cvv2", "cvv"),
            ("CVC", "cvc"),
            ("csc", "csc"),
            ("card_number", "card number"),
            ("cardNo", "card no"),
            ("creditCard", "credit card"),
            ("creditcard", "creditcard"),
            ("debit_card", "debit card"),
            ("ccn", "ccn"),
            ("primary_account_number", "primary account number"),
            ("bank_account", "bank account"),
            ("account_number", "account number"),
            ("routingNumber", "routing number"),
            ("sort_code", "sort code"),
            ("iban", "iban"),
            ("IBAN", "iban"),
            ("ssn", "ssn"),
            ("social_security_number", "social security"),
        ];
        for (name, want) in secrets {
            assert_eq!(secret_in(name).as_deref(), Some(*want), "{name} should be a secret");
        }
    }

    #[test]
    fn ordinary_words_that_contain_a_secret_word_are_not_secrets() {
        for name in [
            "name", "email", "description", "tokenizer", "tokens", "max_tokens", "tokens_used", "pinned", "pinned_at", "spinner",
            "opinion", "shipping", "passenger", "keyboard", "monkey", "keynote", "hotkey", "sort_key", "compass", "bypass",
            "boarding_pass", "secretary", "happiness", "postal_code", "country_code", "mfa_enabled", "cookie_consent", "pan",
            "account", "card_holder", "session", "one_time", "code",
        ] {
            assert_eq!(secret_in(name), None, "{name} should not be a secret");
        }
    }

    #[test]
    fn a_qualifier_after_the_match_makes_it_a_property_of_the_secret() {
        for name in ["token_count", "maxTokenCount", "password_length", "password_expiry", "pin_required", "api_key_hint", "otp_enabled"] {
            assert_eq!(secret_in(name), None, "{name} should not be a secret");
        }
        // Only right after the match: a qualifier elsewhere does not help.
        assert_eq!(secret_in("count_token").as_deref(), Some("token"));
    }

    #[test]
    fn titles_and_descriptions_are_read_as_words() {
        assert_eq!(secret_in("Your password").as_deref(), Some("password"));
        assert_eq!(secret_in("Enter the one-time code we sent you").as_deref(), Some("one time code"));
        assert_eq!(secret_in("The 16-digit card number").as_deref(), Some("card number"));
        assert_eq!(secret_in("Your API key (from the dashboard)").as_deref(), Some("api key"));
        assert_eq!(secret_in("How many tokens to generate").as_deref(), None);
        assert_eq!(secret_in("Pin this note to the top").as_deref(), Some("pin"));
        assert_eq!(secret_in("Your postal code").as_deref(), None);
    }
}
