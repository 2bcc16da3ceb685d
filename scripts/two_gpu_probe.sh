#!/usr/bin/env bash
# On a lent host with two GPUs, in one call (issue 40): the live line's
# predictions swept over both GPUs and over one (wall times), then whether a
# neighbour disturbs a measurement: the same versions timed on GPU 0 alone
# and while GPU 1 runs the default build, in turns (alone, busy, alone,
# busy), so that drift shows apart from the neighbour. Records of the sweeps
# and of the four probe runs, and the logs, go into $OUT/results.tgz.
#   scripts/two_gpu_probe.sh GIT_COMMIT   (the tree travels without .git)
set -uo pipefail
cd "$(dirname "$0")/.."
export FUSELAB_GIT_COMMIT=${1:?usage: scripts/two_gpu_probe.sh GIT_COMMIT} FUSELAB_GIT_DIRTY=0
out=${OUT:?OUT must name the folder that comes back}
logs=$(mktemp -d)
SECONDS=0
nvidia-smi --query-gpu=index,name,uuid --format=csv,noheader
scripts/build.sh >"$logs/build.log" 2>&1 || { tail -30 "$logs/build.log"; exit 1; }
python=$(scripts/find_python.sh)
"$python" reference_data/generate.py >"$logs/generate.log" 2>&1 || { tail -20 "$logs/generate.log"; exit 1; }
fuselab=build/harness/cli/fuselab
before=$(ls reports/runs | sort)
echo "[$SECONDS s] built, references generated"

sweep() {  # sweep NAME [ENV...]: the live line's predictions, timed
  local name=$1 t0=$SECONDS
  shift
  env "$@" "$fuselab" sweep all --prediction-cases --quick --no-plots --logs-dir "$logs/$name" >"$logs/$name.out" 2>&1
  echo "$name: exit $? in $((SECONDS - t0)) s"
  grep -E "^\[.*(shard|GPU)" "$logs/$name.out" | cut -c1-200 | tail -4
}
sweep sweep-two-gpus
sweep sweep-one-gpu CUDA_VISIBLE_DEVICES=0

# The probe: a few-µs launch, a D = 8192 head, an LLM-like case, a copy-bound kernel.
probe=(attention/v078_unshifted_exps attention/v105_v_to_l2_p_by_copies attention/v088_no_turns rope_standalone/v001_vec4)
cases=(--case b1_h4_s64_d128 --case b1_h4_s64_d8192 --case b8_h16_s1024_d128 --case n128_s8192_d128_neox)
neighbour_pid=
start_neighbour() {
  (while true; do
     CUDA_VISIBLE_DEVICES=1 "$fuselab" --records-dir "$logs/neighbour/runs" --log "$logs/neighbour/LOG.md" \
       run all --unpaired >>"$logs/neighbour.log" 2>&1
   done) &
  neighbour_pid=$!
  sleep 10  # past its start-up, into checks and timing
}
stop_neighbour() { pkill -P "$neighbour_pid" 2>/dev/null; kill "$neighbour_pid" 2>/dev/null; wait "$neighbour_pid" 2>/dev/null; pkill -f "records-dir $logs/neighbour" 2>/dev/null; sleep 2; }
for turn in alone-1 busy-1 alone-2 busy-2; do
  [[ $turn == busy-* ]] && start_neighbour
  nvidia-smi --query-gpu=index,utilization.gpu,clocks.sm,temperature.gpu --format=csv,noheader | tr '\n' ' '
  CUDA_VISIBLE_DEVICES=0 "$fuselab" run "${probe[@]}" "${cases[@]}" --unpaired --allocations 4 >"$logs/probe-$turn.log" 2>&1
  echo "probe $turn: exit $? at $SECONDS s, record $(grep -o 'run record [^;]*' "$logs/probe-$turn.log" | awk '{print $NF}' | xargs -r basename)"
  [[ $turn == busy-* ]] && stop_neighbour
done
echo "neighbour runs: $(ls "$logs/neighbour/runs" 2>/dev/null | wc -l) record(s)"

after=$(ls reports/runs | sort)
new=$(comm -13 <(echo "$before") <(echo "$after") | sed 's|^|reports/runs/|')
rm -rf "$logs/neighbour/runs"
tar czf "$out/results.tgz" $new -C "$logs" .
echo "[$SECONDS s] packed $(wc -w <<<"$new") record(s)"
