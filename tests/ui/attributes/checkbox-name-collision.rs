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

// On 2025-06-18 `diets` is sent as the checkboxes `diets_vegan` and
// `diets_nut_allergy`: the second is also the name of another field.
#[derive(Elicit)]
struct Order {
    diets: Vec<menu::Diet>,
    #[elicit(rename = "diets_nut_allergy")]
    allergy_noted: bool,
    // Starts like a checkbox, and is none: accepted.
    diets_note: Option<String>,
}

// A checkbox name keeps only letters and digits joined by single `_`: the checkboxes of
// `my-diets` are `my_diets_vegan` and `my_diets_nut_allergy`, which another field has.
#[derive(Elicit)]
struct Renamed {
    #[elicit(rename = "my-diets")]
    diets: Vec<menu::Diet>,
    #[elicit(rename = "my_diets_vegan")]
    vegan: bool,
}

fn main() {}
