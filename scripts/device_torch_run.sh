#!/usr/bin/env bash
# On the lent GPU machine, in one call: the PyTorch ops and the model bench
# (docs/torch.md). Builds the versions the dispatch table names and the
# qk_norm_rope versions (FUSELAB_ONLY, in build-torchop/), regenerates the
# dispatch table from the records into the build folder (against this build),
# runs the library's and the ops' GPU tests, the model
# bench (harness/models/model_bench.py: one record in reports/runs), then
# `fuselab report --no-plots`, and packs the new record, the log and every
# step's output into $OUT/results.tgz.
#   scripts/device_torch_run.sh GIT_COMMIT GIT_DIRTY [model_bench.py options...]
# DEVICE_DEADLINE_S (default 570): the bench gets what is left of it.
# (the tree travels without .git, so the caller passes the commit.)
set -uo pipefail
cd "$(dirname "$0")/.."
export FUSELAB_GIT_COMMIT=${1:?GIT_COMMIT} FUSELAB_GIT_DIRTY=${2:?GIT_DIRTY}
shift 2
out=${OUT:?OUT must name the folder that comes back}
logs=$(mktemp -d)
export PYTHONUNBUFFERED=1 BUILD_DIR=build-torchop
build=$BUILD_DIR
step() { echo "== $1 [$SECONDS s]"; }
pack() {
  step pack
  after=$(ls reports/runs | sort)
  new=$(comm -13 <(echo "$before") <(echo "$after") | sed 's|^|reports/runs/|')
  tar czf "$out/results.tgz" OPTIMIZATION_LOG.md reports/log $new -C "$logs" .
  ls -la "$out"
}
before=$(ls reports/runs 2>/dev/null | sort)
deadline=${DEVICE_DEADLINE_S:-570}
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader
python=$(scripts/find_python.sh) || exit 1
"$python" -c "import torch, transformers; print('torch', torch.__version__, 'CUDA', torch.version.cuda, '| transformers', transformers.__version__)" 2>&1 | tail -1

step build
only=$("$python" - <<'PY'
import json, pathlib
table = json.load(open("reports/dispatch.json"))
ids = {e["version"] for e in table["entries"]} | {f["version"] for f in table["fallbacks"]}
ids |= {f"qk_norm_rope/{p.stem}" for p in pathlib.Path("experiments/qk_norm_rope").glob("v[0-8]*.cu")}
print(";".join(sorted(ids)))
PY
)
echo "FUSELAB_ONLY: $only"
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "-DFUSELAB_ONLY=$only" "-DFUSELAB_TORCH_PYTHON=$python" \
  >"$logs/configure.log" 2>&1 || { tail -30 "$logs/configure.log"; cp "$logs/configure.log" "$out/"; exit 1; }
grep -E "fuselab: PyTorch ops" "$logs/configure.log"
cmake --build "$build" -j"$(nproc)" --target fuselab fuselab_kernels_gpu_tests fuselab_torch_ops \
  >"$logs/build.log" 2>&1 || { grep -E "error|Error" "$logs/build.log" | head -30; cp "$logs/build.log" "$out/"; exit 1; }
fuselab=$build/harness/cli/fuselab
lib=$build/harness/torch/libfuselab_torch_ops.so
[[ -f $lib ]] || { echo "fuselab_torch_ops was not built (see the configure line above)"; pack; exit 1; }
# FUSELAB_TORCH_BUILD_ONLY=1: stop here (a first call that only builds; the
# build folder is kept for the next call, which then starts at once).
if [[ -n ${FUSELAB_TORCH_BUILD_ONLY:-} ]]; then echo "built in ${SECONDS}s; stopping (FUSELAB_TORCH_BUILD_ONLY)"; exit 0; fi

step dispatch-table
if "$fuselab" export --dispatch "$build/dispatch.json" >"$logs/export.log" 2>&1; then
  export FUSELAB_DISPATCH_TABLE=$PWD/$build/dispatch.json
  cp "$build/dispatch.json" "$logs/dispatch.json"
  "$python" -c "import json,collections; d=json.load(open('$build/dispatch.json')); print('entries', dict(collections.Counter(e['op'] for e in d['entries'])), 'fallbacks', [f['version'] for f in d['fallbacks']])"
else
  echo "export failed (the committed reports/dispatch.json is used):"; tail -5 "$logs/export.log"
fi

step gpu-tests
ctest --test-dir "$build" -L gpu -R "Kernels|torch_ops" --output-on-failure --timeout 300 >"$logs/ctest-gpu.log" 2>&1
tail -8 "$logs/ctest-gpu.log"
FUSELAB_TORCH_OPS_LIBRARY=$PWD/$lib PYTHONPATH=$PWD/python timeout 300 "$python" -m pytest -rs -v -p no:cacheprovider \
  harness/torch/tests >"$logs/pytest-torch-ops.log" 2>&1
grep -E "PASSED|FAILED|SKIPPED|ERROR|passed|failed" "$logs/pytest-torch-ops.log" | cut -c1-220 | tail -45

step model-bench
left=$((deadline - SECONDS - 40))
if ((left < 60)); then
  echo "model bench skipped: only ${left}s left before the deadline"
else
  FUSELAB_TORCH_OPS_LIBRARY=$PWD/$lib timeout -k 20 "$left" "$python" harness/models/model_bench.py \
    --records-dir reports/runs "$@" 2>&1 | tee "$logs/model-bench.log" | grep -vE "^\s*$" | cut -c1-300
fi

step report
"$fuselab" report --no-plots >"$logs/report.log" 2>&1 || tail -5 "$logs/report.log"
for f in reports/log/*.md; do
  awk '/^### End to end/{p=1} p{print} /^Reproduce:/{p=0}' "$f"
done | tail -60
pack
