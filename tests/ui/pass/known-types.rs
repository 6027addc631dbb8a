// The standard types the derive recognises by name skip the compile-time checks the
// derive can see pass (elicit-derive's `known`). Each is written here at the ends of what
// the derive lets through unchecked, once by its bare name and once by a path it does not
// recognise, which goes through the runtime's checks: both compile, so the derive's table
// lets through nothing the runtime would refuse, and both give the same schema.
use elicit_runtime::{Elicit, ProtocolRevision};

#[derive(Elicit)]
struct Bare {
    #[elicit(min_length = 1, max_length = 20, pattern = "^a", format = "email", default = "a@example.com")]
    text: String,
    #[elicit(min_length = 1, default = "b")]
    maybe_text: Option<String>,
    #[elicit(default = true)]
    flag: bool,
    #[elicit(default = false)]
    maybe_flag: Option<bool>,
    #[elicit(minimum = -128, maximum = 127, default = -128)]
    i8_: i8,
    #[elicit(minimum = -32768, maximum = 32767)]
    i16_: i16,
    #[elicit(minimum = -2147483648, maximum = 2147483647)]
    i32_: i32,
    #[elicit(minimum = -9223372036854775808, maximum = 9223372036854775807, default = 9223372036854775807)]
    i64_: i64,
    #[elicit(minimum = 0, maximum = 255, default = 255)]
    u8_: u8,
    #[elicit(minimum = 0, maximum = 65535)]
    u16_: Option<u16>,
    #[elicit(minimum = 0, maximum = 4294967295)]
    u32_: u32,
    #[elicit(minimum = 0, maximum = 18446744073709551615, default = 18446744073709551615)]
    u64_: u64,
    #[elicit(minimum = -2147483648, maximum = 2147483647, default = 2147483647)]
    f32_: f32,
    #[elicit(minimum = -9223372036854775808, maximum = 9223372036854775807, default = -9223372036854775808)]
    f64_: Option<f64>,
}

#[derive(Elicit)]
struct Qualified {
    #[elicit(min_length = 1, max_length = 20, pattern = "^a", format = "email", default = "a@example.com")]
    text: ::std::string::String,
    #[elicit(min_length = 1, default = "b")]
    maybe_text: ::core::option::Option<::std::string::String>,
    #[elicit(default = true)]
    flag: ::core::primitive::bool,
    #[elicit(default = false)]
    maybe_flag: ::core::option::Option<::core::primitive::bool>,
    #[elicit(minimum = -128, maximum = 127, default = -128)]
    i8_: ::core::primitive::i8,
    #[elicit(minimum = -32768, maximum = 32767)]
    i16_: ::core::primitive::i16,
    #[elicit(minimum = -2147483648, maximum = 2147483647)]
    i32_: ::core::primitive::i32,
    #[elicit(minimum = -9223372036854775808, maximum = 9223372036854775807, default = 9223372036854775807)]
    i64_: ::core::primitive::i64,
    #[elicit(minimum = 0, maximum = 255, default = 255)]
    u8_: ::core::primitive::u8,
    #[elicit(minimum = 0, maximum = 65535)]
    u16_: ::core::option::Option<::core::primitive::u16>,
    #[elicit(minimum = 0, maximum = 4294967295)]
    u32_: ::core::primitive::u32,
    #[elicit(minimum = 0, maximum = 18446744073709551615, default = 18446744073709551615)]
    u64_: ::core::primitive::u64,
    #[elicit(minimum = -2147483648, maximum = 2147483647, default = 2147483647)]
    f32_: ::core::primitive::f32,
    #[elicit(minimum = -9223372036854775808, maximum = 9223372036854775807, default = -9223372036854775808)]
    f64_: ::core::option::Option<::core::primitive::f64>,
}

fn main() {
    for &revision in ProtocolRevision::ALL {
        let bare = Bare::requested_schema(revision).unwrap();
        let qualified = Qualified::requested_schema(revision).unwrap();
        assert_eq!(bare.as_json(), qualified.as_json(), "{revision}");
    }
}
