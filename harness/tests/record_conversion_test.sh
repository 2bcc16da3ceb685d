#!/usr/bin/env bash
# `fuselab convert-records` (harness/core/record_conversion.h) on real schema 1
# records: the reports and the log it gives are byte for byte those of the
# originals, the samples are bit for bit the same, and a folder left half
# converted, or holding a record that cannot be converted, loses nothing.
#   usage: record_conversion_test.sh FUSELAB SCRATCH
set -euo pipefail
fuselab=$1 scratch=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL: $*"; exit 1; }
python=$("$src/scripts/find_python.sh")

originals() {  # originals DIR: the real records, with a Google Benchmark file beside one of them
  mkdir -p "$1"
  cp "$src"/harness/tests/data/records/*.json "$src"/harness/tests/data/peer_records/*.json "$1/"
  echo '{}' >"$1/20261121T021628Z-vm-2983.gbench.json"
}
report_of() {  # report_of DIR: every report and the whole log from DIR/runs, into DIR
  "$fuselab" --records-dir "$1/runs" --log "$1/LOG.md" report --reports-dir "$1/reports" --rebuild-log --no-plots \
    >"$1/report.out" 2>&1 || { cat "$1/report.out"; fail "report of $1"; }
}

originals "$scratch/before/runs"
originals "$scratch/after/runs"
"$fuselab" convert-records "$scratch/after/runs" >"$scratch/convert.out" 2>&1 || { cat "$scratch/convert.out"; fail "convert"; }
grep -q "5 record(s) converted.*1 Google Benchmark file(s) removed" "$scratch/convert.out" || fail "counts: $(cat "$scratch/convert.out")"
[[ -z $(ls "$scratch/after/runs" | grep -v '\.json\.gz$') ]] || fail "left beside the compact records: $(ls "$scratch/after/runs")"
report_of "$scratch/before"
report_of "$scratch/after"
[[ -n $(ls "$scratch/after/reports/log") ]] || fail "no dated log file was written"
diff -r "$scratch/before/reports" "$scratch/after/reports" || fail "the reports or the dated log files differ"
cmp "$scratch/before/LOG.md" "$scratch/after/LOG.md" || fail "the logs differ"
"$python" - "$scratch/before/runs" "$scratch/after/runs" <<'PY' || fail "samples differ"
import gzip, json, pathlib, struct, sys
def samples(x, out):
    if isinstance(x, dict):
        for k, v in x.items():
            (out.append(struct.pack("<%dd" % len(v), *v)) if k == "samples" else samples(v, out))
    elif isinstance(x, list):
        for v in x:
            samples(v, out)
    return out
for old in sorted(pathlib.Path(sys.argv[1]).glob("*[0-9s].json")):
    new = pathlib.Path(sys.argv[2]) / (old.name + ".gz")
    a, b = samples(json.loads(old.read_text()), []), samples(json.loads(gzip.open(new).read()), [])
    assert a == b, old.name
PY
echo "ok   conversion: reports, log and samples the same"

# Half converted (a kill after the compact file, before the original left): finished.
cp "$src/harness/tests/data/records/20261121T021628Z-vm-2983.json" "$scratch/after/runs/"
"$fuselab" convert-records "$scratch/after/runs" >"$scratch/finish.out" 2>&1 || { cat "$scratch/finish.out"; fail "finish"; }
grep -q "1 finished from a conversion cut short, 4 already compact" "$scratch/finish.out" || fail "finish: $(cat "$scratch/finish.out")"
[[ ! -e $scratch/after/runs/20261121T021628Z-vm-2983.json ]] || fail "finish: the original is still there"
echo "ok   a half-converted folder is finished"

# Two files of one run that disagree, or a record that cannot be read: refused, nothing written or removed.
"$python" -c 'import json, sys
r = json.load(open(sys.argv[1])); r["experiments"][0]["cases"][0]["timing"]["cold"]["samples"][0] += 1
json.dump(r, open(sys.argv[2], "w"))' "$src/harness/tests/data/records/20261121T021628Z-vm-2983.json" \
  "$scratch/after/runs/20261121T021628Z-vm-2983.json"
echo '{"schema": 7, "run_id": "20261121T050000Z-vm-1"}' >"$scratch/after/runs/20261121T050000Z-vm-1.json"
before=$(ls -l --time-style=full-iso "$scratch/after/runs" | md5sum)
if out=$("$fuselab" convert-records "$scratch/after/runs" 2>&1); then fail "a bad folder was converted: $out"; fi
grep -q "2 record(s) in .* cannot be converted; nothing was written" <<<"$out" || fail "refusal: $out"
grep -q "hold run 20261121T021628Z-vm-2983 and differ at .experiments\[0\].cases\[0\].timing.cold.samples\[0\]" <<<"$out" || fail "pair: $out"
grep -q "20261121T050000Z-vm-1.json has schema 7" <<<"$out" || fail "schema: $out"
[[ $(ls -l --time-style=full-iso "$scratch/after/runs" | md5sum) == "$before" ]] || fail "the refused conversion changed the folder"
echo "ok   a folder that cannot be converted whole is left as it was"
