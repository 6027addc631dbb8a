use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "snake_case")]
enum Slot {
    Morning,
    Evening,
}

#[derive(Elicit)]
struct Delivery {
    slots: Vec<Slot>,
}

// On 2025-06-18 `d_slots` is sent as the checkboxes `d_slots_morning` and
// `d_slots_evening`: the first is also the name of a field of the form.
#[derive(Elicit)]
struct Order {
    #[elicit(flatten(prefix = "d_"))]
    delivery: Delivery,
    d_slots_morning: bool,
}

fn main() {}
