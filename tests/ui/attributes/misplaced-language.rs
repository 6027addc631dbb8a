use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Address {
    #[elicit(title = "City", title(ko = "도시", fr = "Ville"))]
    city: String,
}

#[derive(Elicit)]
enum Size {
    // A language beside the title of a variant, not inside it.
    #[elicit(title = "Small", ko = "작음")]
    S,
    L,
}

#[derive(Elicit)]
struct Trip {
    // A language beside the title, not inside it.
    #[elicit(title = "Name", ko = "이름")]
    name: String,
    // A language among flatten's options, not in `title_prefix(...)`: one error on it, and
    // none about the field (it is flattened).
    #[elicit(flatten(prefix = "home_", title_prefix = "Home ", ko = "집 "))]
    home: Address,
    // The wire prefix is the same in every language.
    #[elicit(flatten(prefix(ko = "직장_"), title_prefix = "Work "))]
    work: Address,
    // A tag that is no language, inside `title_prefix(...)`.
    #[elicit(flatten(prefix = "billing_", title_prefix(korean = "청구 ")))]
    billing: Address,
    size: Size,
}

fn main() {}
