"""The model bench's record (CPU): the committed example the C++ log test reads is what model_record builds now,
it validates against harness/schema/run_record.schema.json, and the bench without a GPU exits 3 writing nothing."""
import json
import subprocess
import sys

import model_record_example
import pytest
from conftest import REPO


def test_the_committed_example_is_what_the_builder_gives():
    assert model_record_example.EXAMPLE.read_text() == model_record_example.text(), (
        "regenerate it: harness/models/tests/model_record_example.py > harness/tests/data/model_record.json")


def test_the_example_validates_against_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "harness" / "schema" / "run_record.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    rec = model_record_example.build()
    assert not list(validator.iter_errors(rec))
    rec["models"][0]["phases"][0]["fuselab_ms"] = ["fast"]
    assert list(validator.iter_errors(rec))


def test_without_a_gpu_the_bench_says_so_and_writes_nothing(tmp_path):
    import torch

    if torch.cuda.is_available():
        pytest.skip("a CUDA device is present: the bench would run")
    done = subprocess.run([sys.executable, str(REPO / "harness" / "models" / "model_bench.py"), "--records-dir",
                           str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stdout + done.stderr
    assert "no CUDA device" in done.stdout and not list(tmp_path.iterdir())
