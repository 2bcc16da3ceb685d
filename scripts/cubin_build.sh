#!/usr/bin/env bash
# Builds one experiment file to a cubin (sm_90a), as the project builds it
# but without the rest of the build: nvcc only, no GPU.
#   scripts/cubin_build.sh ROOT EXPERIMENT_ID OUT.cubin
# EXPERIMENT_ID names a version; its module (experiments/ID.cu, or the design
# module in experiments/designs/ that declares it) is what compiles.
# ROOT: the tree whose experiments/ and kernels/ to compile (first on the
# include path). scripts/cubin_diff.sh and scripts/cubin_opcodes.py use it.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: scripts/cubin_build.sh ROOT EXPERIMENT_ID OUT.cubin" >&2; exit 2; }
root=$1 id=$2 out=$3
if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then export PATH=/usr/local/cuda/bin:$PATH; fi
command -v nvcc >/dev/null || { echo "cubin_build: nvcc not found; install the CUDA toolkit" >&2; exit 2; }
src=$root/experiments/$id.cu
if [[ ! -f $src ]]; then  # a version of a design module (experiments/designs/<design>.cu)
  src=$(grep -lE "FUSELAB_EXPERIMENT\(${id%%/*}, ${id#*/}\)" "$root"/experiments/designs/*.cu 2>/dev/null | head -1 || true)
fi
[[ -n $src && -f $src ]] ||
  { echo "cubin_build: no module declares $id at $root (want experiments/$id.cu or a design module)" >&2; exit 2; }
hdf5=$(pkg-config --cflags-only-I hdf5 2>/dev/null || echo -I/usr/include/hdf5/serial)
nvcc -I"$root" -O3 -DNDEBUG -arch=sm_90a -DFUSELAB_SM90A=1 --expt-relaxed-constexpr -std=c++17 $hdf5 \
  -DFMT_SHARED -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL -DSPDLOG_SHARED_LIB -cubin "$src" -o "$out"
