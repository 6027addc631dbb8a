// The page's server side without the `page` feature.
use elicit_runtime::page::Pages;

fn main() {}
