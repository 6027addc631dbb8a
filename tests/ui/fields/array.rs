use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Color {
    rgb: [u8; 3],
}

fn main() {}
