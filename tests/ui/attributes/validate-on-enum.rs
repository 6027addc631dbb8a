use elicit_runtime::Elicit;

// An enum is one field's options: the rules of a form go on the struct.
#[derive(Elicit)]
#[elicit(validate = check)]
enum Size {
    Small,
    Large,
}

fn check(_: &Size) -> Result<(), Vec<elicit_runtime::form::Violation>> {
    Ok(())
}

fn main() {}
