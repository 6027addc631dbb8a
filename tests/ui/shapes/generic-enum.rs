use std::marker::PhantomData;

use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Choice<T> {
    Yes,
    No,
    Other(PhantomData<T>),
}

fn main() {}
