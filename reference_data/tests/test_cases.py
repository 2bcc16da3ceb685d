"""cases.yaml validation: each rule gives one message naming the file, the case and the fix."""
import math

import pytest

from conftest import REPO
from refgen import cases
from refgen.errors import RefgenError

GOOD_CASE = "{name: c1, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 3, Sk: 5, D: 8}, seed: 1}"


def write_family(root, text, folder="fam"):
    path = root / folder / "cases.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    return path


def attention_file(*case_lines, top="family: fam\nop: attention\n"):
    return top + "cases:\n" + "".join(f"  - {line}\n" for line in case_lines)


def test_repository_cases_are_valid():
    loaded = cases.load_all(REPO / "experiments")
    assert {case.family for case in loaded} == {"attention", "sinusoidal", "rope", "rope_standalone", "qk_norm_rope",
                                                    "decode"}
    assert all(case.seed for case in loaded)


def test_a_good_file_loads_with_defaults(tmp_path):
    (case,) = cases.load_file(write_family(tmp_path, attention_file(GOOD_CASE)))
    assert (case.id, case.path, case.pe, case.storage) == ("fam/c1", "fam/c1.h5", "none", "full")
    assert case.use == ("tests", "benchmarks")
    assert case.scale == 1.0 / math.sqrt(8)  # not 8**-0.5, which differs in the last bit


@pytest.mark.parametrize(
    "case_line, expected",
    [
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 1, Sk: 1, D: 8}, seed: 1, seeds: 2}", "unknown key(s) seeds"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 1, Sk: 1, D: 7}, seed: 1}", "D = 7 is odd"),
        ("{name: c1, shape: {B: 1, Hq: 6, Hkv: 4, Sq: 1, Sk: 1, D: 8}, seed: 1}", "Hq = 6 is not a multiple of Hkv = 4"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}, seed: 1, causal: true, k_offset: 2}",
         "query 0 sees no key; set k_offset <= q_offset"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, D: 8}, seed: 1}", "does not have exactly the keys"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}, seed: 1, pe: rope}", "pe = 'rope' is not one of"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}, seed: 1, offset: 3}",
         "apply only to op rope"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}, seed: 1, storage: sampled, sample_rows: 5}",
         "set sample_rows between 1 and the 4 output rows"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}, seed: 1, sample_rows: 2}",
         "sample_rows = 2 with storage full"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}}", "seed is missing"),
        ("{name: C1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}, seed: 1}", "is not made of [a-z0-9_]"),
        ("{name: c1, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 4, Sk: 4, D: 8}, seed: 1, q_offset: 16777215}",
         "positions reach 16777218"),
    ],
)
def test_case_errors_name_file_case_and_fix(tmp_path, case_line, expected):
    path = write_family(tmp_path, attention_file(case_line))
    with pytest.raises(RefgenError) as err:
        cases.load_file(path)
    message = str(err.value)
    assert str(path) in message and "c1" in message.lower() and expected in message


def test_duplicate_names(tmp_path):
    path = write_family(tmp_path, attention_file(GOOD_CASE, GOOD_CASE))
    with pytest.raises(RefgenError, match=r"case 'c1' \(#2\): the name is already used by case #1"):
        cases.load_file(path)


def test_family_must_match_folder(tmp_path):
    path = write_family(tmp_path, attention_file(GOOD_CASE), folder="other")
    with pytest.raises(RefgenError, match="family 'fam' does not match the folder 'other'; set family: other"):
        cases.load_file(path)


def test_duplicate_yaml_key(tmp_path):
    line = "{name: c1, seed: 1, seed: 2, shape: {B: 1, Hq: 1, Hkv: 1, Sq: 1, Sk: 1, D: 8}}"
    with pytest.raises(RefgenError, match="invalid YAML.*duplicate key 'seed'"):
        cases.load_file(write_family(tmp_path, attention_file(line)))


def test_rope_op_rejects_attention_keys(tmp_path):
    text = attention_file(
        "{name: r1, shape: {N: 1, S: 2, D: 8}, seed: 1, pe: rope_neox, causal: true}",
        top="family: fam\nop: rope\n",
    )
    with pytest.raises(RefgenError, match="case 'r1': key\\(s\\) causal apply only to op attention"):
        cases.load_file(write_family(tmp_path, text))


def test_rope_op_needs_a_rope_pe(tmp_path):
    text = attention_file("{name: r1, shape: {N: 1, S: 2, D: 8}, seed: 1}", top="family: fam\nop: rope\n")
    with pytest.raises(RefgenError, match="pe = 'none' is not one of rope_interleaved, rope_neox"):
        cases.load_file(write_family(tmp_path, text))


def test_unknown_key_in_defaults(tmp_path):
    text = attention_file(GOOD_CASE, top="family: fam\nop: attention\ndefaults: {sead: 3}\n")
    with pytest.raises(RefgenError, match="defaults: unknown key\\(s\\) sead"):
        cases.load_file(write_family(tmp_path, text))


QK_TOP = "family: fam\nop: qk_norm_rope\n"


QK_CASE = "{name: q1, shape: {T: 3, Hq: 4, Hkv: 2, D: 8}, seed: 1, pe: rope_neox, max_position: 1000000}"


def test_qk_norm_rope_reads_its_keys(tmp_path):
    text = attention_file(QK_CASE[:-1] + ", eps: 1.0e-5}", top=QK_TOP)
    (case,) = cases.load_file(write_family(tmp_path, text))
    assert (case.T, case.Hq, case.Hkv, case.D, case.eps, case.max_position) == (3, 4, 2, 8, 1e-5, 1000000)
    assert case.out_shape == (3, 6, 8) and case.out_rows == 18
    assert case.integer_inputs == {"positions": 1000000}
    assert list(case.input_shapes) == ["q", "k", "wq", "wk", "positions"]
    assert case.attributes()["eps"] == 1e-5 and case.attributes()["max_position"] == 1000000


def test_qk_norm_rope_needs_max_position(tmp_path):
    text = attention_file("{name: q1, shape: {T: 3, Hq: 4, Hkv: 2, D: 8}, seed: 1, pe: rope_neox}", top=QK_TOP)
    with pytest.raises(RefgenError, match="case 'q1': max_position is missing.*add max_position: N"):
        cases.load_file(write_family(tmp_path, text))


def test_qk_norm_rope_positions_stay_exact_in_float32(tmp_path):
    text = attention_file(QK_CASE.replace("1000000", "16777216"), top=QK_TOP)
    with pytest.raises(RefgenError, match="positions reach 16777216, not all exact in float32"):
        cases.load_file(write_family(tmp_path, text))


def test_eps_belongs_to_qk_norm_rope(tmp_path):
    text = attention_file("{name: r1, shape: {N: 1, S: 2, D: 8}, seed: 1, pe: rope_neox, eps: 1.0e-6}",
                          top="family: fam\nop: rope\n")
    with pytest.raises(RefgenError, match="key\\(s\\) eps apply only to op qk_norm_rope"):
        cases.load_file(write_family(tmp_path, text))
