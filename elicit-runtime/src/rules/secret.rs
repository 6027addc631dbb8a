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
//! - passwords and PINs: `password` (also in two words, `pass_word`), `passwd`, `pwd`, `pw`,
//!   `passphrase`, `passcode`, `passkey`, `pin`, `pincode`;
//! - secrets, keys and tokens: `secret`, `token` (singular: `max_tokens` counts tokens),
//!   `credential(s)`, API keys and tokens, private, secret, access, signing, encryption,
//!   master and recovery keys, session ids, keys and cookies, seed and recovery phrases;
//! - one-time codes: `otp`, `totp`, `hotp`, MFA / 2FA / two-factor codes, one-time codes
//!   and passwords, verification, security, authorization, recovery, backup, reset, SMS
//!   and login codes;
//! - payment data: card numbers (`card_number`, `cardNo`, credit and debit cards, `ccn`,
//!   the primary account number), `cvv`, `cvc`, `csc`, `cvn`, bank account and routing
//!   numbers, sort codes, `iban`;
//! - identity: `ssn`, social security numbers;
//! - the same in other languages: passwords (`passwort`, `kennwort`, `mot_de_passe`,
//!   `contraseña`, `senha`, `wachtwoord`, `lösenord`, `hasło`, `пароль`, ...), API and
//!   private keys (`clé_api`, `api_schlüssel`, `clave_privada`, ...) and card numbers
//!   (`kreditkarte`, `numéro_de_carte`, `tarjeta_de_crédito`, ...); in scripts written
//!   without spaces between words, the word anywhere in the text (`密码`, `パスワード`,
//!   `비밀번호`, `信用卡`, `验证码`).
//!
//! A word of [`WORDS`] and the last word of a phrase match in the plural too
//! (`passwords`, `api_keys`, `PINs`), except `tokens`, which counts tokens.
//!
//! Left out on purpose: `key` alone (`sort_key`, `hotkey`), `pass` alone (`bypass`,
//! `boarding_pass`), `code` alone (`postal_code`), `pan` alone (a camera pan), `mfa` and
//! `cookie` alone (`mfa_enabled`, `cookie_consent`).

use std::collections::HashMap;
use std::sync::LazyLock;

/// Segments that name a secret on their own.
const WORDS: &[&str] = &[
    // passwords and PINs
    "password", "passwd", "pwd", "pw", "passphrase", "passcode", "passkey", "pin", "pincode",
    // secrets and tokens, also written as one word
    "secret", "token", "credential", "apikey", "apitoken", "apisecret", "privatekey", "secretkey", "accesskey", "accesstoken",
    "authtoken", "refreshtoken", "bearertoken", "sessiontoken", "clientsecret", "jwt",
    // one-time codes
    "otp", "totp", "hotp",
    // payment data
    "cvv", "cvc", "csc", "cvn", "ccn", "cardnumber", "creditcard", "iban",
    // identity
    "ssn",
    // other languages: passwords and PINs
    "passwort", "kennwort", "geheimzahl", "motdepasse", "contraseña", "contrasena", "contrasenya", "senha", "wachtwoord", "lösenord",
    "losenord", "passord", "adgangskode", "salasana", "hasło", "haslo", "heslo", "jelszó", "jelszo", "şifre", "sifre", "parolă",
    "пароль", "пин", "סיסמה", "סיסמא",
    // other languages: keys and card numbers
    "apischlüssel", "apischluessel", "kreditkarte", "kreditkartennummer", "kartennummer",
];

/// Words found anywhere in the text: in scripts written without spaces between words (or
/// with combining marks that cut segments), a word is not a segment of its own.
const CONTAINED: &[&str] = &[
    // passwords, PINs, secret and private keys, tokens
    "密码", "密碼", "パスワード", "暗証番号", "비밀번호", "密钥", "密鑰", "秘密鍵", "私钥", "令牌", "पासवर्ड", "รหัสผ่าน",
    // one-time codes
    "验证码", "驗證碼", "認証コード", "인증번호",
    // card numbers
    "信用卡", "クレジットカード", "신용카드", "카드번호",
];

