#!/usr/bin/env bash
# `fuselab archive` in a scratch repository holding a copy of the tree: the
# entry names HEAD, carries the declaration and the records' verdicts, the
# module and its kernel header leave the tree, a part that only archived
# versions included leaves with them, a part another file includes stays, and
# a module that differs from HEAD is refused with nothing written.
#   usage: archive_cli_test.sh FUSELAB SOURCE_DIR SCRATCH
set -uo pipefail
fuselab=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch"
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

root=$scratch/repo
mkdir -p "$root"
cp -r "$src/experiments" "$src/kernels" "$root/"
git -C "$root" init -q && git -C "$root" add -A &&
  git -C "$root" -c user.name=t -c user.email=t@t commit -qm base || { echo "FAIL git setup"; exit 1; }
head=$(git -C "$root" rev-parse HEAD)
run() { "$fuselab" --root "$root" --records-dir "$src/reports/runs" "$@" 2>&1; }

# Refused: a module that differs from HEAD; nothing is written.
no_turns="attention/v088_no_turns sinusoidal/v101_no_turns rope/v104_no_turns"
echo "// edited" >>"$root/experiments/designs/no_turns.cu"
out=$(run archive $no_turns); rc=$?
[[ $rc -eq 2 ]] && grep -q "differs from HEAD.*Fix" <<<"$out" || fail "dirty module: exit $rc: $out"
cmp -s "$root/experiments/attention/archived.yaml" "$src/experiments/attention/archived.yaml" ||
  fail "dirty module: the index was written"
git -C "$root" checkout -q -- experiments

# Refused: an id with no module in the tree.
out=$(run archive attention/v777_nope); rc=$?
[[ $rc -eq 2 ]] && grep -q "no module experiments/attention/v777_nope.cu.*Fix" <<<"$out" || fail "unknown id: exit $rc: $out"

# Refused: one version of a design module without the others; nothing is written.
out=$(run archive attention/v088_no_turns); rc=$?
[[ $rc -eq 2 ]] && grep -q "declared in experiments/designs/no_turns.cu beside.*Fix" <<<"$out" ||
  fail "part of a design: exit $rc: $out"
[[ -e $root/experiments/designs/no_turns.cu ]] || fail "part of a design: the module left"

out=$(run archive $no_turns attention/v082_pv_fp16_split rope/v099_pv_fp16_split); rc=$?
[[ $rc -eq 0 ]] || fail "archive: exit $rc: $out"
entry=$(grep -A12 "version: v088_no_turns" "$root/experiments/attention/archived.yaml")
grep -q "last_commit: $head" <<<"$entry" || fail "the entry does not name HEAD $head: $entry"
grep -q "parent: attention/v087_rolled_q_prologue" <<<"$entry" || fail "v088's parent is missing: $entry"
grep -q "run: 20261126T101111Z-vm-9290, verdict: REFUTED" <<<"$entry" || fail "the records' verdict is missing: $entry"
grep -q "version: v104_no_turns" "$root/experiments/rope/archived.yaml" || fail "rope v104 is not in rope's index"
[[ -e $root/experiments/designs/no_turns.cu ]] && fail "the design module no_turns is still in the tree"
for h in attention/v088_no_turns sinusoidal/v101_no_turns rope/v104_no_turns attention/v082_pv_fp16_split; do
  [[ -e $root/kernels/$h.cuh ]] && fail "$h's header is still in the tree"
done
[[ -e $root/kernels/attention/parts/pv_fp16_split.cuh ]] || fail "v082's part left though p_by_async_copies includes it"
[[ -e $root/kernels/attention/parts/pack_beside_flash.cuh ]] || fail "v088's part left though rope v103 includes it"

# The part v_resident is included by the design v_resident's versions alone
# (attention v051, sinusoidal v060, rope v063): archived with them, it leaves too.
[[ -e $root/kernels/attention/parts/v_resident.cuh ]] || fail "setup: the part v_resident is not in the tree"
out=$(run archive attention/v051_v_resident sinusoidal/v060_v_resident rope/v063_v_resident); rc=$?
[[ $rc -eq 0 ]] || fail "archive of v_resident's versions: exit $rc: $out"
[[ -e $root/kernels/attention/parts/v_resident.cuh ]] && fail "the part v_resident stayed though nothing includes it"
grep -q "removed kernels/attention/parts/v_resident.cuh" <<<"$out" || fail "the removal of v_resident was not said: $out"
out=$(run show attention/v88); rc=$?
[[ $rc -eq 0 ]] && grep -q "rerun: *fuselab run attention/v088_no_turns --at $head" <<<"$out" || fail "show: exit $rc: $out"
out=$(run archive attention/v088_no_turns); rc=$?
[[ $rc -eq 2 ]] && grep -q "archived already" <<<"$out" || fail "twice: exit $rc: $out"

if ((failures)); then echo "$failures failure(s)"; exit 1; fi
echo "archive: all checks passed"
