// The Redis store without the `redis` feature.
use elicit_runtime::url::RedisStore;

fn main() {}
