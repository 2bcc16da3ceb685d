#!/usr/bin/env bash
# Every bad input gets one clear message and a documented exit code, and
# nothing is half-written: unknown id, missing reference, corrupt reference,
# malformed cases.yaml and targets.yaml, no GPU, compare and rerun refusals.   usage: cli_errors_test.sh FUSELAB SOURCE_DIR SCRATCH
set -uo pipefail
fuselab=$1 src=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch/runs"
failures=0
expect() {  # [records=DIR] expect NAME CODE PATTERN -- ARGS...
  local name=$1 code=$2 pattern=$3; shift 4
  local out rc
  out=$("$fuselab" --records-dir "${records:-$scratch/runs}" --log "$scratch/LOG.md" "$@" 2>&1); rc=$?
  if [[ $rc -ne $code ]] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $code), output:"; echo "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    echo "ok   $name: $(grep -E -- "$pattern" <<<"$out" | head -1 | cut -c1-150)"
  fi
}

expect unknown-id 2 "unknown experiment 'attention/v777_nope'.*Fix" -- run attention/v777_nope
expect unknown-show 2 "unknown experiment" -- show rope/v999_ghost
# An archived version: run refuses and names the command that rebuilds it;
# show and list --all still describe it.
expect run-archived 2 "attention/v001_online_softmax is archived.*Fix: .*fuselab run attention/v001_online_softmax --at [0-9a-f]{40}" -- \
  run attention/v1
records="$src/reports/runs" expect rerun-archived 2 "rope/v008_split_d is archived.*--at" -- rerun 20261121T021717Z-vm-3168
expect show-archived 0 "^  rerun: +fuselab run attention/v001_online_softmax --at" -- show attention/v001_online_softmax
expect list-all 0 "attention/v001_online_softmax .*\[archived: fuselab run" -- list --all

# A --case glob that matches nothing is refused before anything runs, and
# nothing is recorded (issue 42, item 4).
expect case-matches-nothing 2 "--case 'nope\*' matches no case of attention.*Fix" -- \
  run attention/v900_cpu_reference --case 'nope*'
if [[ -n "$(ls -A "$scratch/runs")" || -n "$(ls -A "$scratch/reports/log" 2>/dev/null)" ]]; then
  echo "FAIL case-matches-nothing: wrote $(ls -A "$scratch/runs") $(ls "$scratch/reports/log" 2>/dev/null)"
  failures=$((failures + 1))
fi
# Outputs that cannot be written are refused before the first case runs
# (item 1): a records folder under a plain file, a log that is a folder.
touch "$scratch/a_file"
records="$scratch/a_file/runs" expect records-unwritable 2 "cannot write run records into .*a_file/runs.*Fix: .*--records-dir" -- \
  run attention/v900_cpu_reference --case fx_b1_h2_s5_d16
mkdir -p "$scratch/log_is_a_folder"
out=$("$fuselab" --records-dir "$scratch/runs" --log "$scratch/log_is_a_folder" run attention/v900_cpu_reference \
  --case fx_b1_h2_s5_d16 2>&1); rc=$?
if [[ $rc -ne 2 ]] || ! grep -q "cannot append to the log .*Fix: .*--log" <<<"$out" || [[ -n "$(ls -A "$scratch/runs")" ]]; then
  echo "FAIL log-unwritable: exit $rc, records $(ls -A "$scratch/runs"): $out"; failures=$((failures + 1))
else
  echo "ok   log-unwritable: $(grep -o 'cannot append.*' <<<"$out" | cut -c1-120)"
fi
# --root is honoured by run and check (item 3): a case that exists only in
# the --root tree's cases.yaml is selected, and its reference looked for.
mkdir -p "$scratch/root_cases"
cp -r "$src/experiments" "$scratch/root_cases/experiments"
sed -i 's/^  - {name: fx_b1_h2_s5_d16, /  - {name: fx_only_under_root, shape: {B: 1, Hq: 2, Hkv: 2, Sq: 5, Sk: 5, D: 16}, use: [tests], fixture: true}\n&/' \
  "$scratch/root_cases/experiments/attention/cases.yaml"
expect root-cases 2 "fx_only_under_root.*is missing" -- \
  --root "$scratch/root_cases" --references "$src/reference_data" check attention/v900_cpu_reference --case fx_only_under_root

# Missing reference: an empty reference folder.
mkdir -p "$scratch/empty_refs"
expect missing-reference 2 "is missing.*Fix: .*generate.py" -- \
  --references "$scratch/empty_refs" run attention/v900_cpu_reference --case fx_b1_h2_s5_d16

