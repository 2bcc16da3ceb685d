#!/usr/bin/env bash
# cmake/closure_hashes.cmake: an experiment's closure hash covers every
# repository file its compilation read (from the compiler's dependency file),
# not only its own: editing a header it includes changes it; a system header
# or a file of the build folder does not count. And the real build's table
# covers every experiment built, with the headers it includes.
#   usage: closure_hash_test.sh SOURCE_DIR BINARY_DIR SCRATCH
set -uo pipefail
src=$1 bin=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

repo=$scratch/repo objdir=$scratch/repo/build/objs
mkdir -p "$repo/experiments/attention" "$repo/kernels/common" "$objdir/attention" "$scratch/system"
echo '#include "kernels/common/helper.cuh"' >"$repo/experiments/attention/v001_a.cu"
echo '// a part v001 includes' >"$repo/kernels/common/helper.cuh"
echo '// not a repository file' >"$scratch/system/stdio.h"
echo '// generated in the build folder' >"$repo/build/generated.h"
cat >"$objdir/attention/v001_a.cu.o.d" <<DEP
experiments/CMakeFiles/x.dir/attention/v001_a.cu.o : $repo/experiments/attention/v001_a.cu \\
    $scratch/system/stdio.h $repo/kernels/common/helper.cuh \\
    $repo/build/generated.h
DEP
closure() {  # closure FLAGS: the hash registered for attention/v001_a
  cmake -DDEPFILE_DIR="$objdir" -DSOURCE_DIR="$repo" -DBINARY_DIR="$repo/build" -DFLAGS="$1" \
    -DOUTPUT="$scratch/closures.cpp" -P "$src/cmake/closure_hashes.cmake" || fail "cmake -P failed"
  grep -o '{"attention/v001_a", {"[0-9a-f]*", [0-9]*}}' "$scratch/closures.cpp"
}
first=$(closure "-O3")
[[ $first == *', 2}}' ]] || fail "the closure should cover 2 repository files (module, header): $first"
[[ $(closure "-O3") == "$first" ]] || fail "the same tree gave another hash"
echo '// edited: the version now compiles other code' >>"$repo/kernels/common/helper.cuh"
edited=$(closure "-O3")
[[ $edited != "$first" ]] || fail "editing an included header left the closure hash as it was: $first"
echo '// edited too' >>"$scratch/system/stdio.h"
echo '// edited too' >>"$repo/build/generated.h"
[[ $(closure "-O3") == "$edited" ]] || fail "a file outside the repository or in the build folder changed the hash"
[[ $(closure "-O2") != "$edited" ]] || fail "other flags left the closure hash as it was"

# The real build: every experiment module has a closure, and a split-D
# version's covers its kernel headers, not its module alone.
table=$bin/experiments/experiment_closures.cpp
if [[ -f $table ]]; then
  # Keyed by module: experiments/<family>/vNNN_slug.cu or a design module
  # experiments/designs/<design>.cu (attention v110 is in designs/o_staged).
  for module in "$src"/experiments/*/v*.cu "$src"/experiments/designs/*.cu; do
    key=$(basename "$(dirname "$module")")/$(basename "$module" .cu)
    grep -q "{\"$key\", {\"[0-9a-f]\{64\}\", [0-9]*}}" "$table" || fail "no closure for $key in $table"
  done
  files=$(grep -o '{"designs/o_staged", {"[0-9a-f]*", [0-9]*}}' "$table" | grep -o '[0-9]*}}' | tr -d '}')
  ((${files:-0} > 10)) || fail "the design o_staged's closure covers ${files:-0} files, not its kernel headers"
else
  fail "no $table: the build generates it"
fi
if ((failures)); then echo "$failures failure(s)"; exit 1; fi
echo "closure hashes: an included header, the flags and nothing outside the repository move them"
