#!/usr/bin/env bash
# Shards and sweeps without a GPU (issue 40), on the CPU versions of every
# family and their committed fixtures:
#  - `run --shard I/N` for N in 1 2 3 7 12: over the N shards every (version,
#    case) pair runs exactly once (the records say so), a shard with no pair
#    says so and writes nothing, and bad --shard input is refused naming the fix;
#  - `sweep` over two injected GPUs (FUSELAB_SWEEP_DEVICES=0,1): two shards, each
#    pair once, one report; with shard 1 made to crash (FUSELAB_TEST_FAIL_SHARD=1)
#    it is named with its log, the exit is 1 and shard 0's record is kept;
#  - `sweep --alone`: the shards one after another (no GPU with a busy neighbour);
#  - no GPU: sweep refuses with exit 3;
#  - --slurm: --dry-run writes the two sbatch scripts; a missing or refusing
#    sbatch is one message; a (stand-in) sbatch that takes the jobs chains the
#    report job after the array.
#   usage: sweep_cpu_test.sh FUSELAB SCRATCH
set -uo pipefail
fuselab=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
targets=(attention/v900_cpu_reference sinusoidal/v900_cpu_reference rope/v900_cpu_reference
         rope_standalone/v900_cpu_reference)
fail() { echo "FAIL: $*"; exit 1; }
# Every (id, case) pair of the records in a folder, one a line, sorted (duplicates kept).
pairs_of() { zcat "$1"/*[0-9].json.gz | jq -r '.experiments[] | .id as $id | .cases[] | "\($id) \(.name)"' | sort; }
unset FUSELAB_SWEEP_DEVICES FUSELAB_TEST_FAIL_SHARD

# The reference: one unsharded run.
"$fuselab" --records-dir "$scratch/whole/runs" --log "$scratch/whole/LOG.md" run "${targets[@]}" --case 'fx_*' --quick \
  >"$scratch/whole.out" 2>&1 || { cat "$scratch/whole.out"; fail "the unsharded run"; }
pairs_of "$scratch/whole/runs" >"$scratch/whole.pairs"
[ "$(wc -l <"$scratch/whole.pairs")" -ge 8 ] || fail "the unsharded run has too few pairs"
[ -z "$(uniq -d "$scratch/whole.pairs")" ] || fail "the unsharded run repeats a pair"

# Every shard plans from the records before one time, as sweep passes it:
# without it a later shard would also count an earlier shard's record.
stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
sleep 1
for n in 1 2 3 7 12; do
  dir=$scratch/shards-$n
  for ((i = 0; i < n; i++)); do
    "$fuselab" --records-dir "$dir/runs" --log "$dir/LOG.md" run "${targets[@]}" --case 'fx_*' --quick \
      --shard "$i/$n" --costs-before "$stamp" >"$dir.$i.out" 2>&1 ||
      { cat "$dir.$i.out"; fail "shard $i/$n exits non-zero"; }
  done
  pairs_of "$dir/runs" >"$dir.pairs"
  diff "$scratch/whole.pairs" "$dir.pairs" >/dev/null ||
    { diff "$scratch/whole.pairs" "$dir.pairs"; fail "N=$n: the shards' pairs are not the run's, each once"; }
  records=$(ls "$dir"/runs/*[0-9].json.gz | wc -l)
  [ "$(zcat "$dir"/runs/*[0-9].json.gz | jq -r '.settings.shard' | sort -u | wc -l)" -eq "$records" ] ||
    fail "N=$n: a record lacks its settings.shard"
  [ "$(zcat "$dir"/runs/*[0-9].json.gz | jq -r '.settings.shard_plan.fingerprint' | sort -u | wc -l)" -eq 1 ] ||
    fail "N=$n: the shards planned differently"
  echo "N=$n: $records record(s), every pair once"
done
# 12 shards for fewer units: some shards get nothing, say so, exit 0, write nothing.
empty=$(grep -l "gets no pairs" "$scratch"/shards-12.*.out | wc -l)
[ "$empty" -ge 1 ] || fail "no shard of 12 reported that it gets no pairs"
[ "$(ls "$scratch"/shards-12/runs/*[0-9].json.gz | wc -l)" -eq $((12 - empty)) ] || fail "an empty shard wrote a record"

for bad in 2/2 0/0 x 1/ -1/2; do
  out=$("$fuselab" --records-dir "$scratch/bad" --log "$scratch/bad.md" run "${targets[0]}" --shard "$bad" 2>&1)
  code=$?
  [ $code -eq 2 ] || fail "--shard $bad exits $code, not 2"
  grep -q "Fix:" <<<"$out" || fail "--shard $bad: no fix named: $out"
done
out=$("$fuselab" --records-dir "$scratch/bad" --log "$scratch/bad.md" run "${targets[0]}" --shard 0/2 \
  --costs-before yesterday 2>&1)
[ $? -eq 2 ] && grep -q "Fix:" <<<"$out" || fail "--costs-before yesterday is not refused: $out"
[ ! -e "$scratch/bad" ] || fail "a refused --shard wrote records"

# sweep over two injected GPUs.
sweep() {  # folder, then extra arguments
  local dir=$1
  shift
  "$fuselab" --records-dir "$dir/runs" --log "$dir/LOG.md" sweep "${targets[@]}" --case 'fx_*' --quick \
    --logs-dir "$dir/logs" --reports-dir "$dir/reports" --no-plots "$@"
}
FUSELAB_SWEEP_DEVICES=0,1 sweep "$scratch/sweep" >"$scratch/sweep.out" 2>&1 ||
  { cat "$scratch/sweep.out"; fail "the sweep exits non-zero"; }
pairs_of "$scratch/sweep/runs" >"$scratch/sweep.pairs"
diff "$scratch/whole.pairs" "$scratch/sweep.pairs" >/dev/null || fail "the sweep's pairs are not the run's, each once"
[ "$(zcat "$scratch"/sweep/runs/*[0-9].json.gz | jq -r .settings.shard | sort | tr '\n' ' ')" = "0/2 1/2 " ] ||
  fail "the sweep's records are not shards 0/2 and 1/2"
for i in 0 1; do
  [ -s "$scratch/sweep/logs/shard-$i-of-2.log" ] || fail "no log for shard $i"
  grep -q "shard $i/2 on GPU $i .*: done" "$scratch/sweep.out" || fail "no progress line for GPU $i"
done
[ "$(grep -c "regenerating the reports once" "$scratch/sweep.out")" -eq 1 ] || fail "the report did not run once"
[ -s "$scratch/sweep/reports/README.md" ] || fail "the sweep wrote no report"
grep -q "2 shards run side by side.*--alone" "$scratch/sweep.out" || fail "the sweep does not say its shards share the host"
echo "sweep over 2 GPUs: every pair once, one report"

# --alone: one shard at a time; shard 1 starts after shard 0 is done, the pairs as before.
FUSELAB_SWEEP_DEVICES=0,1 sweep "$scratch/alone" --alone >"$scratch/alone.out" 2>&1 ||
  { cat "$scratch/alone.out"; fail "the sweep --alone exits non-zero"; }
pairs_of "$scratch/alone/runs" | diff "$scratch/whole.pairs" - >/dev/null || fail "--alone: the pairs are not the run's"
order=$(grep -oE "shard [01]/2 on GPU [01][^:]*: (started|done)" "$scratch/alone.out" | sed -E 's/ on GPU.*: / /' | tr '\n' ',')
[ "$order" = "shard 0/2 started,shard 0/2 done,shard 1/2 started,shard 1/2 done," ] ||
  fail "--alone did not run the shards one at a time: $order"
grep -q "side by side" "$scratch/alone.out" && fail "--alone still warns of side-by-side shards"
echo "sweep --alone: one shard at a time, every pair once"

# A shard that crashes: named with its log, the other's record kept, exit 1.
FUSELAB_SWEEP_DEVICES=0,1 FUSELAB_TEST_FAIL_SHARD=1 sweep "$scratch/crash" >"$scratch/crash.out" 2>&1
code=$?
[ $code -eq 1 ] || { cat "$scratch/crash.out"; fail "a sweep with a crashed shard exits $code, not 1"; }
log=$scratch/crash/logs/shard-1-of-2.log
grep -q "FAILED: shard 1/2 on GPU 1 .*killed by signal 6.*; log $log" "$scratch/crash.out" ||
  { cat "$scratch/crash.out"; fail "the crashed shard is not named with its log"; }
grep -q "aborting on purpose" "$log" || fail "the crashed shard's log does not show why"
[ "$(ls "$scratch"/crash/runs/*[0-9].json.gz | wc -l)" -eq 1 ] || fail "shard 0's record was not kept"
[ "$(zcat "$scratch"/crash/runs/*[0-9].json.gz | jq -r .settings.shard)" = 0/2 ] || fail "the kept record is not shard 0's"
grep -q "regenerating the reports once" "$scratch/crash.out" || fail "no report after a failed shard"
echo "a crashed shard is named with its log; the other's record is kept"

# A shard that hangs: stopped at --shard-timeout, named, exit 1.
FUSELAB_SWEEP_DEVICES=0,1 FUSELAB_TEST_FAIL_SHARD=0:hang sweep "$scratch/hang" --shard-timeout 2 >"$scratch/hang.out" 2>&1
code=$?
[ $code -eq 1 ] || { cat "$scratch/hang.out"; fail "a sweep with a hung shard exits $code, not 1"; }
grep -q "FAILED: shard 0/2 on GPU 0 .*timed out after 2 s.*; log $scratch/hang/logs/shard-0-of-2.log" "$scratch/hang.out" ||
  { cat "$scratch/hang.out"; fail "the hung shard is not named as timed out"; }
grep -q "to rerun it alone (same plan): CUDA_VISIBLE_DEVICES=0 .*'--shard' '0/2'" "$scratch/hang.out" ||
  fail "no rerun command for the hung shard"
[ "$(zcat "$scratch"/hang/runs/*[0-9].json.gz | jq -r .settings.shard)" = 1/2 ] || fail "shard 1's record was not kept"
echo "a hung shard is stopped at --shard-timeout and named"

# No GPU: refused, exit 3.
out=$(CUDA_VISIBLE_DEVICES= sweep "$scratch/nogpu" 2>&1)
code=$?
[ $code -eq 3 ] || fail "sweep without a GPU exits $code, not 3: $out"
grep -q "no GPU to sweep over" <<<"$out" || fail "sweep without a GPU does not say so: $out"

# Slurm: the scripts, without submitting.
sweep "$scratch/slurm" --slurm --shards 4 --partition gpu --time 01:00:00 --dry-run >"$scratch/slurm.out" 2>&1 ||
  { cat "$scratch/slurm.out"; fail "--slurm --dry-run"; }
script=$scratch/slurm/logs/shards.sbatch report=$scratch/slurm/logs/report.sbatch
for line in '#SBATCH --array=0-3' '#SBATCH --gres=gpu:1' '#SBATCH --partition=gpu' '#SBATCH --time=01:00:00' \
            '--shard "${SLURM_ARRAY_TASK_ID}/4"' "--costs-before"; do
  grep -qF -- "$line" "$script" || fail "shards.sbatch lacks: $line"
done
grep -qF "' 'report' '--reports-dir'" "$report" || fail "report.sbatch does not run the report"
grep -qF -- "--dependency=afterok" "$scratch/slurm.out" || fail "--dry-run does not print the chained submission"
bash -n "$script" && bash -n "$report" || fail "a script is not valid bash"
# sbatch missing, refusing, accepting (stand-ins on PATH). "Missing" is a PATH
# of the empty stand-in folder alone: /usr/bin has a real sbatch where Slurm's
# client is installed (CI installs it for cli.slurm_live).
bin=$scratch/bin && mkdir -p "$bin"
out=$(PATH=$bin sweep "$scratch/slurm2" --slurm --shards 2 2>&1)
code=$?
[ $code -eq 2 ] && grep -q "sbatch is not on PATH.*--dry-run" <<<"$out" || fail "a missing sbatch: exit $code: $out"
printf '#!/bin/sh\necho "sbatch: error: invalid partition specified: nope" >&2\nexit 1\n' >"$bin/sbatch"
chmod +x "$bin/sbatch"
out=$(PATH=$bin:/usr/bin:/bin sweep "$scratch/slurm3" --slurm --shards 2 --partition nope 2>&1)
code=$?
[ $code -eq 2 ] && grep -q "Slurm refused the shard array (sbatch exit 1): sbatch: error: invalid partition" <<<"$out" ||
  fail "a refusing sbatch: exit $code: $out"
printf '#!/bin/sh\necho "$*" >>"%s"\necho 4242\n' "$scratch/sbatch.calls" >"$bin/sbatch"
out=$(PATH=$bin:/usr/bin:/bin sweep "$scratch/slurm4" --slurm --shards 2 2>&1) || fail "an accepting sbatch: $out"
grep -q "^--parsable .*/shards.sbatch$" "$scratch/sbatch.calls" || fail "the array was not submitted"
grep -q "^--parsable --dependency=afterok:4242 .*/report.sbatch$" "$scratch/sbatch.calls" ||
  fail "the report job is not chained after the array: $(cat "$scratch/sbatch.calls")"
out=$(sweep "$scratch/slurm5" --slurm --shards 2 --gpus-per-task 2 --dry-run 2>&1)
[ $? -eq 2 ] && grep -q "Fix: --gpus-per-task 1" <<<"$out" || fail "--gpus-per-task 2 is not refused: $out"
echo "slurm: scripts written, sbatch missing / refusing / accepting handled"
echo "PASS"