# Corrupt reference: a copy with one byte flipped, where a dataset's data
# lies (h5py gives its offset). The bytes of a reference differ between
# machines (another torch rounds the float64 output and its own float32
# output otherwise), so what must be the same is checked instead: a flipped
# input or float64 output is refused; a flipped byte in PyTorch's own float32
# output is told and accepted (issue 42, item 5).
python=$("$src/scripts/find_python.sh")  # the python with torch has h5py
flip_in() {  # flip_in DATASET: a fresh copy of the fixtures with one byte of DATASET flipped
  rm -rf "$scratch/refs" && cp -r "$src/reference_data" "$scratch/refs"
  local f="$scratch/refs/fixtures/attention/fx_b1_h2_s5_d16.h5" at
  at=$("$python" -c 'import h5py, sys; print(h5py.File(sys.argv[1], "r")[sys.argv[2]].id.get_offset() + 9)' "$f" "$1")
  printf '\x5a' | dd of="$f" bs=1 seek="$at" conv=notrunc status=none
}
flip_in q
expect corrupt-reference 2 "sha256 .* disagrees with MANIFEST .*, and its inputs differ from the MANIFEST inputs hash.*Fix" -- \
  --references "$scratch/refs" run attention/v900_cpu_reference --case fx_b1_h2_s5_d16
flip_in out
expect corrupt-reference-output 2 "sha256 .* disagrees with MANIFEST .*, and its float64 output differs from the C\+\+ float64 reference.*Fix" -- \
  --references "$scratch/refs" check attention/v900_cpu_reference --case fx_b1_h2_s5_d16
flip_in out_torch_fp32
expect other-machine-reference 0 "content: sha256 .* disagrees with MANIFEST .*made on another machine.*inputs match the MANIFEST bit for bit" -- \
  --references "$scratch/refs" check attention/v900_cpu_reference --case fx_b1_h2_s5_d16

# Malformed cases.yaml: a copy of the experiments tree with a broken file.
mkdir -p "$scratch/root"
cp -r "$src/experiments" "$scratch/root/experiments"
printf 'family: attention\nop: attention\ncases:\n  - {name: broken, shape: [1, 2\n' \
  >"$scratch/root/experiments/attention/cases.yaml"
expect malformed-yaml 2 "experiments/attention/cases.yaml" -- \
  --root "$scratch/root" --references "$src/reference_data" run attention/v900_cpu_reference
# ... and only the commands that read that family fail (issue 42, item 6).
expect malformed-yaml-list 0 "rope_standalone/v000_naive" -- --root "$scratch/root" list
expect malformed-yaml-other-family 0 "n128_s8192_d128_neox" -- --root "$scratch/root" cases rope_standalone
# A quoted number is text, refused as the generator refuses it (item 7).
mkdir -p "$scratch/root_quoted"
cp -r "$src/experiments" "$scratch/root_quoted/experiments"
sed -i 's/D: 512}}/D: "512"}}/' "$scratch/root_quoted/experiments/attention/cases.yaml"
expect quoted-number 2 "cases.yaml:8: case 'b1_h4_s64_d512': 'D' must be a positive integer" -- --root "$scratch/root_quoted" cases attention
# A reference folder that does not exist is named as such (item 7).
expect no-reference-folder 2 "reference folder /nonexistent/refs does not exist.*Fix" -- \
  --references /nonexistent/refs run attention/v900_cpu_reference --case fx_b1_h2_s5_d16
# A root that is no checkout (item 7).
mkdir -p "$scratch/empty_root"
expect empty-root 2 "holds no experiments/<family>/cases.yaml.*Fix" -- --root "$scratch/empty_root" cases attention

# Malformed targets.yaml: `report` refuses before it writes anything.
mkdir -p "$scratch/root_targets" "$scratch/report_out"
cp -r "$src/experiments" "$scratch/root_targets/experiments"
printf 'targets: [{case: b1_h4_s64_d8192, max_us: 20}\n' >"$scratch/root_targets/experiments/sinusoidal/targets.yaml"
records="$src/reports/runs" expect malformed-targets 2 "experiments/sinusoidal/targets.yaml:.*malformed YAML.*Fix" -- \
  --root "$scratch/root_targets" report --no-plots --reports-dir "$scratch/report_out"
if [[ -n "$(ls -A "$scratch/report_out")" || -e "$scratch/LOG.md" ]]; then
  echo "FAIL malformed-targets: report wrote $(ls -A "$scratch/report_out") $(ls "$scratch/LOG.md" 2>/dev/null)"
  failures=$((failures + 1))
fi

# compare and rerun, on the committed records (read only).
runs="$src/reports/runs"
records="$runs" expect compare-families 2 "one family.*" -- compare attention/v0 rope/v0
records="$runs" expect compare-unknown-id 2 "unknown experiment 'attention/v777': no version built, archived or in a run record.*Fix" -- \
  compare attention/v0 attention/v777
records="$runs" expect compare-no-records 2 "no run record has results for 'attention/v900_cpu_reference'.*Fix: run it first" -- \
  compare attention/v0 attention/v900_cpu_reference
records="$runs" expect compare-no-common-case 2 "no case is timed for every id" -- \
  compare attention/v000 attention/v002 --case b8_h16_s1024_d128
