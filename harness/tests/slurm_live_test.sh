#!/usr/bin/env bash
# `fuselab sweep --slurm` through a real Slurm (issue 40, point 4): a
# single-node cluster on this host (slurm_cluster.sh: munged, slurmctld,
# slurmd from Debian's packages, started here, stopped at exit whatever
# happens), the CPU versions of the four families on their committed fixtures
# swept as a 4-task array plus the report job chained after it, then the same
# sweep run locally in one process (`run` unsharded, then `report`), and the
# two compared.
#
# What "equal" means here. Timings are measured anew by every run, so no
# timing, and nothing printed from one (the verdict's reason, the log's
# µs columns), can be equal between the two; everything else must be:
#  1. The pairs: the (version, case) pairs in the Slurm run's records are the
#     local run's, each exactly once, spread over the shards 0/4…3/4 that all
#     planned alike (one plan fingerprint).
#  2. The checks: for every pair, the record's case with its timing removed
#     (status, the check: pass, max abs/rel error, torch fp32 error, elements,
#     where, reference file and sha256; shape, traffic, reason) is the same
#     JSON, byte for byte once keys are sorted, in both runs.
#  3. The verdicts: each version's verdict value (CONFIRMED …) in the shard
#     that ran the case its prediction names equals the local run's.
#  4. The reports, two ways:
#     a. byte-identical: what the Slurm sweep left (reports/README.md, the
#        dated log file the shards appended to, as the report job leaves it,
#        and the log's front page) equals `fuselab report --rebuild-log` run
#        here, outside Slurm, over a copy of the gathered records alone: the
#        gather loses and adds nothing. (Where the shards appended their
#        entries out of run-id order, the report job has rewritten the
#        dated file in that order and said so, as information: nothing
#        was missing. A "repaired:" there fails the test);
#     b. structurally: each version's cases in the dated log, with the
#        medians masked (case, passed or its status, timed or not),
#        sorted, are the same lines for the Slurm and the local run (the
#        Slurm log has an entry per shard and version, the local one an entry
#        per version: the cases, not the entries, compare). The README and
#        the front page list runs (four against one), not results: they are
#        compared in (a) only.
# And a failed task: with shard 1 made to abort, the task is reported FAILED
# with its log, and Slurm holds the report job back for good
# (DependencyNeverSatisfied), as docs/sweeps.md says.
#
# Where it cannot run (not root; munged, slurmctld, slurmd or Slurm's client
# commands missing) it exits 77, which ctest reports as skipped, with the
# reason and the fix. Where FUSELAB_REQUIRE_SLURM=1 or CI=true (scripts/test.sh sets
# the former) the same reason fails it instead: CI installs the packages
# (scripts/setup.sh --tests) and runs as root, so a skip there would hide a
# broken setup.
#   usage: slurm_live_test.sh FUSELAB SCRATCH
set -uo pipefail
fuselab=$(realpath "$1") scratch=$2
source "$(dirname "$0")/slurm_cluster.sh"
rm -rf "$scratch" && mkdir -p "$scratch"
scratch=$(realpath "$scratch")
targets=(attention/v900_cpu_reference sinusoidal/v900_cpu_reference rope/v900_cpu_reference
         rope_standalone/v900_cpu_reference)
shards=4 wait_s=90
fail() { echo "FAIL: $*"; exit 1; }
SECONDS=0

missing=$(slurm_cluster_missing)
if [[ -n $missing ]]; then
  [[ ${FUSELAB_REQUIRE_SLURM:-} == 1 || ${CI:-} == true || ${CI:-} == 1 ]] &&
    fail "no live Slurm, and it is required here (FUSELAB_REQUIRE_SLURM=${FUSELAB_REQUIRE_SLURM:-} CI=${CI:-}): $missing"
  echo "skipped: no live Slurm: $missing"
  exit 77
fi

trap 'slurm_cluster_down || { echo "FAIL: the cluster did not stop cleanly"; exit 1; }' EXIT
trap 'exit 1' INT TERM HUP
slurm_cluster_up "$scratch/cluster" || fail "the single-node Slurm did not come up (see above)"
echo "cluster up in ${SECONDS}s: node $(sinfo -h -N -o %N) idle, $(scontrol show node | grep -o 'Gres=[^ ]*')"

