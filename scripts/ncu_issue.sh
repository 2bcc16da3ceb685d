#!/usr/bin/env bash
# Issue-side evidence from Nsight Compute for one experiment on one case: per
# kernel, duration, DRAM and L2 throughput, how busy the FMA pipe is, how often a
# scheduler issues, the warps it has, and the stall reasons between a warp's
# instructions (cycles per issued instruction, by reason). It profiles
# `fuselab check` (one launch), so every kernel of a version shows up once.
#   scripts/ncu_issue.sh ID CASE
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -eq 2 ]] || { echo "usage: scripts/ncu_issue.sh ID CASE" >&2; exit 2; }
command -v ncu >/dev/null || { echo "ncu not found. Fix: install Nsight Compute (CUDA toolkit)" >&2; exit 2; }
stall=smsp__average_warps_issue_stalled
metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
metrics+=,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active
metrics+=,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__warps_active.avg.per_cycle_active
metrics+=,smsp__inst_executed.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
metrics+=,lts__throughput.avg.pct_of_peak_sustained_elapsed
for reason in short_scoreboard mio_throttle long_scoreboard barrier membar math_pipe_throttle lg_throttle \
  not_selected wait sleeping dispatch_stall no_instruction branch_resolving misc; do
  metrics+=,${stall}_${reason}_per_issue_active.ratio
done
ncu --metrics "$metrics" build/harness/cli/fuselab check "$1" --case "$2" 2>/dev/null |
  grep -E '^  [^ =]|^    (gpu__|dram__|lts__|sm__|smsp__|l1tex__)'
