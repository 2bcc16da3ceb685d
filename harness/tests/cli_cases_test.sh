#!/usr/bin/env bash
# `fuselab cases --json` lists every case with the traffic model's bytes and
# FLOPs (harness/peers/torch_peers.py reads it); an unknown family is exit 2.
#   usage: cli_cases_test.sh FUSELAB SOURCE_DIR
set -uo pipefail
fuselab=$1 src=$2
failures=0
json=$(mktemp) && trap 'rm -f "$json"' EXIT
"$fuselab" --root "$src" cases --json >"$json" || { echo "FAIL: cases --json exited $?"; exit 1; }
# Checked with python3's json (stdlib only): counts against cases.yaml, and two
# cases whose traffic is worked out by hand from traffic_model.cpp.
python3 - "$src" "$json" <<'PY' || failures=$((failures + 1))
import json, re, sys
from pathlib import Path
cases = json.loads(Path(sys.argv[2]).read_text())
yaml_names = sum(len(re.findall(r"^\s*- \{name:", p.read_text(), re.M))
                 for p in sorted(Path(sys.argv[1], "experiments").glob("*/cases.yaml")))
assert len(cases) == yaml_names, (len(cases), yaml_names)
by_id = {c["id"]: c for c in cases}
a = by_id["attention/b1_h4_s64_d128"]
# q = k = v = out = 1*4*64*128 floats: 4 B * (2q + 2kv); flops 4*B*Hq*Sq*Sk*D
assert (a["bytes"], a["flops"], a["shape"], a["uses"]) == (524288.0, 8388608.0, "1x4x64x128", ["tests", "benchmarks"]), a
r = by_id["rope_standalone/n128_s8192_d128_neox"]
n = 128 * 8192 * 128
assert (r["bytes"], r["flops"], r["storage"], r["sample_rows"]) == (8.0 * n + 4 * 64, 3.0 * n, "sampled", 512), r
c = by_id["attention/b1_h4_s16k100_d64_causal"]  # causal, q_offset 84: query i sees 85 + i keys
assert c["flops"] == 4.0 * 4 * sum(85 + i for i in range(16)) * 64 and c["causal"] and c["q_offset"] == 84, c
assert by_id["sinusoidal/b1_h4_s64_d128"]["pe"] == "sinusoidal" and by_id["sinusoidal/b1_h4_s64_d128"]["bytes"] == 524288.0 + 4 * 64
q = by_id["qk_norm_rope/t16384_h32kv8_d128_neox"]
e = 16384 * (32 + 8) * 128  # q and k read, out written; weights, positions, inv_freq once
assert (q["bytes"], q["flops"], q["shape"]) == (8.0 * e + 8 * 128 + 8 * 16384 + 4 * 64, 7.0 * e, "16384x32kv8x128"), q
assert (q["eps"], q["max_position"], q["T"], q["Hq"], q["Hkv"]) == (1e-6, 32767, 16384, 32, 8), q
print("ok   cases --json:", len(cases), "cases")
PY

# The generator's parser (reference_data/refgen/cases.py) reads every
# repository case to the same values as the bench's: one set of rules
# (the bad files both refuse: harness/tests/data/cases_rules.yaml).
generator_python=$("$src/scripts/find_python.sh") || exit 1
"$generator_python" - "$src" "$json" <<'PY' || failures=$((failures + 1))
import json, sys
from pathlib import Path
sys.path.insert(0, str(Path(sys.argv[1], "reference_data")))
from refgen import cases
bench = {c["id"]: c for c in json.loads(Path(sys.argv[2]).read_text())}
generator = {c.id: c for c in cases.load_all(Path(sys.argv[1], "experiments"))}
assert set(bench) == set(generator), set(bench) ^ set(generator)
fields = ("op", "pe", "D", "B", "Hq", "Hkv", "Sq", "Sk", "q_offset", "k_offset", "N", "S", "offset", "T", "eps",
          "max_position", "causal", "base", "scale", "seed", "fixture", "storage", "sample_rows")
for cid, b in bench.items():
    g = generator[cid]
    for f in fields:
        if f in b:
            assert b[f] == getattr(g, f), (cid, f, b[f], getattr(g, f))
    assert b["uses"] == list(g.use), (cid, b["uses"], g.use)
    assert b["reference"] == g.path, (cid, b["reference"], g.path)
    # the same declaration shapes the tensors on both sides (refgen/ops.py reads the export)
    generator_shapes = {**g.input_shapes, "out": g.out_shape, "inv_freq": (g.D // 2,)}
    assert {n: tuple(s) for n, s in b["tensors"].items()} == generator_shapes, (cid, b["tensors"], generator_shapes)
print("ok   the generator's parser and shapes agree with the bench's on", len(bench), "cases")
PY

out=$("$fuselab" --root "$src" cases rope_standalone 2>&1); rc=$?
if [[ $rc -ne 0 ]] || ! grep -q "rope_standalone/n128_s8192_d128_neox" <<<"$out" || grep -q "attention/" <<<"$out"; then
  echo "FAIL cases rope_standalone: exit $rc, output:"; echo "$out" | sed 's/^/    /'; failures=$((failures + 1))
else
  echo "ok   cases rope_standalone: $(wc -l <<<"$out") lines"
fi

out=$("$fuselab" --root "$src" cases no_such_family --json 2>&1); rc=$?
if [[ $rc -ne 2 ]] || ! grep -q "no_such_family" <<<"$out"; then
  echo "FAIL unknown family: exit $rc (want 2), output:"; echo "$out" | sed 's/^/    /'; failures=$((failures + 1))
else
  echo "ok   unknown family: $(head -1 <<<"$out" | cut -c1-150)"
fi
[[ $failures -eq 0 ]]
