#!/usr/bin/env bash
# The main job (README): set up, build, generate the references, then
#  - with a GPU: calibrate the timing, run the default experiments and the
#    PyTorch peers, record and log them;
#  - without one: say so and run the CPU pipeline end to end;
# then regenerate the reports.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
python=$(scripts/find_python.sh)
fuselab=${BUILD_DIR:-build}/harness/cli/fuselab

status=0
if nvidia-smi -L >/dev/null 2>&1; then
  "$python" reference_data/generate.py
  "$fuselab" calibrate || status=$?
  # A failed check or an INVALID verdict is a result: record it, keep going.
  "$fuselab" run ${FUSELAB_TARGETS:-all} || status=$?
  "$python" harness/peers/torch_peers.py --records-dir reports/runs --fuselab "$fuselab" || status=$?
else
  echo "main: no GPU on this machine: running the CPU pipeline (attention/v900_cpu_reference) end to end"
  "$python" reference_data/generate.py --only 'attention/*' --skip-sampled
  "$fuselab" run attention/v900_cpu_reference --quick || status=$?
fi
# The reports and the log's entries, from reports/runs/ and reports/notes/.
"$fuselab" report --rebuild-log
exit $status
