use elicit_runtime::Elicit;

mod menu {
    use elicit_runtime::Elicit;

    #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[elicit(rename_all = "kebab-case")]
    pub enum Diet {
        Vegan,
        NutAllergy,
    }
}

// On 2025-06-18 `diets` is sent as the checkboxes `diets__vegan` and
// `diets__nut_allergy`: the second is also the name of another field.
#[derive(Elicit)]
struct Order {
    diets: Vec<menu::Diet>,
    #[elicit(rename = "diets__nut_allergy")]
    allergy_noted: bool,
    // Starts like a checkbox, and is none: accepted.
    diets_note: Option<String>,
}

fn main() {}
