#!/usr/bin/env bash
# Runs every teaching example of examples/Cargo.toml (its [[example]] entries) to its end,
# as CI does: each plays its own scripted client, so none needs a person, and each must
# exit 0 within two minutes.
set -euo pipefail
exec </dev/null
cd "$(dirname "$0")/.."
mapfile -t names < <(awk '/^\[\[example\]\]/ {getline; gsub(/name = |"/, ""); print}' examples/Cargo.toml)
[[ ${#names[@]} -gt 0 ]] || { echo "examples/run.sh: no [[example]] in examples/Cargo.toml" >&2; exit 1; }
cargo build -q -p elicit-examples --examples
for name in "${names[@]}"; do
    start=$SECONDS
    timeout 120 cargo run -q -p elicit-examples --example "$name" >/dev/null ||
        { echo "examples/run.sh: example $name failed" >&2; exit 1; }
    echo "example $name: ok ($((SECONDS - start)) s)"
done