# Every (id, case) pair of the records in a folder, one a line, sorted (duplicates kept).
pairs_of() { zcat "$1"/*[0-9].json.gz | jq -r '.experiments[] | .id as $id | .cases[] | "\($id) \(.name)"' | sort; }
# Every case of the records without its timing, one JSON line per pair, sorted.
checks_of() { zcat "$1"/*[0-9].json.gz | jq -cS '.experiments[] | .id as $id | .cases[] | del(.timing) | {id: $id} + .' | sort; }
# Per version, the verdict of the record that ran its prediction's cases.
verdicts_of() {
  zcat "$1"/*[0-9].json.gz | jq -r '.experiments[] | select([.cases[].name] as $ran |
    (.prediction.cases // []) - $ran == []) | "\(.id) \(.verdict.value)"' | sort
}
# The cases of the dated log files in folder $1 (reports/log/ beside the
# log), "id case passed timed|untimed" or "id case STATUS" a line, sorted:
# an entry lists its timed cases with their medians (dropped here), its
# checked-only cases, and those that did not pass with their status.
log_cases() {
  cat "$1"/[0-9]*.md | awk '
    function items(kind,   line, n, i, parts) {
      line = $0; sub(/^[^:]*: /, "", line)
      n = split(line, parts, ", ")
      for (i = 1; i <= n; i++) {
        split(parts[i], w, " ")
        print id, w[1], (kind == "failed" ? w[2] : "passed " kind)
      }
    }
    /^### / { id = substr($0, 5); sub(/ — .*/, "", id) }
    /^- Timed, cold median µs: / { items("timed") }
    /^- Checked, not timed: / { items("untimed") }
    /^- Did not pass: / { items("failed") }' | sort
}

