//! Every tool schema the example servers list is portable: clients that map tool schemas
//! onto a single-`type` dialect (Gemini function declarations, OpenAI function schemas)
//! and the MCP Inspector's "Schema portability" lint read each one as written.
//!
//! Each `inputSchema` and `outputSchema`, as `tools/list` sends it, is walked through
//! every subschema; a finding names the server, the tool and the JSON pointer:
//!
//! - `type` is one string, never an array;
//! - no `$ref`, `$dynamicRef`, `$defs` or `definitions` (nothing to resolve), no `$id`
//!   and no `$schema` below the root (nothing remote);
//! - no `null`: not as a `type`, not as an `anyOf`/`oneOf` branch (an optional property
//!   says it by not being `required`);
//! - no untyped schema: every subschema asserts something (a `type`, `enum`, `const`, an
//!   applicator such as `anyOf`...), as in the Inspector's `untyped-schema` rule; no bare
//!   `true`/`false` schema (but `additionalProperties: true`, a free-form object).
//!
//! The example files are included with `#[path]` (the code users copy), each giving its
//! tool router's list; the list of servers is [`SERVERS`].

// Each server declares the option parser it shares with the others (`mod cli;`): one copy
// per server here, as in the three binaries.
#![allow(clippy::duplicate_mod)]

use rmcp::model::Tool;
use serde_json::{Value, json};

#[allow(dead_code, unreachable_pub)]
#[path = "../servers/stdio_server.rs"]
mod stdio_server;

#[allow(dead_code, unreachable_pub)]
#[path = "../servers/conformance_server.rs"]
mod conformance_server;

#[allow(dead_code, unreachable_pub)]
#[path = "../servers/load_server.rs"]
mod load_server;

