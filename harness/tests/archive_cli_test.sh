#!/usr/bin/env bash
# `fuselab archive` in a scratch repository holding a copy of the tree: the
# entry names HEAD, carries the declaration and the records' verdicts, the
# module and its now unincluded kernel header leave the tree, a header another
# file includes stays, and a module that differs from HEAD is refused with
# nothing written.
#   usage: archive_cli_test.sh FUSELAB SOURCE_DIR SCRATCH
set -uo pipefail
fuselab=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

root=$scratch/repo
mkdir -p "$root"
cp -r "$src/experiments" "$src/kernels" "$root/"
# v088's header is included by nothing else; v082's is, by v105's and v110's.
git -C "$root" init -q && git -C "$root" add -A &&
  git -C "$root" -c user.name=t -c user.email=t@t commit -qm base || { echo "FAIL git setup"; exit 1; }
head=$(git -C "$root" rev-parse HEAD)
run() { "$fuselab" --root "$root" --records-dir "$src/reports/runs" "$@" 2>&1; }

# Refused: a module that differs from HEAD; nothing is written.
echo "// edited" >>"$root/experiments/attention/v088_no_turns.cu"
out=$(run archive attention/v088_no_turns); rc=$?
[[ $rc -eq 2 ]] && grep -q "differs from HEAD.*Fix" <<<"$out" || fail "dirty module: exit $rc: $out"
cmp -s "$root/experiments/attention/archived.yaml" "$src/experiments/attention/archived.yaml" ||
  fail "dirty module: the index was written"
git -C "$root" checkout -q -- experiments

# Refused: an id with no module in the tree.
out=$(run archive attention/v777_nope); rc=$?
[[ $rc -eq 2 ]] && grep -q "no module experiments/attention/v777_nope.cu.*Fix" <<<"$out" || fail "unknown id: exit $rc: $out"

out=$(run archive attention/v088_no_turns attention/v082_pv_fp16_split); rc=$?
[[ $rc -eq 0 ]] || fail "archive: exit $rc: $out"
entry=$(grep -A12 "version: v088_no_turns" "$root/experiments/attention/archived.yaml")
grep -q "last_commit: $head" <<<"$entry" || fail "the entry does not name HEAD $head: $entry"
grep -q "parent: attention/v087_rolled_q_prologue" <<<"$entry" || fail "v088's parent is missing: $entry"
grep -q "run: 20261126T101111Z-vm-9290, verdict: REFUTED" <<<"$entry" || fail "the records' verdict is missing: $entry"
[[ -e $root/experiments/attention/v088_no_turns.cu ]] && fail "v088's module is still in the tree"
[[ -e $root/kernels/attention/v088_no_turns.cuh ]] && fail "v088's header is still in the tree"
[[ -e $root/experiments/attention/v082_pv_fp16_split.cu ]] && fail "v082's module is still in the tree"
[[ -e $root/kernels/attention/v082_pv_fp16_split.cuh ]] || fail "v082's header left though v105's includes it"
out=$(run show attention/v88); rc=$?
[[ $rc -eq 0 ]] && grep -q "rerun: *fuselab run attention/v088_no_turns --at $head" <<<"$out" || fail "show: exit $rc: $out"
out=$(run archive attention/v088_no_turns); rc=$?
[[ $rc -eq 2 ]] && grep -q "archived already" <<<"$out" || fail "twice: exit $rc: $out"

if ((failures)); then echo "$failures failure(s)"; exit 1; fi
echo "archive: all checks passed"
