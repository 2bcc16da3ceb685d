#!/usr/bin/env bash
# `run --at COMMIT` and `rerun --exact` without a real build: the refusals
# (unknown commit, not an exact id, unwritable records folder, a record with
# no commit or with uncommitted changes), each with exit 2, one message and
# nothing written; then a tiny git repository standing in for the project
# (--root), whose commits' scripts/build.sh fails with a compiler-like error
# (quoted, its log kept, nothing written, the worktree removed), or "builds" a
# fuselab that runs this one (a whole `rerun --exact`: record, commit from the
# environment, diff), also from a source archive where the tree has no .git.
#   usage: run_at_test.sh FUSELAB SOURCE_DIR SCRATCH
set -uo pipefail
fuselab=$(realpath "$1") src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch/tmp"
export TMPDIR=$scratch/tmp  # the temporary trees and build logs: checked below
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
expect() {  # [records=DIR] expect NAME CODE PATTERN -- ARGS...
  local name=$1 code=$2 pattern=$3; shift 4
  local rc
  out=$("$fuselab" --records-dir "${records:-$scratch/runs}" --log "$scratch/LOG.md" "$@" 2>&1); rc=$?
  if [[ $rc -ne $code ]] || ! grep -qE -- "$pattern" <<<"$out"; then
    fail "$name: exit $rc (want $code), output:"; echo "$out" | sed 's/^/    /'
  else
    echo "ok   $name: $(grep -E -- "$pattern" <<<"$out" | head -1 | cut -c1-160)"
  fi
}
git_commit() { git -C "$1" add -A && git -C "$1" -c user.name=test -c user.email=test@example.com commit -qm "$2"; }

# --- refusals before anything is built -----------------------------------------
expect unknown-commit 2 "commit '0123456789abcdef0123' is not in the repository at .* and no source archive holds it.*Fix: name a commit of \`git log\`, or make its archive with scripts/source_archive.sh 0123456789abcdef0123" -- \
  run attention/v900_cpu_reference --at 0123456789abcdef0123
expect glob 2 "'attention/v9\*' is not an exact id, and --at needs exact ids.*Fix" -- \
  run 'attention/v9*' --at HEAD
expect family 2 "'attention' is not an exact id" -- run attention --at HEAD
expect short-id 2 "'attention/v900' is not an exact id" -- run attention/v900 --at HEAD
touch "$scratch/a_file"
records="$scratch/a_file/runs" expect unwritable-records 2 "records folder .*a_file/runs cannot be written.*Fix" -- \
  run attention/v900_cpu_reference --at HEAD
expect allow-dirty-needs-exact 2 "requires --exact" -- rerun 20990101T000000Z-nope-1 --allow-dirty

# Records to rerun: one real CPU record, and copies with their git block edited.
"$fuselab" --records-dir "$scratch/made" --log "$scratch/made.md" \
  run attention/v900_cpu_reference --case 'fx_*' --quick >/dev/null 2>&1 || fail "the CPU run to copy failed"
