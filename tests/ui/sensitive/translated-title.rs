use elicit_runtime::Elicit;

// Every language's text is held to the rule: the English title is innocent, the Korean
// one asks for a password, the Chinese description for a verification code.
#[derive(Elicit)]
struct Login {
    #[elicit(title = "Your account", title(ko = "비밀번호"))]
    account: String,
    #[elicit(description = "Your name", description(zh_hans = "请输入短信验证码"))]
    name: String,
}

fn main() {}
