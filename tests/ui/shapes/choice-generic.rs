use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Answer<T> {
    Nothing,
    Something { value: T },
}

fn main() {}