/// Words of [`WORDS`] whose plural is not the secret: `max_tokens` counts tokens.
const NO_PLURAL: &[&str] = &["token"];

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
    // passwords and keys written in two words
    &["pass", "word"],
    &["pass", "wd"],
    &["pass", "phrase"],
    &["pass", "code"],
    &["hmac", "key"],
    &["mnemonic", "phrase"],
    &["personal", "identification", "number"],
    &["cc", "number"],
    &["cc", "num"],
    &["cc", "no"],
    // other languages
    &["mot", "de", "passe"],
    &["palavra", "passe"],
    &["clave", "de", "acceso"],
    &["κωδικός", "πρόσβασης"],
    &["كلمة", "المرور"],
    &["clé", "api"],
    &["cle", "api"],
    &["clave", "api"],
    &["chave", "api"],
    &["api", "schlüssel"],
    &["api", "schluessel"],
    &["clé", "privée"],
    &["cle", "privee"],
    &["privater", "schlüssel"],
    &["clave", "privada"],
    &["chave", "privada"],
    &["numéro", "de", "carte"],
    &["numero", "de", "carte"],
    &["carte", "bancaire"],
    &["carte", "de", "crédit"],
    &["carte", "de", "credit"],
    &["tarjeta", "de", "crédito"],
    &["tarjeta", "de", "credito"],
    &["número", "de", "tarjeta"],
    &["numero", "de", "tarjeta"],
    &["cartão", "de", "crédito"],
    &["cartao", "de", "credito"],
];

/// Matches (as [`secret_in`] names them) that are a secret whatever the field holds:
/// passwords, keys, card data, social security numbers, one-time codes, seed phrases.
/// `#[elicit(not_sensitive)]` cannot clear them, and the error does not offer it; it
/// clears only the words that also have an innocent meaning (`pin`, `token`, `secret`,
/// `credential`, `account number`, `sort code`...).
const UNAMBIGUOUS: &[&str] = &[
    // passwords
    "password", "passwd", "passphrase", "passcode", "passkey", "pass word", "pass wd", "pass phrase", "pass code", "passwort", "kennwort",
    "motdepasse", "contraseña", "contrasena", "contrasenya", "senha", "wachtwoord", "lösenord", "losenord", "passord", "adgangskode",
    "salasana", "hasło", "haslo", "heslo", "jelszó", "jelszo", "şifre", "sifre", "parolă", "пароль", "סיסמה", "סיסמא", "mot de passe",
    "palavra passe", "clave de acceso", "κωδικός πρόσβασης", "كلمة المرور", "密码", "密碼", "パスワード", "비밀번호", "पासवर्ड", "รหัสผ่าน",
    // keys and tokens that are credentials by name
    "apikey", "apitoken", "apisecret", "privatekey", "secretkey", "accesstoken", "authtoken", "refreshtoken", "bearertoken",
    "sessiontoken", "clientsecret", "api key", "private key", "priv key", "signing key", "encryption key", "master key", "hmac key",
    "seed phrase", "recovery phrase", "mnemonic phrase", "apischlüssel", "apischluessel", "clé api", "cle api", "clave api", "chave api",
    "api schlüssel", "api schluessel", "clé privée", "cle privee", "privater schlüssel", "clave privada", "chave privada", "密钥", "密鑰",
    "秘密鍵", "私钥",
    // one-time codes
    "otp", "totp", "hotp", "one time code", "mfa code", "2 fa code", "two factor code",
    // payment data
    "cvv", "cvc", "cvn", "ccn", "cardnumber", "creditcard", "card number", "card num", "card no", "cc number", "cc num", "cc no",
    "credit card", "debit card", "card verification", "kreditkarte", "kreditkartennummer", "kartennummer", "numéro de carte",
    "numero de carte", "carte bancaire", "carte de crédit", "carte de credit", "tarjeta de crédito", "tarjeta de credito",
    "número de tarjeta", "numero de tarjeta", "cartão de crédito", "cartao de credito", "信用卡", "クレジットカード", "신용카드", "카드번호",
    // identity
    "ssn", "social security",
];