records="$runs" expect compare-unknown-run 2 "unknown run id '20990101T000000Z-nope-1'.*Fix" -- \
  compare attention/v0 --runs 20990101T000000Z-nope-1
records="$runs" expect compare-gbench-needs-out 2 "Fix: add --out DIR" -- \
  compare attention/v0 attention/v2 --format gbench
records="$runs" expect compare-bad-format 2 "format" -- compare attention/v0 --format xml
records="$runs" expect rerun-unknown-run 2 "unknown run id '20990101T000000Z-nope-1'.*Fix" -- \
  rerun 20990101T000000Z-nope-1
mkdir -p "$scratch/bad_runs"
zcat "$runs/20261121T021717Z-vm-3168.json.gz" >"$scratch/bad_runs/20261121T021717Z-vm-3168.json"  # stored form, plain
printf '{"schema": 1, "run_id": ' >"$scratch/bad_runs/20261121T030000Z-vm-1.json"
# One bad record does not stop compare (issue 42, item 6): it is left out
# with a warning naming it; a rerun of the bad record itself says what is wrong.
records="$scratch/bad_runs" expect compare-bad-record 0 "left out: run record .*20261121T030000Z-vm-1.json is not valid JSON.*Fix" -- \
  compare rope/v0
records="$scratch/bad_runs" expect compare-beside-bad-record 0 "^\| b1_h4_s64_d128_neox \|" -- compare rope/v0
records="$scratch/bad_runs" expect rerun-bad-record 2 "20261121T030000Z-vm-1.json is not valid JSON.*Fix" -- \
  rerun 20261121T030000Z-vm-1
# A timing block of the wrong shape is refused by compare as by report: the
# record is left out, not read as "0 timed cases".
mkdir -p "$scratch/bad_timing"
python3 - "$runs/20261121T021717Z-vm-3168.json.gz" "$scratch/bad_timing/20261121T021717Z-vm-3168.json" <<'PY'
import gzip, json, sys
record = json.loads(gzip.open(sys.argv[1]).read())
for e in record["experiments"]:
    for c in e["cases"]:
        if "timing" in c:
            c["timing"] = [1, 2, 3]
json.dump(record, open(sys.argv[2], "w"))
PY
records="$scratch/bad_timing" expect compare-bad-timing 2 "left out: run record .*20261121T021717Z-vm-3168.json: .*timing" -- compare rope/v0

# Peers: compare puts them beside our versions; rerun refuses a peer record.
mkdir -p "$scratch/peer_runs"
cp "$runs/20261121T021636Z-vm-3026.json.gz" "$src/harness/tests/data/peer_record.json" "$scratch/peer_runs/"
records="$scratch/peer_runs" expect compare-peer 0 "\| torch/sdpa_eager \(peer\) \|" -- \
  compare attention/v000 torch/sdpa_eager --case b1_h4_s64_d128
records="$scratch/peer_runs" expect rerun-peer 2 "PyTorch peer results.*Fix" -- \
  rerun 20261121T030000Z-peers-1234

# No GPU: a CUDA experiment where none exists (on a GPU machine: not applicable).
if ! nvidia-smi -L >/dev/null 2>&1; then
  expect no-gpu 3 "no CUDA GPU on this machine.*need a CUDA GPU" -- run attention/v000_cublas_unfused
  # check times nothing, so it prints no verdict (issue 42, item 7).
  out=$("$fuselab" check attention/v900_cpu_reference --case fx_b1_h2_s5_d16 2>&1)
  if grep -qE "UNTESTED|CONFIRMED|REFUTED" <<<"$out"; then echo "FAIL check-no-verdict: $out"; failures=$((failures + 1)); else echo "ok   check-no-verdict"; fi
  # A copy of a CUDA record, cut to its versions still built: a rerun must
  # stop before running anything.
  mkdir -p "$scratch/cuda_runs"
  python3 - "$runs/20261121T021717Z-vm-3168.json.gz" "$scratch/cuda_runs/20261121T021717Z-vm-3168.json" <<'PY'
import gzip, json, sys
record = json.loads(gzip.open(sys.argv[1]).read())
record["experiments"] = [e for e in record["experiments"] if e["id"] != "rope/v008_split_d"]
json.dump(record, open(sys.argv[2], "w"))
PY
  records="$scratch/cuda_runs" expect rerun-no-gpu 3 "need a CUDA GPU" -- rerun 20261121T021717Z-vm-3168
  if [[ $(ls -A "$scratch/cuda_runs" | wc -l) -ne 1 ]]; then
    echo "FAIL rerun-no-gpu: wrote into the records folder: $(ls -A "$scratch/cuda_runs")"
    failures=$((failures + 1))
  fi
fi

# Nothing half-written: no record and no temporary file from the failures above.
if [[ -n "$(ls -A "$scratch/runs")" ]]; then
  echo "FAIL: failed commands left files in the records folder: $(ls -A "$scratch/runs")"
  failures=$((failures + 1))
fi
[[ $failures -eq 0 ]]
