#!/usr/bin/env bash
# The committed reference_data/op_declarations.json (what the reference
# generator reads of each op) is exactly what this build's declarations
# export; `export --ops` writes nothing when nothing changed.
#   usage: op_declarations_test.sh FUSELAB SOURCE_DIR
set -uo pipefail
fuselab=$1 src=$2
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
"$fuselab" --root "$src" export --ops "$work/ops.json" >"$work/log" 2>&1 || { cat "$work/log"; echo "FAIL: export --ops exited non-zero"; exit 1; }
if ! cmp -s "$work/ops.json" "$src/reference_data/op_declarations.json"; then
  diff "$src/reference_data/op_declarations.json" "$work/ops.json" | head -20
  echo "FAIL: reference_data/op_declarations.json differs from the ops' declarations. Fix: build/harness/cli/fuselab export --ops reference_data/op_declarations.json, and commit it"
  exit 1
fi
"$fuselab" --root "$src" export --ops "$work/ops.json" 2>&1 | grep -q "already up to date" || { echo "FAIL: a second export rewrote the file"; exit 1; }
echo "ok   reference_data/op_declarations.json is the export of this build's ops"