/// An example server: its name and the tools it lists.
type Server = (&'static str, fn() -> Vec<Tool>);

/// Every example server that has tools.
const SERVERS: &[Server] =
    &[("stdio_server", stdio_server::tools), ("conformance_server", conformance_server::tools), ("load_server", load_server::tools)];

/// Keywords whose value is one subschema.
const SCHEMA_KEYWORDS: &[&str] = &[
    "items",
    "additionalProperties",
    "additionalItems",
    "unevaluatedItems",
    "unevaluatedProperties",
    "propertyNames",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
];
/// Keywords whose value is an object of subschemas.
const SCHEMA_MAP_KEYWORDS: &[&str] = &["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];
/// Keywords whose value is an array of subschemas.
const SCHEMA_ARRAY_KEYWORDS: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];
/// Keywords that assert something of the instance (the Inspector's list, less `$ref`
/// and its kin, which are findings of their own).
const ASSERTING: &[&str] = &[
    "type",
    "enum",
    "const",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "format",
    "contentMediaType",
    "contentEncoding",
    "contentSchema",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxContains",
    "minContains",
    "maxProperties",
    "minProperties",
    "required",
    "dependentRequired",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "items",
    "prefixItems",
    "contains",
    "additionalItems",
    "unevaluatedItems",
    "properties",
    "patternProperties",
    "additionalProperties",
    "unevaluatedProperties",
    "propertyNames",
    "dependentSchemas",
];

/// The portability findings of one schema: `(JSON pointer, what is wrong)`.
fn findings(schema: &Value) -> Vec<(String, String)> {
    let mut found = Vec::new();
    walk(schema, "", true, &mut found);
    found
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn walk(schema: &Value, pointer: &str, root: bool, found: &mut Vec<(String, String)>) {
    let mut finding = |what: String| found.push((if pointer.is_empty() { "/".to_owned() } else { pointer.to_owned() }, what));
    let Value::Object(schema) = schema else {
        finding(format!("a bare `{schema}` where a schema object belongs"));
        return;
    };
    match schema.get("type") {
        None | Some(Value::String(_)) => {}
        Some(types @ Value::Array(_)) => finding(format!("`type` is an array ({types}): one type per schema")),
        Some(other) => finding(format!("`type` is {other}")),
    }
    if schema.get("type") == Some(&json!("null")) {
        finding("a `null` type: an optional property is one left out of `required`".to_owned());
    }
    for keyword in ["$ref", "$dynamicRef", "$recursiveRef", "$defs", "definitions", "$anchor", "$dynamicAnchor"] {
        if schema.contains_key(keyword) {
            finding(format!("`{keyword}`: write the schema inline"));
        }
    }
    for keyword in ["$id", "$schema"] {
        if schema.contains_key(keyword) && !root {
            finding(format!("`{keyword}` below the root"));
        }
    }
    if let Some(Value::String(id)) = schema.get("$id") {
        finding(format!("`$id` {id:?}: nothing remote"));
    }
    if !schema.keys().any(|k| ASSERTING.contains(&k.as_str())) && !schema.contains_key("$ref") {
        finding("an untyped schema: it accepts any value; say what the value is".to_owned());
    }
    for keyword in SCHEMA_KEYWORDS {
        if let Some(sub) = schema.get(*keyword) {
            // `additionalProperties: true` / `false` say "any" / "none": the spelling the
            // Inspector itself suggests for a free-form object.
            if sub.is_boolean() && matches!(*keyword, "additionalProperties" | "unevaluatedProperties" | "additionalItems" | "unevaluatedItems") {
                continue;
            }
            walk(sub, &format!("{pointer}/{keyword}"), false, found);
        }
    }
    for keyword in SCHEMA_MAP_KEYWORDS {
        if let Some(Value::Object(map)) = schema.get(*keyword) {
            for (name, sub) in map {
                walk(sub, &format!("{pointer}/{keyword}/{}", escape(name)), false, found);
            }
        }
    }
    for keyword in SCHEMA_ARRAY_KEYWORDS {
        if let Some(Value::Array(branches)) = schema.get(*keyword) {
            for (i, sub) in branches.iter().enumerate() {
                let at = format!("{pointer}/{keyword}/{i}");
                if matches!(*keyword, "anyOf" | "oneOf") && sub.get("type") == Some(&json!("null")) {
                    found.push((at.clone(), format!("a `null` branch of `{keyword}`: an optional property is one left out of `required`")));
                    continue;
                }
                walk(sub, &at, false, found);
            }
        }
    }
}

#[test]
fn every_tool_schema_of_every_example_server_is_portable() {
    let mut problems = Vec::new();
    let mut schemas = 0;
    let mut relays = 0;
    for (server, tools) in SERVERS {
        let tools = tools();
        assert!(!tools.is_empty(), "{server} lists no tools");
        for tool in tools {
            // The tool as `tools/list` sends it.
            let wire = serde_json::to_value(&tool).expect("a tool serializes");
            for member in ["inputSchema", "outputSchema"] {
                let Some(schema) = wire.get(member) else { continue };
                schemas += 1;
                relays += usize::from(schema.pointer("/properties/elicitRelay").is_some());
                for (pointer, what) in findings(schema) {
                    problems.push(format!("{server}: tool `{}` {member} at {pointer}: {what}", tool.name));
                }
            }
        }
    }
    assert!(schemas >= SERVERS.len(), "only {schemas} schemas walked");
    // The argument the toolkit adds (stdio_server's tools take it) was among them.
    assert!(relays > 0, "no tool takes `elicitRelay`");
    assert!(problems.is_empty(), "{} non-portable constructs:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_walk_finds_each_construct_where_it_is() {
    let schema = json!({
        "type": "object",
        "$defs": { "R": { "type": "string" } },
        "properties": {
            "a": { "type": ["string", "null"] },
            "b": { "anyOf": [{ "$ref": "#/$defs/R" }, { "type": "null" }] },
            "c": { "description": "anything" },
            "d/e": { "type": "object", "additionalProperties": true, "properties": { "x": true } },
            "f": { "type": "object", "additionalProperties": false, "properties": { "g": { "$id": "https://example.com/g", "type": "string" } } },
            "ok": { "type": "string", "enum": ["x"] }
        }
    });
    let found: Vec<(String, String)> = findings(&schema);
    let at: Vec<&str> = found.iter().map(|(pointer, _)| pointer.as_str()).collect();
    assert_eq!(
        at,
        [
            "/",
            "/properties/a",
            "/properties/b/anyOf/0",
            "/properties/b/anyOf/1",
            "/properties/c",
            "/properties/d~1e/properties/x",
            "/properties/f/properties/g",
            "/properties/f/properties/g"
        ],
        "{found:#?}"
    );
    assert!(found[0].1.contains("`$defs`"), "{found:?}");
    assert!(found[1].1.contains("`type` is an array"), "{found:?}");
    assert!(found[2].1.contains("`$ref`"), "{found:?}");
    assert!(found[3].1.contains("`null` branch"), "{found:?}");
    assert!(found[4].1.contains("untyped"), "{found:?}");
    assert!(found[5].1.contains("bare `true`"), "{found:?}");
    assert!(found[6].1.contains("`$id` below the root") && found[7].1.contains("nothing remote"), "{found:?}");
    // A portable schema has no finding.
    assert_eq!(findings(&json!({"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}, "required": ["n"]})), []);
}
