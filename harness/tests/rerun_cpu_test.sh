#!/usr/bin/env bash
# rerun and compare without a GPU: run the CPU version on the fixtures, rerun
# that record (same targets, --case, --quick, --allocations, --paired), and
# compare the two runs of it; the environment diff, the per-case calls and
# the Google Benchmark files must
# come out.   usage: rerun_cpu_test.sh FUSELAB SCRATCH
set -euo pipefail
fuselab=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
fl() { "$fuselab" --records-dir "$scratch/runs" --log "$scratch/LOG.md" "$@"; }
fail() { echo "FAIL: $*"; exit 1; }

fl run attention/v900_cpu_reference --case 'fx_*' --quick --allocations 3 --paired
old=$(basename "$(ls "$scratch"/runs/*[0-9].json.gz)" .json.gz)
out=$(fl rerun "$old")
echo "$out"
new=$(ls "$scratch"/runs/*[0-9].json.gz | xargs -n1 basename | sed 's/\.json\.gz$//' | grep -v "^$old$")
[[ $(wc -w <<<"$new") -eq 1 ]] || fail "rerun wrote $(wc -w <<<"$new") records, want 1"
grep -qE '"quick": ?true' <(zcat "$scratch/runs/$new.json.gz") || fail "rerun dropped --quick"
grep -q '"fx_\*"' <(zcat "$scratch/runs/$new.json.gz") || fail "rerun dropped --case 'fx_*'"
for r in "$old" "$new"; do
  grep -qE '"allocations": ?3' <(zcat "$scratch/runs/$r.json.gz") || fail "$r does not record --allocations 3"
  grep -qE '"paired": ?true' <(zcat "$scratch/runs/$r.json.gz") || fail "$r does not record --paired"
  # Every allocation sampled at least 8 times: at least 24 cold samples a case.
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
n = [len(c["timing"]["cold"]["samples"]) for e in r["experiments"] for c in e["cases"] if c.get("timing")]
sys.exit(0 if n and min(n) >= 24 else "cold samples per case: %s" % n)' <(zcat "$scratch/runs/$r.json.gz") || fail "$r: too few cold samples for 3 allocations"
done
grep -q "^## rerun of $old as $new" <<<"$out" || fail "no rerun heading"
grep -qE '^\| git_commit \| [0-9a-f]+ \| [0-9a-f]+ \|' <<<"$out" || fail "no git row in the environment diff"
grep -qE '^\| source_sha256 attention/v900_cpu_reference \|' <<<"$out" || fail "no source hash row"
grep -qE '^\| attention/v900_cpu_reference \| fx_b1_h2_s5_d16 \| [0-9.]+ \| [0-9.]+ \| ×[0-9.]+ \[[0-9.]+, [0-9.]+\] (FASTER|SLOWER|SAME) \|' \
  <<<"$out" || fail "no per-case speedup row with a call"

# compare the two runs of one version, in every format.
md=$(fl compare "attention/v900@$old" "attention/v900@$new")
grep -q "^## compare: attention (baseline attention/v900_cpu_reference@$old)" <<<"$md" || fail "compare md heading"
grep -qE "^\| fx_b1_h2_s5_d16 \| [0-9.]+ \| [0-9.]+ · ×" <<<"$md" || fail "compare md row: $md"
json=$(fl compare "attention/v900@$old" "attention/v900@$new" --format json)
grep -q '"call": "' <<<"$json" || fail "compare json: $json"
csv=$(fl compare "attention/v900@$old" "attention/v900@$new" --format csv)
grep -q '^fx_b1_h2_s5_d16,' <<<"$csv" || fail "compare csv: $csv"
fl compare "attention/v900@$old" "attention/v900@$new" --format gbench --out "$scratch/gb" >/dev/null
a="$scratch/gb/attention.v900_cpu_reference@$old.json" b="$scratch/gb/attention.v900_cpu_reference@$new.json"
[[ -f $a && -f $b ]] || fail "gbench files: $(ls "$scratch/gb")"
grep -q '"name": "fx_b1_h2_s5_d16/cold_median"' "$b" || fail "gbench names"
echo "rerun and compare on the CPU backend: $old -> $new"
