// A doc comment a `macro_rules!` macro passes as `$doc:expr` is the field's description
// like any other, and is checked like one.
use elicit_runtime::Elicit;

macro_rules! documented {
    ($doc:expr) => {
        #[derive(Elicit)]
        struct Login {
            #[doc = $doc]
            code: String,
        }
    };
}
documented!("Your password");

fn main() {}
