#!/usr/bin/env bash
# Is an experiment's compiled kernel code the same at two revisions? Builds
# each experiment file to a cubin (sm_90a) twice, from a checkout of REV and
# from the working tree, each with its own root first on the include path,
# and compares the .text sections (scripts/cubin_text_hash.py). Prints SAME,
# SAME CODE, RENAMED (the same section bytes under other kernel names) or
# DIFF per experiment and, for a DIFF, the kernels whose code moved. A
# version that moved into a design module (experiments/designs/) is SAME
# CODE, IN A DESIGN MODULE when each of its old kernels' code is there.
#   scripts/cubin_diff.sh REV EXPERIMENT_ID...   e.g. HEAD~1 attention/v063_flash_packed_operands
# Exit status: 0 all same, 1 some differ, 2 bad input. Needs nvcc; no GPU.
# ~10 s per experiment and revision.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/cubin_diff.sh REV EXPERIMENT_ID..." >&2
  exit 2
fi
rev=$1
shift
git -C "$root" rev-parse --verify --quiet "$rev^{commit}" >/dev/null ||
  { echo "cubin_diff: '$rev' is not a revision of this repository" >&2; exit 2; }
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach --quiet "$work/old" "$rev"
status=0
for id in "$@"; do
  for side in old new; do
    tree=$([[ $side == old ]] && echo "$work/old" || echo "$root")
    if [[ ! -f $tree/experiments/$id.cu ]] && ! grep -qsE "FUSELAB_EXPERIMENT\(${id%%/*}, ${id#*/}\)" "$tree"/experiments/designs/*.cu; then
      echo "$id: not at $([[ $side == old ]] && echo "$rev" || echo "the working tree")"
      continue 2
    fi
    "$root/scripts/cubin_build.sh" "$tree" "$id" "$work/$side.cubin" 2>"$work/$side.err" ||
      { echo "cubin_diff: $id does not build ($side):" >&2; cat "$work/$side.err" >&2; exit 1; }
    python3 "$root/scripts/cubin_text_hash.py" "$work/$side.cubin" >"$work/$side.txt"
  done
  if cmp -s "$work/old.txt" "$work/new.txt"; then
    echo "$id: SAME ($(wc -l <"$work/new.txt") kernels)"
  elif cmp -s <(awk '{print $2}' "$work/old.txt" | sort) <(awk '{print $2}' "$work/new.txt" | sort); then
    # The same code under new names (e.g. a template flag with a default).
    echo "$id: SAME CODE, RENAMED ($(wc -l <"$work/new.txt") kernels)"
  elif [[ -z $(comm -23 <(awk '{print $2}' "$work/old.txt" | sort -u) <(awk '{print $2}' "$work/new.txt" | sort -u)) ]]; then
    # A version now declared in a design module, which also compiles the
    # design's other PE kinds: every kernel of the old module is there.
    echo "$id: SAME CODE, IN A DESIGN MODULE ($(wc -l <"$work/old.txt") kernels of its $(wc -l <"$work/new.txt"))"
  else
    status=1
    echo "$id: DIFF"
    diff "$work/old.txt" "$work/new.txt" | awk '/^[<>]/ {sub(/^\.text\./, "", $2); print $2}' | sort -u | c++filt |
      sed 's/^/  moved: /' || true
  fi
done
exit $status
