#!/usr/bin/env bash
# The main job (README): set up, build, generate the references, then
#  - with a GPU: calibrate the timing, run the default experiments, record
#    and log them;
#  - without one: say so and run the CPU pipeline end to end.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
python=$(scripts/find_python.sh)
fuselab=${BUILD_DIR:-build}/harness/cli/fuselab

if nvidia-smi -L >/dev/null 2>&1; then
  "$python" reference_data/generate.py
  "$fuselab" calibrate
  "$fuselab" run ${FUSELAB_TARGETS:-all}
else
  echo "main: no GPU on this machine: running the CPU pipeline (attention/v900_cpu_reference) end to end"
  "$python" reference_data/generate.py --only 'attention/*' --skip-sampled
  "$fuselab" run attention/v900_cpu_reference --quick
fi
