use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    passwort: String,
    mot_de_passe: String,
    contraseña: String,
    /// Пароль от почты
    mail: String,
    #[elicit(title = "密码")]
    mima: String,
    #[elicit(description = "パスワードを入力してください")]
    pasuwado: String,
    #[elicit(title = "Clé API")]
    cle: String,
    #[elicit(title = "Kreditkartennummer")]
    karte: String,
}

fn main() {}
