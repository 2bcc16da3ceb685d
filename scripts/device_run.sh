#!/usr/bin/env bash
# On the lent GPU machine, in one call: build, generate the references, run
# the GPU tests, calibrate, run the given experiments, and pack the run
# records, the log, the manifest and the test output into $OUT/results.tgz.
#   scripts/device_run.sh GIT_COMMIT GIT_DIRTY TARGET...
# (the tree travels without .git, so the caller passes the commit.)
set -uo pipefail
cd "$(dirname "$0")/.."
export FUSELAB_GIT_COMMIT=$1 FUSELAB_GIT_DIRTY=$2
shift 2
out=${OUT:?OUT must name the folder that comes back}
logs=$(mktemp -d)
export PYTHONUNBUFFERED=1
step() { echo "== $1"; }
before=$(ls reports/runs 2>/dev/null | sort)

SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader
step build
scripts/build.sh >"$logs/build.log" 2>&1 || { tail -50 "$logs/build.log"; exit 1; }
grep -E "spill|lmem|registers" "$logs/build.log" | head -40 || true
python=$(scripts/find_python.sh)
fuselab=build/harness/cli/fuselab

step references
t0=$SECONDS
# FUSELAB_GENERATE_ONLY: a family/case glob (generate.py --only); default: every case.
"$python" reference_data/generate.py ${FUSELAB_GENERATE_ONLY:+--only "$FUSELAB_GENERATE_ONLY"} \
  >"$logs/generate.log" 2>&1 || { tail -20 "$logs/generate.log"; exit 1; }
echo "generated in $((SECONDS - t0))s" | tee -a "$logs/generate.log"
cp reference_data/MANIFEST "$logs/MANIFEST.device"

echo "[$SECONDS s]"; step gpu-tests
# FUSELAB_GPU_TESTS: a ctest -R regex (the tests of the kernels a call
# changed); default: every GPU test.
ctest --test-dir build -L gpu ${FUSELAB_GPU_TESTS:+-R "$FUSELAB_GPU_TESTS"} --output-on-failure --timeout 180 -j8 >"$logs/ctest-gpu.log" 2>&1
tail -25 "$logs/ctest-gpu.log"

echo "[$SECONDS s]"; step calibrate
"$fuselab" calibrate 2>&1 | tail -3

step run
# Leave time to pack within the call's 600 s: the run stops at the deadline,
# and before it, leaves the PyTorch peers their budget (FUSELAB_PEERS_BUDGET_S,
# 0 = no peers) plus start-up time.
deadline=${DEVICE_DEADLINE_S:-570}
peers_budget=${FUSELAB_PEERS_BUDGET_S:-120}
ncu_reserve=$([[ -n ${FUSELAB_NCU:-} ]] && echo 60 || echo 0)
runs_deadline=$((peers_budget > 0 ? deadline - peers_budget - 30 : deadline))
runs_deadline=$((runs_deadline - ncu_reserve))
for target in "$@"; do
  left=$((runs_deadline - SECONDS))
  ((left > 50)) || { echo "no time left for: $target"; continue; }
  # SIGTERM 30 s before the deadline: the run finishes the case in hand and
  # writes the record of what it measured; SIGKILL at the deadline.
  timeout -k 30 "$((left - 30))" "$fuselab" run $target 2>&1 | tee -a "$logs/run.log" \
    | grep -E "CONFIRMED|REFUTED|INCONCLUSIVE|INVALID|UNTESTED|error|FAIL|critical|asked the run to stop"
done

echo "[$SECONDS s]"; step peers
# What a user would run instead (harness/peers/torch_peers.py): one record
# beside ours. It bounds itself by --budget-s; timeout is the safety net.
left=$((deadline - ncu_reserve - SECONDS - 10))
if ((peers_budget <= 0)); then
  echo "peers skipped: FUSELAB_PEERS_BUDGET_S=0"
elif ((left < 40)); then
  echo "peers skipped: only ${left}s left before the deadline"
else
  budget=$((left - 20 < peers_budget ? left - 20 : peers_budget))
  # FUSELAB_PEERS_CASES: a case glob (torch_peers --case); FUSELAB_PEERS_FAMILIES: families,
  # space-separated (torch_peers --family each); default: every benchmark case.
  families=()
  for family in ${FUSELAB_PEERS_FAMILIES:-}; do families+=(--family "$family"); done
  timeout "$((budget + 20))" "$python" harness/peers/torch_peers.py --records-dir reports/runs \
    --fuselab "$fuselab" --budget-s "$budget" ${FUSELAB_PEERS_CASES:+--case "$FUSELAB_PEERS_CASES"} \
    "${families[@]}" >"$logs/peers.log" 2>&1
  echo "torch_peers exit $?"
  grep -E "^torch_peers|FAIL|error|not run|cannot" "$logs/peers.log" | cut -c1-300 | tail -40
fi

# DRAM evidence: FUSELAB_NCU="ID:CASE ID:CASE ..." (Nsight Compute).
if [[ -n ${FUSELAB_NCU:-} ]]; then
  step ncu
  for pair in $FUSELAB_NCU; do
    ((deadline - SECONDS > 30)) || { echo "no time left for ncu $pair"; break; }
    echo "# $pair" >>"$logs/ncu.csv"
    timeout 60 scripts/ncu_dram.sh "${pair%%:*}" "${pair#*:}" >>"$logs/ncu.csv" 2>&1 || echo "ncu failed for $pair"
  done
  grep -c '^"' "$logs/ncu.csv" || true
fi

step pack
after=$(ls reports/runs | sort)
new=$(comm -13 <(echo "$before") <(echo "$after") | sed 's|^|reports/runs/|')
tar czf "$out/results.tgz" OPTIMIZATION_LOG.md reports/log $new -C "$logs" .
ls -la "$out"
