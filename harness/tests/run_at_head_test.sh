#!/usr/bin/env bash
# `run --at HEAD` for real (slow: a subset build of HEAD, minutes): a git
# worktree of HEAD built with only the CPU version, run on the fixtures into
# this command's records folder and log; one record whose git block is HEAD's
# full sha, clean; the worktree and the temporary files gone afterwards.
#   usage: run_at_head_test.sh FUSELAB SOURCE_DIR SCRATCH
set -euo pipefail
fuselab=$(realpath "$1") src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch/tmp"
export TMPDIR=$scratch/tmp
fail() { echo "FAIL: $*"; exit 1; }
# A tree without .git (as on the lent GPU machine) has no HEAD: skipped (77).
head=$(git -C "$src" rev-parse HEAD 2>/dev/null) || { echo "skipped: $src is not a git repository"; exit 77; }

SECONDS=0
"$fuselab" --records-dir "$scratch/runs" --log "$scratch/LOG.md" \
  run attention/v900_cpu_reference --case 'fx_*' --at HEAD
echo "built and ran HEAD (${head:0:12}) in ${SECONDS}s"

records=$(ls "$scratch"/runs/*[0-9].json.gz)
[[ $(wc -l <<<"$records") -eq 1 ]] || fail "want one record, got: $records"
python3 - "$records" "$head" <<'EOF' || fail "the record: see above"
import gzip, json, sys
r = json.load(gzip.open(sys.argv[1]))
assert r["git"] == {"commit": sys.argv[2], "dirty": False, "source": "environment"}, r["git"]
assert [e["id"] for e in r["experiments"]] == ["attention/v900_cpu_reference"], r["experiments"]
assert r["settings"]["case_patterns"] == ["fx_*"], r["settings"]
# The command as the commit's build ran it, its paths relative to that tree
# (compact records keep repository paths, docs/records.md); paired by default.
assert r["command"][:2] == ["build/harness/cli/fuselab", "--records-dir"] and "--paired" in r["command"], r["command"]
EOF
grep -q "^### attention/v900_cpu_reference — CONFIRMED$" "$scratch"/reports/log/[0-9]*.md || fail "no log entry"
! git -C "$src" worktree list | grep -qF "$scratch/tmp" || fail "the worktree is still listed: $(git -C "$src" worktree list)"
[[ -z $(ls -A "$scratch/tmp") ]] || fail "temporary files left: $(ls -A "$scratch/tmp")"
echo "run --at HEAD: $(basename "$records") at ${head:0:12}, clean"