/// Whether the match `what` (from [`secret_in`]) is a secret whatever the field holds.
pub fn unambiguous(what: &str) -> bool {
    UNAMBIGUOUS.contains(&what)
}

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
    let mut words = Vec::with_capacity(4);
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
            // `APIKey`: the last capital of a run starts the next word, except before
            // the plural `s` that ends the word (`PINs`, `APIs`)
            (Some(Class::Upper), Class::Upper) => next_lower && !plural_s(&chars, i + 1),
            _ => false,
        };
        if boundary && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        if c.is_ascii() {
            current.push(c.to_ascii_lowercase());
        } else {
            current.extend(c.to_lowercase());
        }
        prev = Some(class);
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// Whether `chars[at]` is an `s` that ends its word (nothing alphanumeric after it but
/// a capital or a digit).
fn plural_s(chars: &[char], at: usize) -> bool {
    chars.get(at) == Some(&'s') && chars.get(at + 1).is_none_or(|c| !c.is_alphanumeric() || c.is_uppercase() || c.is_ascii_digit())
}

/// What secret the text (a name, a title, a description) looks like it asks for, as the
/// words that matched (`"api key"`), or `None`.
pub fn secret_in(text: &str) -> Option<String> {
    // Every word of `CONTAINED` is outside ASCII: an ASCII text holds none (the run-time
    // select's option titles, checked one by one, are mostly ASCII).
    if !text.is_ascii() {
        let lower = text.to_lowercase();
        if let Some(found) = CONTAINED.iter().find(|word| lower.contains(*word)) {
            return Some((*found).to_owned());
        }
    }
    let words = segments(text);
    let qualified = |end: usize| words.get(end).is_some_and(|next| QUALIFIERS.iter().any(|q| same_word(next, q, true)));
    let vocabulary = &*VOCABULARY;
    for start in 0..words.len() {
        if let Some(word) = vocabulary.words.get(words[start].as_str())
            && !qualified(start + 1)
        {
            return Some((*word).to_owned());
        }
        for phrase in vocabulary.phrases.get(words[start].as_str()).into_iter().flatten() {
            let end = start + phrase.len();
            if end <= words.len() && words[start..end].iter().zip(phrase.iter()).enumerate().all(|(i, (w, p))| same_word(w, p, i + 1 == phrase.len())) && !qualified(end) {
                return Some(phrase.join(" "));
            }
        }
    }
    None
}

/// The words that, after `prefix`, would complete the name of a secret: for `api_`,
/// `key`, `token`...; for `card_`, `number`... (the phrases whose first words end the
/// prefix), each with the secret it would name. A flattened form's fields are known
/// only to its own derive, so the generated code checks their names against these.
pub fn continuations(prefix: &str) -> Vec<(Vec<&'static str>, String)> {
    let words = segments(prefix);
    let mut out = Vec::new();
    for phrase in PHRASES {
        for k in 1..phrase.len() {
            if k <= words.len() && words[words.len() - k..].iter().zip(&phrase[..k]).all(|(w, p)| w == p) {
                out.push((phrase[k..].to_vec(), phrase.join(" ")));
            }
        }
    }
    out
}