# The state of a job, or of each task of an array: "TASK STATE EXIT:SIGNAL REASON" lines.
job_states() {
  scontrol -o show job "$1" 2>/dev/null | awk '{
    delete f
    for (i = 1; i <= NF; i++) { k = $i; sub(/=.*/, "", k); f[k] = substr($i, length(k) + 2) }
    print ("ArrayTaskId" in f ? f["ArrayTaskId"] : "-"), f["JobState"], f["ExitCode"], f["Reason"] }'
}
# `sweep --slurm` into folder $1 (more arguments after it); sets array and
# report to the two job ids it submitted.
sweep_slurm() {
  local dir=$1
  shift
  "$fuselab" --records-dir "$dir/runs" --log "$dir/LOG.md" sweep "${targets[@]}" --case 'fx_*' --quick \
    --logs-dir "$dir/logs" --reports-dir "$dir/reports" --no-plots \
    --slurm --shards "$shards" --partition "$slurm_partition" --time 00:05:00 "$@" >"$dir.out" 2>&1 ||
    { cat "$dir.out"; fail "sweep --slurm exits non-zero"; }
  array=$(sed -nE 's/.*submitted: shard array ([0-9]+) .*/\1/p' "$dir.out")
  report=$(sed -nE 's/.*; report job ([0-9]+) after .*/\1/p' "$dir.out")
  [[ -n $array && -n $report ]] || { cat "$dir.out"; fail "sweep --slurm did not name the two jobs it submitted"; }
}
# Waits for the array, then the report job (task logs in folder $1). Returns
# 0 when every task and the report job completed with exit 0; 1, printing
# one line per failure, as soon as a task failed (state or exit code) or the
# report job failed or can never run; 2 at the deadline, printing the states.
watch_jobs() {
  local logs=$1 deadline=$((SECONDS + wait_s)) tasks bad rep
  while ((SECONDS < deadline)); do
    tasks=$(job_states "$array")
    bad=$(awk '$2 !~ /^(PENDING|CONFIGURING|RUNNING|COMPLETING|COMPLETED)$/ || ($2 == "COMPLETED" && $3 != "0:0")' <<<"$tasks")
    if [[ -n $bad ]]; then
      awk -v d="$logs" -v n="$shards" '{ printf "array task %s (shard %s/%s) ended %s, exit:signal %s; log %s/shard-%s-of-%s.log\n",
        $1, $1, n, $2, $3, d, $1, n }' <<<"$bad"
      return 1
    fi
    if (($(awk '$2 == "COMPLETED"' <<<"$tasks" | wc -l) == shards)); then
      rep=$(job_states "$report")
      case $rep in
        "- COMPLETED 0:0 "*) return 0 ;;
        *DependencyNeverSatisfied* | *FAILED* | *CANCELLED* | *TIMEOUT* | *NODE_FAIL* | *" COMPLETED "*)
          echo "the report job $report: $rep; log $logs/report.log"
          return 1 ;;
      esac
    fi
    sleep 0.5
  done
  echo "after ${wait_s}s: array $array: $(job_states "$array" | paste -sd ';'); report job $report: $(job_states "$report")"
  return 2
}
task_logs() {  # the tail of every task log in folder $1
  local f
  for f in "$1"/*.log; do echo "---- $f"; tail -n 20 "$f"; done
}

# 1. The sweep through Slurm: the array and the chained report job.
slurm=$scratch/slurm
t0=$SECONDS
sweep_slurm "$slurm"
echo "submitted: shard array $array ($shards tasks), report job $report after it"
watch_jobs "$slurm/logs" >"$scratch/watch.out" ||
  { task_logs "$slurm/logs"; cat "$scratch/watch.out"; fail "the Slurm sweep did not complete (above)"; }
echo "the array and the report job completed in $((SECONDS - t0))s"
for ((i = 0; i < shards; i++)); do
  grep -q "^shard $i/$shards on .*CUDA_VISIBLE_DEVICES=[0-3]$" "$slurm/logs/shard-$i-of-$shards.log" ||
    fail "shard $i's log does not show the GPU Slurm gave it: $(head -n 1 "$slurm/logs/shard-$i-of-$shards.log")"
done
grep -q "report: .* files written" "$slurm/logs/report.log" || fail "report.log: $(cat "$slurm/logs/report.log")"

# 2. The same sweep locally, in one process: `run` unsharded, then `report`.
local_=$scratch/local
"$fuselab" --records-dir "$local_/runs" --log "$local_/LOG.md" run "${targets[@]}" --case 'fx_*' --quick \
  >"$scratch/local.out" 2>&1 || { cat "$scratch/local.out"; fail "the local run"; }
"$fuselab" --records-dir "$local_/runs" --log "$local_/LOG.md" report --reports-dir "$local_/reports" --no-plots \
  >>"$scratch/local.out" 2>&1 || { cat "$scratch/local.out"; fail "the local report"; }

# 3. Compare (see the top of this file).
pairs_of "$local_/runs" >"$scratch/local.pairs"
pairs_of "$slurm/runs" >"$scratch/slurm.pairs"
[[ $(wc -l <"$scratch/local.pairs") -ge 8 ]] || fail "the local run has too few pairs"
diff "$scratch/local.pairs" "$scratch/slurm.pairs" ||
  fail "the Slurm run's (version, case) pairs are not the local run's, each once (diff above: < local, > Slurm)"
[[ $(zcat "$slurm"/runs/*[0-9].json.gz | jq -r '.settings.shard_plan.fingerprint' | sort -u | wc -l) -eq 1 ]] ||
  fail "the array's shards planned differently"
shards_seen=$(zcat "$slurm"/runs/*[0-9].json.gz | jq -r .settings.shard | sort)
[[ -z $(uniq -d <<<"$shards_seen") && -z $(grep -vE "^[0-9]+/$shards$" <<<"$shards_seen") ]] ||
  fail "the records are not one per shard of $shards: $(xargs <<<"$shards_seen")"
echo "records: $(ls "$slurm"/runs/*[0-9].json.gz | wc -l) from the array, $(wc -l <"$scratch/slurm.pairs") pairs, each once, as the local run"

checks_of "$local_/runs" >"$scratch/local.checks"
checks_of "$slurm/runs" >"$scratch/slurm.checks"
diff "$scratch/local.checks" "$scratch/slurm.checks" ||
  fail "a case's check differs between the local and the Slurm run (diff above)"
verdicts_of "$local_/runs" >"$scratch/local.verdicts"
verdicts_of "$slurm/runs" >"$scratch/slurm.verdicts"
[[ $(wc -l <"$scratch/local.verdicts") -eq ${#targets[@]} ]] || fail "the local run lacks a verdict: $(cat "$scratch/local.verdicts")"
diff "$scratch/local.verdicts" "$scratch/slurm.verdicts" || fail "a verdict differs (diff above)"
echo "checks: every case's check equal (status, errors, reference); verdicts: $(awk '{print $2}' "$scratch/slurm.verdicts" | sort | uniq -c | xargs)"

# 4a. What the Slurm sweep left equals a report rebuilt here from its records alone.
regen=$scratch/regen
mkdir -p "$regen" && cp -r "$slurm/runs" "$regen/"
"$fuselab" --records-dir "$regen/runs" --log "$regen/LOG.md" report --rebuild-log --reports-dir "$regen/reports" \
  --no-plots >"$scratch/regen.out" 2>&1 || { cat "$scratch/regen.out"; fail "the report over the gathered records"; }
diff -r "$slurm/reports" "$regen/reports" && cmp "$slurm/LOG.md" "$regen/LOG.md" ||
  fail "the Slurm sweep's reports and log differ from those rebuilt here from its records (diff above)"
# 4b. The dated logs' cases, timings masked, Slurm against local.
log_cases "$local_/reports/log" >"$scratch/local.cases"
log_cases "$slurm/reports/log" >"$scratch/slurm.cases"
[[ $(wc -l <"$scratch/local.cases") -eq $(wc -l <"$scratch/local.pairs") ]] ||
  fail "the local log does not list every case once: $(cat "$scratch/local.cases")"
diff "$scratch/local.cases" "$scratch/slurm.cases" || fail "the logs' cases differ (timings masked; diff above)"
echo "reports: the Slurm sweep's byte-identical to those rebuilt here from its records; the log's cases (timings masked) equal the local run's"
# The report job rewrites a dated log file whose entries are not in run-id
# order, as concurrent shards can append them, and says so; nothing was
# lost, so a "repaired:" would be a false alarm.
if grep -q "repaired: " "$slurm/logs/report.log"; then
  fail "the report job called the shards' appends a repair: $(grep "repaired: " "$slurm/logs/report.log")"
fi
if grep -q "rewrote it in run-id order" "$slurm/logs/report.log"; then
  echo "note: the shards appended out of turn; the report job put the day's entries in run-id order"
fi

# 5. A task that fails is reported, and Slurm never runs the report job
#    (afterok): shard 1 aborts on purpose (FUSELAB_TEST_FAIL_SHARD reaches
#    the tasks through sbatch's default --export=ALL).
crash=$scratch/crash
FUSELAB_TEST_FAIL_SHARD=1 sweep_slurm "$crash"
watch_jobs "$crash/logs" >"$scratch/crash.watch"
code=$?
[[ $code -eq 1 ]] || { cat "$scratch/crash.watch"; fail "a sweep with an aborting task: watch_jobs returned $code, not 1"; }
grep -q "^array task 1 (shard 1/$shards) ended FAILED, exit:signal 0:6; log $crash/logs/shard-1-of-$shards.log$" \
  "$scratch/crash.watch" || { cat "$scratch/crash.watch"; fail "the aborted task is not reported with its log"; }
grep -q "aborting on purpose" "$crash/logs/shard-1-of-$shards.log" || fail "the aborted task's log does not show why"
for ((t = 0; t < 60; t++)); do
  [[ $(job_states "$report") == *DependencyNeverSatisfied* ]] && break
  sleep 0.5
done
[[ $(job_states "$report") == "- PENDING "*DependencyNeverSatisfied* ]] ||
  fail "after a failed task the report job is not held back: $(job_states "$report")"
[[ ! -e $crash/logs/report.log ]] || fail "the report job ran after a failed task"
echo "a failed task: $(cat "$scratch/crash.watch"); the report job held ($(job_states "$report" | cut -d' ' -f2,4))"
echo "PASS in ${SECONDS}s"
