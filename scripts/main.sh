#!/usr/bin/env bash
# The main job (README): set up, build, generate the references, then
#  - with a GPU: calibrate the timing, run the default experiments on every
#    GPU (fuselab sweep) and the PyTorch peers, record and log them;
#    then regenerate the reports, and the site in build/site/ (docs/site.md);
#  - without one: say so and run the CPU pipeline end to end in build/cpu-run/,
#    leaving the committed evidence (and the tree) as it was.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
python=$(scripts/find_python.sh)
fuselab=${BUILD_DIR:-build}/harness/cli/fuselab
# What the reference generator reads of each op (docs/ops.md); unchanged, untouched.
"$fuselab" export --ops reference_data/op_declarations.json

status=0
if nvidia-smi -L >/dev/null 2>&1; then
  "$python" reference_data/generate.py
  "$fuselab" calibrate || status=$?
  # Every GPU it finds: one shard per GPU, side by side (fuselab sweep; one
  # GPU: one shard). A failed check or an INVALID verdict is a result:
  # record it, keep going. The reports are made once, below.
  "$fuselab" sweep ${FUSELAB_TARGETS:-all} --no-plots || status=$?
  "$python" harness/peers/torch_peers.py --records-dir reports/runs --fuselab "$fuselab" || status=$?
  # The reports and the log's entries, from reports/runs/ and reports/notes/.
  # The site to browse them is generated, not committed (docs/site.md says why).
  "$fuselab" report --rebuild-log --html "${BUILD_DIR:-build}/site"
  # The dispatch table of fuselab_kernels from the same records (docs/dispatch.md).
  "$fuselab" export --dispatch reports/dispatch.json
else
  # Without a GPU nothing joins the evidence: the CPU pipeline runs end to end
  # in a folder of its own (references, record, log, reports), and the
  # committed tree is left as it was.
  scratch=${BUILD_DIR:-build}/cpu-run
  echo "main: no GPU on this machine: running the CPU pipeline (attention/v900_cpu_reference) end to end in $scratch"
  rm -rf "$scratch"
  mkdir -p "$scratch"
  "$python" reference_data/generate.py --only 'attention/*' --skip-sampled --out "$scratch/reference_data"
  cpu=("$fuselab" --references "$scratch/reference_data" --records-dir "$scratch/runs" --log "$scratch/OPTIMIZATION_LOG.md")
  "${cpu[@]}" run attention/v900_cpu_reference --quick || status=$?
  "${cpu[@]}" report --rebuild-log --reports-dir "$scratch/reports" --html "$scratch/site"
  echo "main: the CPU run's record, log, reports and site are in $scratch; reports/ holds the GPU evidence alone"
fi
exit $status
