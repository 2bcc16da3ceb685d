#!/usr/bin/env bash
# The working tree that travels to the lent GPU machine is capped at 64 MiB,
# and the run records in reports/runs/ alone exceed most of that. A device
# call needs none of the old records (device_run.sh packs only the records
# the call writes), so leave them out of the working tree around the call:
#   scripts/travel_light.sh on    # before the `run` call: reports/runs/ leaves the tree (sparse checkout)
#   scripts/travel_light.sh off   # after it: every record is back
# The records stay committed; only this checkout's files come and go.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  on) git sparse-checkout set --no-cone '/*' '!/reports/runs/' ;;
  off) git sparse-checkout disable ;;
  *) echo "usage: scripts/travel_light.sh on|off" >&2; exit 2 ;;
esac
git ls-files -t reports/runs | awk '$1 == "S" { skipped++ } END { printf "reports/runs: %d records out of the tree\n", skipped + 0 }'
