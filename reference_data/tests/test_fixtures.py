"""The committed fixtures: consistent with MANIFEST and this machine's counter
generator, small, and their float64 answer agrees with an independent
implementation of the math and with PyTorch's float32 answer."""
import numpy as np
import pytest

import numpy_reference
from conftest import REFERENCE_DATA, REPO, run_generate
from refgen import cases, h5file, inputs

FIXTURES = [case for case in cases.load_all(REPO / "experiments") if case.fixture]


def test_fixtures_are_consistent_with_manifest():
    result = run_generate("--check", "--only", "*/fx_*")
    assert result.returncode == 0, result.stderr


def test_fixtures_total_under_one_megabyte():
    assert sum((REFERENCE_DATA / case.path).stat().st_size for case in FIXTURES) < 1_000_000


@pytest.mark.parametrize("case", FIXTURES, ids=lambda case: case.id)
def test_fixture_math(case):
    path = REFERENCE_DATA / case.path
    attrs = h5file.read_attributes(path)
    names = ["inv_freq", "out", "out_torch_fp32"] + (["rows"] if case.sampled else list(case.input_shapes))
    data = h5file.read_datasets(path, names)
    regenerated = {
        name: inputs.InputTensor(case.seed, stream, shape, keep_whole=True, max_value=bound).array
        for name, (shape, stream, bound) in case.counter_inputs.items()
    }
    if not case.sampled:
        assert all(np.array_equal(data[name], regenerated[name]) for name in case.input_shapes)
    assert np.array_equal(data["inv_freq"], numpy_reference.inv_freq(case.base, case.D))

    if case.op == "attention":
        expected = numpy_reference.attention(case, regenerated["q"], regenerated["k"], regenerated["v"])
    elif case.op == "decode":
        expected = numpy_reference.decode(case, regenerated["q"], regenerated["k"], regenerated["v"])
    elif case.op == "qk_norm_rope":
        expected = numpy_reference.qk_norm_rope(case, *(regenerated[n] for n in ("q", "k", "wq", "wk", "positions")))
    else:
        expected = numpy_reference.rope(case, regenerated["x"])
    if case.sampled:
        expected = expected.reshape(-1, case.D)[data["rows"]]
    assert np.max(np.abs(data["out"] - expected)) < 1e-12

    torch_err = np.max(np.abs(data["out_torch_fp32"].astype(np.float64) - data["out"]))
    assert torch_err == attrs["torch_fp32_max_abs_err"]
    assert 0 < torch_err < 1e-4
