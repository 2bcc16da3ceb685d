#!/usr/bin/env bash
# kill -9 at every point where a CPU run and `fuselab report` (plain, and
# rebuilding the log) write evidence (harness/core/crash_point.h): after each
# kill no record is half-written, and a plain `fuselab report` leaves no
# debris and a log (front page and dated files, reports/log/) equal to what
# --rebuild-log makes.
#   usage: kill_test.sh FUSELAB SCRATCH
set -uo pipefail
fuselab=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
failures=0 kills=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
run_cmd=(run attention/v900_cpu_reference --case fx_b1_h2_s5_d16 --quick)
report_cmd=(report --no-plots)
in_dir() {  # in_dir DIR ARGS...: fuselab with DIR's records, log and reports
  local d=$1; shift
  "$fuselab" --records-dir "$d/runs" --log "$d/OPTIMIZATION_LOG.md" "$@" --reports-dir "$d/reports" 2>&1
}
fuselab_in() {  # like in_dir, for commands without --reports-dir
  local d=$1; shift
  "$fuselab" --records-dir "$d/runs" --log "$d/OPTIMIZATION_LOG.md" "$@" 2>&1
}

# A folder with one whole run, its log and reports.
base=$scratch/base
fuselab_in "$base" "${run_cmd[@]}" >/dev/null || { echo "FAIL the first run"; exit 1; }
in_dir "$base" "${report_cmd[@]}" >/dev/null || { echo "FAIL the first report"; exit 1; }

check_after_kill() {  # check_after_kill NAME DIR
  local name=$1 d=$2
  for f in "$d"/runs/*.json.gz; do
    python3 -c 'import gzip, json, sys; json.loads(gzip.open(sys.argv[1]).read())' "$f" 2>/dev/null ||
      fail "$name: half-written record $f"
  done
  out=$(in_dir "$d" "${report_cmd[@]}") || { fail "$name: report after the kill: $out"; return; }
  leftovers=$(find "$d" -name '.*.tmp.*')
  [[ -z $leftovers ]] || fail "$name: debris left after report: $leftovers"
  [[ -n $(ls "$d"/reports/log/*.md 2>/dev/null) ]] || fail "$name: no dated log file after report"
  cp "$d/OPTIMIZATION_LOG.md" "$d/after-plain-report.md"
  cp -r "$d/reports/log" "$d/log-after-plain-report"
  in_dir "$d" "${report_cmd[@]}" --rebuild-log >/dev/null || fail "$name: --rebuild-log"
  cmp -s "$d/OPTIMIZATION_LOG.md" "$d/after-plain-report.md" || fail "$name: plain report's front page differs from --rebuild-log's"
  diff -r "$d/reports/log" "$d/log-after-plain-report" >/dev/null || fail "$name: plain report's dated files differ from --rebuild-log's"
}

# kill_each NAME CMD...: counts the crash points of CMD on a copy of base,
# then kills CMD at each of them on a fresh copy and checks what is left.
kill_each() {
  local name=$1; shift
  local probe=$scratch/$name-count
  cp -r "$base" "$probe"
  FUSELAB_CRASH_COUNT="$scratch/$name.points" "$@" "$probe" >/dev/null
  local points
  points=$(wc -l <"$scratch/$name.points")
  ((points > 0)) || fail "$name: no crash point reached"
  for ((n = 1; n <= points; n++)); do
    local d=$scratch/$name-$n
    cp -r "$base" "$d"
    (FUSELAB_CRASH_AT=$n "$@" "$d" >/dev/null) 2>/dev/null  # bash's "Killed" notice is expected
    local rc=$?
    if ((rc != 137)); then fail "$name: not killed at point $n ($(sed -n "${n}p" "$scratch/$name.points")), exit $rc"; continue; fi
    kills=$((kills + 1))
    check_after_kill "$name at $(sed -n "${n}p" "$scratch/$name.points")" "$d"
  done
  echo "ok   $name: killed at each of its $points points"
}

a_run() { fuselab_in "$1" "${run_cmd[@]}"; }
a_report() { in_dir "$1" "${report_cmd[@]}"; }
a_rebuild() { in_dir "$1" "${report_cmd[@]}" --rebuild-log; }
kill_each cpu-run a_run
# A report with work to do: a run whose log entry is missing.
fuselab_in "$base" "${run_cmd[@]}" >/dev/null
day=$(ls "$base"/reports/log/*.md | tail -1)
python3 - "$day" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
cut = text.rfind("\n## ")  # the newest run's entries leave the dated file
open(path, "w").write(text[:cut + 1])
PY
kill_each report a_report
kill_each rebuild-log a_rebuild

if ((failures)); then echo "kill test: $kills kills, $failures failure(s)"; exit 1; fi
echo "kill test: $kills kills (a CPU run, a report, a log rebuild), every one left whole records and a log that report restores"
