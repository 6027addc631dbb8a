use elicit_runtime::Elicit;

#[derive(Elicit)]
union Number {
    int: u32,
    float: f32,
}

fn main() {}
