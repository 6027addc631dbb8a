// The validator integration without the `validator` feature.
fn main() {
    let _ = elicit_runtime::exchange::validator_rules::<()>;
}