/// [`WORDS`] and [`PHRASES`] as [`secret_in`] looks them up: each segment of a text is
/// looked up once, rather than compared with every word and phrase (a form's run-time
/// select checks the title of each of its options, up to `form::MAX_OPTIONS` of them).
struct Vocabulary {
    /// Each word of [`WORDS`], and its plural unless [`NO_PLURAL`], to the word. A segment
    /// two words could claim goes to the first in [`WORDS`], the one a scan in order finds.
    words: HashMap<String, &'static str>,
    /// The phrases of [`PHRASES`] by their first word (never the last, which alone may be
    /// plural), in their order.
    phrases: HashMap<&'static str, Vec<&'static [&'static str]>>,
}

static VOCABULARY: LazyLock<Vocabulary> = LazyLock::new(|| {
    let mut words = HashMap::new();
    for &word in WORDS {
        words.entry(word.to_owned()).or_insert(word);
        if !NO_PLURAL.contains(&word) {
            words.entry(format!("{word}s")).or_insert(word);
        }
    }
    let mut phrases: HashMap<&'static str, Vec<&'static [&'static str]>> = HashMap::new();
    for &phrase in PHRASES {
        phrases.entry(phrase[0]).or_default().push(phrase);
    }
    Vocabulary { words, phrases }
});

/// `word` is `phrase_word`, or, when `plural` (at the end of a phrase), its plural
/// (`recovery_codes`, `passwords`).
fn same_word(word: &str, phrase_word: &str, plural: bool) -> bool {
    word == phrase_word || (plural && word.strip_suffix('s') == Some(phrase_word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unambiguous_match_is_one_the_vocabulary_can_find() {
        for what in UNAMBIGUOUS {
            let known = WORDS.contains(what) || CONTAINED.contains(what) || PHRASES.iter().any(|p| p.join(" ") == *what);
            assert!(known, "`{what}` is not a word, phrase or contained word of the vocabulary");
        }
        assert!(unambiguous("password") && unambiguous("api key") && unambiguous("cvv"));
        for innocent in ["pin", "token", "secret", "credential", "account number", "sort code", "iban", "session id"] {
            assert!(!unambiguous(innocent), "`{innocent}` may be a false positive");
        }
    }

    #[test]
    fn the_words_found_anywhere_are_outside_ascii() {
        // `secret_in` skips them on an ASCII text.
        assert!(CONTAINED.iter().all(|w| w.chars().all(|c| !c.is_ascii())));
    }

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
            ("credentials", "credential"),
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
    fn split_spellings_plurals_and_other_languages_are_secrets() {
        let secrets: &[(&str, &str)] = &[
            ("PassWord", "pass word"),
            ("pass_word", "pass word"),
            ("passWd", "pass wd"),
            ("user_pw", "pw"),
            ("passwords", "password"),
            ("api_keys", "api key"),
            ("PINs", "pin"),
            ("CVVs", "cvv"),
            ("client_secrets", "secret"),
            ("cc_number", "cc number"),
            ("ccNo", "cc no"),
            ("jwt", "jwt"),
            ("hmac_key", "hmac key"),
            ("clientsecret", "clientsecret"),
            ("passwort", "passwort"),
            ("Kennwort", "kennwort"),
            ("mot_de_passe", "mot de passe"),
            ("Mot de passe", "mot de passe"),
            ("contraseña", "contraseña"),
            ("senha", "senha"),
            ("wachtwoord", "wachtwoord"),
            ("hasło", "hasło"),
            ("Пароль", "пароль"),
            ("Clé API", "clé api"),
            ("api_schlüssel", "api schlüssel"),
            ("numéro de carte", "numéro de carte"),
            ("Kreditkartennummer", "kreditkartennummer"),
            ("请输入您的密码", "密码"),
            ("パスワードを入力", "パスワード"),
            ("비밀번호를 입력하세요", "비밀번호"),
            ("验证码", "验证码"),
        ];
        for (text, want) in secrets {
            assert_eq!(secret_in(text).as_deref(), Some(*want), "{text} should be a secret");
        }
        for text in [
            "passport_country", "tokenizer_name", "keyboard_layout", "pinned", "spinach", "pinyin", "bypass_word", "passage", "surpass",
            "APIs", "URLs", "userIDs", "password_hints", "tokens", "max_tokens", "word_pass", "Parole", "keypass",
        ] {
            assert_eq!(secret_in(text), None, "{text} should not be a secret");
        }
    }

    #[test]
    fn an_acronym_keeps_its_plural_s() {
        assert_eq!(segments("PINs"), ["pins"]);
        assert_eq!(segments("userAPIsList"), ["user", "apis", "list"]);
        assert_eq!(segments("APIKey"), ["api", "key"]);
        assert_eq!(segments("APIServer"), ["api", "server"]);
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
