#!/usr/bin/env bash
# A run asked to stop (as SIGTERM would, after its first case) writes the
# record of what it measured: the first case checked and timed, the rest
# "not run" with the reason, settings.stopped saying what stopped it, and an
# exit status that is not success.
#   usage: stop_request_test.sh FUSELAB SCRATCH
set -uo pipefail
fuselab=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
FUSELAB_TEST_STOP_AFTER_CASES=1 "$fuselab" --records-dir "$scratch/runs" --log "$scratch/OPTIMIZATION_LOG.md" \
  run attention/v900_cpu_reference --case 'fx_*' --quick >"$scratch/out.txt" 2>&1
status=$?
[[ $status -ne 0 ]] || { cat "$scratch/out.txt"; echo "FAIL a stopped run exited 0"; exit 1; }
grep -q "SIGTERM asked the run to stop" "$scratch/out.txt" || { cat "$scratch/out.txt"; echo "FAIL no word of the stop"; exit 1; }
records=("$scratch"/runs/*.json.gz)
[[ ${#records[@]} -eq 1 && -f ${records[0]} ]] || { ls -la "$scratch/runs"; echo "FAIL no record of the stopped run"; exit 1; }
python3 - "${records[0]}" <<'PY' || exit 1
import gzip, json, sys
r = json.loads(gzip.open(sys.argv[1]).read())
assert r["settings"].get("stopped") == "SIGTERM", r["settings"]
cases = r["experiments"][0]["cases"]
assert len(cases) >= 2, "the test needs two fixture cases or more"
assert cases[0]["check"] and cases[0]["status"] == "passed", cases[0]["status"]
for c in cases[1:]:
    assert c["reason"] == "not run: the run was stopped (SIGTERM)", c["reason"]
print("ok: 1 case measured, %d not run, settings.stopped = SIGTERM" % (len(cases) - 1))
PY
