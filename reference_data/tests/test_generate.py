"""generate.py end to end, into temporary folders: determinism, skipping, --check,
and the refusals (changed inputs, modified fixtures)."""
import shutil

import pytest

from conftest import run_generate

SMALL = ("--only", "*/fx_*", "--only", "attention/b2_h3_s17_d96", "--only", "rope_standalone/n3_s17_d64_inter")
FAMILY = """family: fam
op: attention
defaults: {seed: 5, pe: rope_neox}
cases:
  - {name: fx_tiny, shape: {B: 1, Hq: 2, Hkv: 1, Sq: 3, Sk: 4, D: 8}, q_offset: OFFSET, fixture: true}
"""


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("refs")
    result = run_generate("--out", out, *SMALL)
    assert result.returncode == 0, result.stderr
    return out


def files_of(root):
    return {path.relative_to(root): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def copy_of(generated, tmp_path):
    shutil.copytree(generated, tmp_path / "copy")
    return tmp_path / "copy"


def flip_byte(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


def test_two_runs_give_identical_bytes(generated, tmp_path):
    result = run_generate("--out", tmp_path, *SMALL)
    assert result.returncode == 0, result.stderr
    first, second = files_of(generated), files_of(tmp_path)
    assert len(first) == 17 and first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_second_run_skips_everything(generated):
    result = run_generate("--out", generated, *SMALL)
    assert result.returncode == 0, result.stderr
    assert "0 written, 16 up to date" in result.stdout


def test_check_passes_on_fresh_files(generated):
    result = run_generate("--check", "--out", generated, *SMALL)
    assert result.returncode == 0, result.stderr + result.stdout


def test_check_catches_a_flipped_byte(generated, tmp_path):
    copy = copy_of(generated, tmp_path)
    flip_byte(copy / "attention" / "b2_h3_s17_d96.h5")
    result = run_generate("--check", "--out", copy, *SMALL)
    assert result.returncode == 1
    assert "attention/b2_h3_s17_d96.h5: differs from MANIFEST: sha256 differs" in result.stderr
    assert "--only attention/b2_h3_s17_d96 --force" in result.stderr
    assert "1 problems" in result.stderr


def test_generate_rewrites_a_damaged_non_fixture(generated, tmp_path):
    copy = copy_of(generated, tmp_path)
    flip_byte(copy / "attention" / "b2_h3_s17_d96.h5")
    result = run_generate("--out", copy, *SMALL)
    assert result.returncode == 0, result.stderr
    assert files_of(copy) == files_of(generated)


def test_a_modified_fixture_is_not_rewritten_without_force(generated, tmp_path):
    copy = copy_of(generated, tmp_path)
    flip_byte(copy / "fixtures" / "rope" / "fx_b1_h2_s5_d16_neox.h5")
    result = run_generate("--out", copy, *SMALL)
    assert result.returncode == 1
    assert "committed fixture differs from MANIFEST" in result.stderr and "git checkout --" in result.stderr
    assert run_generate("--out", copy, "--force", *SMALL).returncode == 0
    assert files_of(copy) == files_of(generated)


def test_refuses_to_change_an_inputs_hash(generated, tmp_path):
    copy = copy_of(generated, tmp_path)
    manifest = copy / "MANIFEST"
    lines = manifest.read_text().splitlines(keepends=True)
    lines = [line[:-65] + "0" * 64 + "\n" if line.startswith("attention/b2_h3_s17_d96.h5") else line for line in lines]
    manifest.write_text("".join(lines))
    (copy / "attention" / "b2_h3_s17_d96.h5").unlink()
    result = run_generate("--out", copy, *SMALL)
    assert result.returncode == 1
    assert "the inputs generated here hash to" in result.stderr and "delete the line" in result.stderr
    assert not (copy / "attention" / "b2_h3_s17_d96.h5").exists()


def test_changed_case_rewrites_a_fixture_but_a_changed_seed_is_refused(tmp_path):
    cases_yaml = tmp_path / "experiments" / "fam" / "cases.yaml"
    cases_yaml.parent.mkdir(parents=True)
    args = ("--out", tmp_path / "refs", "--experiments", tmp_path / "experiments")
    cases_yaml.write_text(FAMILY.replace("OFFSET", "3"))
    assert run_generate(*args).returncode == 0
    cases_yaml.write_text(FAMILY.replace("OFFSET", "4"))  # same inputs, other outputs
    result = run_generate(*args)
    assert result.returncode == 0, result.stderr
    assert "1 written" in result.stdout
    cases_yaml.write_text(FAMILY.replace("OFFSET", "4").replace("seed: 5", "seed: 6"))
    result = run_generate(*args, "--force")
    assert result.returncode == 1 and "MANIFEST says" in result.stderr


def test_check_reports_manifest_lines_no_case_produces(tmp_path):
    cases_yaml = tmp_path / "experiments" / "fam" / "cases.yaml"
    cases_yaml.parent.mkdir(parents=True)
    cases_yaml.write_text(FAMILY.replace("OFFSET", "3"))
    args = ("--out", tmp_path / "refs", "--experiments", tmp_path / "experiments")
    assert run_generate(*args).returncode == 0
    with open(tmp_path / "refs" / "MANIFEST", "a") as manifest:
        manifest.write("fam/gone.h5  1  " + "0" * 64 + "  " + "0" * 64 + "\n")
    result = run_generate("--check", *args)
    assert result.returncode == 1 and "MANIFEST lists fam/gone.h5, which no case" in result.stderr


def test_unmatched_only_is_an_error(tmp_path):
    result = run_generate("--out", tmp_path, "--only", "nope/*")
    assert result.returncode == 1 and "no case matches --only nope/*" in result.stderr
