use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Checkout {
    #[elicit(title = "Your password")]
    value: String,
    #[elicit(description = "The one-time code we texted you")]
    code: String,
    /// The long number on the front of your credit card.
    digits: String,
    // A doc comment is not the description when there is one.
    /// The password of the card.
    #[elicit(description = "The name on the card")]
    holder: String,
    // One mistake, one error: the name and the title both ask for the secret.
    #[elicit(title = "Password")]
    password: String,
}

fn main() {}