made=$(ls "$scratch"/made/*[0-9].json.gz)
run_id=$(basename "$made" .json.gz)
edit_git() {  # edit_git DIR COMMIT_JSON DIRTY_JSON
  mkdir -p "$1"
  python3 - "$made" "$1/$run_id.json" "$2" "$3" <<'EOF'
import gzip, json, sys
record = json.loads(gzip.open(sys.argv[1]).read())  # stored form, written plain: readers take either
record["git"] = {"commit": json.loads(sys.argv[3]), "dirty": json.loads(sys.argv[4]), "source": "test"}
json.dump(record, open(sys.argv[2], "w"))
EOF
}
edit_git "$scratch/dirty" "\"$(git -C "$src" rev-parse HEAD)\"" true
edit_git "$scratch/no_commit" null null
edit_git "$scratch/gone" '"0123456789abcdef0123456789abcdef01234567"' true
records="$scratch/dirty" expect exact-dirty 2 "run $run_id was made with uncommitted changes on top of [0-9a-f]{40}.*Fix: add --allow-dirty" -- \
  rerun "$run_id" --exact
records="$scratch/no_commit" expect exact-no-commit 2 "run $run_id records no git commit.*Fix: rerun it without --exact" -- \
  rerun "$run_id" --exact
records="$scratch/gone" expect exact-gone 2 "commit '0123456789abcdef0123456789abcdef01234567' is not in the repository.*Fix" -- \
  rerun "$run_id" --exact --allow-dirty
grep -qE "warn.*uncommitted changes.*not in the rebuilt source, so any difference may come from them" <<<"$out" \
  || fail "exact-gone: no warning about the uncommitted changes: $out"
for d in dirty no_commit gone; do
  [[ $(ls -A "$scratch/$d") == "$run_id.json" ]] || fail "rerun --exact refused but wrote into $d: $(ls -A "$scratch/$d")"
done

# --- a stand-in project: commit 1 fails to build, commit 2 "builds" a fuselab -----
fake=$scratch/fake
mkdir -p "$fake/scripts" "$fake/reports/runs"
cp "$src/scripts/source_archive.sh" "$fake/scripts/"
echo '# FUSELAB_ONLY: builds the ids named alone' >"$fake/CMakeLists.txt"
echo '{}' >"$fake/reports/runs/old.json"
cat >"$fake/scripts/build.sh" <<'EOF'
#!/usr/bin/env bash
echo "[ 10%] Building CXX object harness/CMakeFiles/fuselab_core.dir/core/error.cpp.o"
echo "fake.cu(3): warning: a warning"
echo "fake.cu(7): error: built '$FUSELAB_ONLY' into $BUILD_DIR, reports: $(ls -d reports 2>/dev/null || echo none)"
echo "gmake: *** [Makefile:101: all] Error 2"
exit 1
EOF
chmod +x "$fake/scripts/build.sh"
git -C "$fake" init -q && git_commit "$fake" "fails to build"
failing=$(git -C "$fake" rev-parse HEAD)
# Commit 2's "build": a fuselab that is this one, run on the real source tree.
cat >"$fake/scripts/build.sh" <<'EOF'
#!/usr/bin/env bash
mkdir -p "$BUILD_DIR/harness/cli"
printf '#!/usr/bin/env bash\nexport FUSELAB_ROOT=%q\nexec -a "$0" %q "$@"\n' "$FAKE_SOURCE_DIR" "$FAKE_FUSELAB" \
  >"$BUILD_DIR/harness/cli/fuselab"
chmod +x "$BUILD_DIR/harness/cli/fuselab"
EOF
git_commit "$fake" "builds"
building=$(git -C "$fake" rev-parse HEAD)
export FAKE_SOURCE_DIR=$src FAKE_FUSELAB=$fuselab

dated_before=$(cat "$scratch"/reports/log/*.md 2>/dev/null | sha256sum)  # the log's dated files, beside LOG.md
records="$scratch/fake_runs" expect build-fails 2 "the build of commit ${failing:0:12} failed \(exit 1\): \"fake.cu\(7\): error: built 'attention/v900_cpu_reference;rope/v900_none' into .*/build, reports: reports\"\. Fix: read the build's whole output, kept in .*/tmp/fuselab-at-${failing:0:12}-build-.*\.log" -- \
  --root "$fake" run attention/v900_cpu_reference rope/v900_none --at "${failing:0:8}"
[[ ! -e $scratch/fake_runs && $(cat "$scratch"/reports/log/*.md 2>/dev/null | sha256sum) == "$dated_before" ]] ||
  fail "build-fails wrote $(ls "$scratch/fake_runs" 2>&1) or a log entry"
log=$(ls "$scratch"/tmp/fuselab-at-*-build-*.log 2>/dev/null)
grep -q "fake.cu(3): warning" "$log" 2>/dev/null || fail "build-fails: the build log was not kept: '$log'"
rm -f "$log"

# rerun --exact of a record made at commit 2: the whole flow.
edit_git "$scratch/exact" "\"$building\"" false
records="$scratch/exact" expect exact-rerun 0 "^## rerun of $run_id as " -- \
  --root "$fake" --references "$src/reference_data" rerun "$run_id" --exact
grep -qE '^\| attention/v900_cpu_reference \| fx_b1_h2_s5_d16 \| [0-9.]+ \| [0-9.]+ \| ×[0-9.]+' <<<"$out" \
  || fail "exact-rerun: no per-case speedup row: $out"
new=$(ls "$scratch"/exact/*[0-9].json.gz | xargs -n1 basename | sed 's/\.json\.gz$//' | grep -v "^$run_id$")
python3 - "$scratch/exact/$new.json.gz" "$building" <<'EOF' || fail "exact-rerun: the new record's git block or settings"
import gzip, json, sys
r = json.loads(gzip.open(sys.argv[1]).read())
assert r["git"] == {"commit": sys.argv[2], "dirty": False, "source": "environment"}, r["git"]
assert r["settings"]["case_patterns"] == ["fx_*"] and r["settings"]["quick"], r["settings"]
assert r["command"][0].endswith("build/harness/cli/fuselab") and "run" in r["command"], r["command"]
EOF
grep -q "^### attention/v900_cpu_reference — " "$scratch"/reports/log/[0-9]*.md || fail "exact-rerun: no log entry"

# Worktrees and temporary trees are gone; the successful build left no log.
[[ $(git -C "$fake" worktree list | wc -l) -eq 1 ]] || fail "worktrees left: $(git -C "$fake" worktree list)"
[[ -z $(ls -A "$scratch/tmp") ]] || fail "temporary files left: $(ls -A "$scratch/tmp")"

# --- no .git: the source archive of commit 1 (without reports/) -------------------
"$fake/scripts/source_archive.sh" "$failing" >/dev/null || fail "source_archive.sh failed"
[[ -f $fake/.source-archives/$failing.tar.gz ]] || fail "no archive $failing.tar.gz: $(ls "$fake/.source-archives")"
mkdir -p "$scratch/no_git" && cp -r "$fake/.source-archives" "$fake/CMakeLists.txt" "$scratch/no_git/"
records="$scratch/fake_runs" expect archive-build-fails 2 "the build of commit ${failing:0:12} failed \(exit 1\): \"fake.cu\(7\): error: built 'attention/v900_cpu_reference' into .*, reports: none\"" -- \
  --root "$scratch/no_git" run attention/v900_cpu_reference --at "${failing:0:10}"
rm -f "$scratch"/tmp/fuselab-at-*-build-*.log
[[ -z $(ls -A "$scratch/tmp") ]] || fail "the extracted tree was left: $(ls -A "$scratch/tmp")"
expect archive-missing 2 "commit '${building:0:10}' is not in the repository at .*no_git and no source archive holds it" -- \
  --root "$scratch/no_git" run attention/v900_cpu_reference --at "${building:0:10}"

[[ ! -e $scratch/runs ]] || fail "a refused command wrote into the records folder: $(ls -A "$scratch/runs")"
[[ $failures -eq 0 ]]
