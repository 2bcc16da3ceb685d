#!/usr/bin/env bash
# A full Nsight Compute profile (every section: stall reasons, occupancy,
# memory chart, source counters) of the first kernel whose name matches
# KERNEL_REGEX when `fuselab check ID --case CASE` runs. Text to stdout.
#   scripts/ncu_full.sh ID CASE KERNEL_REGEX
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -eq 3 ]] || { echo "usage: scripts/ncu_full.sh ID CASE KERNEL_REGEX" >&2; exit 2; }
command -v ncu >/dev/null || { echo "ncu not found. Fix: install Nsight Compute (CUDA toolkit)" >&2; exit 2; }
ncu --set full -k "regex:$3" --launch-count 1 build/harness/cli/fuselab check "$1" --case "$2"
