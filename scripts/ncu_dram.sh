#!/usr/bin/env bash
# DRAM evidence from Nsight Compute for one experiment on one case: per kernel,
# duration, DRAM bytes read and written, DRAM throughput as % of peak and the
# L2 sector hit rate. ncu invalidates the caches before every kernel, so a
# one-launch version's DRAM bytes read show whether it reads anything twice.
# It profiles `fuselab check` (one launch, no timing loop), so every kernel of
# a multi-kernel version shows up once.
#   scripts/ncu_dram.sh ID CASE
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -eq 2 ]] || { echo "usage: scripts/ncu_dram.sh ID CASE" >&2; exit 2; }
command -v ncu >/dev/null || { echo "ncu not found. Fix: install Nsight Compute (CUDA toolkit)" >&2; exit 2; }
ncu --csv --print-units base \
  --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct \
  build/harness/cli/fuselab check "$1" --case "$2" 2>/dev/null | grep -E '^"(ID|[0-9])'
