#!/usr/bin/env bash
# Every bad input gets one clear message and a documented exit code, and
# nothing is half-written: unknown id, missing reference, corrupt reference,
# malformed cases.yaml, no GPU.   usage: cli_errors_test.sh FUSELAB SOURCE_DIR SCRATCH
set -uo pipefail
fuselab=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch/runs"
failures=0
expect() {  # expect NAME CODE PATTERN -- ARGS...
  local name=$1 code=$2 pattern=$3; shift 4
  local out rc
  out=$("$fuselab" --records-dir "$scratch/runs" --log "$scratch/LOG.md" "$@" 2>&1); rc=$?
  if [[ $rc -ne $code ]] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $code), output:"; echo "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    echo "ok   $name: $(grep -E -- "$pattern" <<<"$out" | head -1 | cut -c1-150)"
  fi
}

expect unknown-id 2 "unknown experiment 'attention/v777_nope'.*Fix" -- run attention/v777_nope
expect unknown-show 2 "unknown experiment" -- show rope/v999_ghost

# Missing reference: an empty reference folder.
mkdir -p "$scratch/empty_refs"
expect missing-reference 2 "is missing.*Fix: .*generate.py" -- \
  --references "$scratch/empty_refs" run attention/v900_cpu_reference --case fx_b1_h2_s5_d16

# Corrupt reference: a copy with one byte flipped.
cp -r "$src/reference_data" "$scratch/refs"
f="$scratch/refs/fixtures/attention/fx_b1_h2_s5_d16.h5"
size=$(stat -c %s "$f")
printf '\x5a' | dd of="$f" bs=1 seek=$((size - 100)) conv=notrunc status=none
expect corrupt-reference 2 "sha256 .* disagrees with MANIFEST.*Fix" -- \
  --references "$scratch/refs" run attention/v900_cpu_reference --case fx_b1_h2_s5_d16

# Malformed cases.yaml: a copy of the experiments tree with a broken file.
mkdir -p "$scratch/root"
cp -r "$src/experiments" "$scratch/root/experiments"
printf 'family: attention\nop: attention\ncases:\n  - {name: broken, shape: [1, 2\n' \
  >"$scratch/root/experiments/attention/cases.yaml"
expect malformed-yaml 2 "experiments/attention/cases.yaml" -- \
  --root "$scratch/root" --references "$src/reference_data" list

# No GPU: a CUDA experiment where none exists (on a GPU machine: not applicable).
if ! nvidia-smi -L >/dev/null 2>&1; then
  expect no-gpu 3 "need a CUDA GPU" -- run attention/v001_online_softmax
fi

# Nothing half-written: no record and no temporary file from the failures above.
if [[ -n "$(ls -A "$scratch/runs")" ]]; then
  echo "FAIL: failed commands left files in the records folder: $(ls -A "$scratch/runs")"
  failures=$((failures + 1))
fi
[[ $failures -eq 0 ]]
