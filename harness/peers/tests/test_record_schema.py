"""harness/schema/run_record.schema.json is the one declaration of a stored run record: the committed records of both
writers (the C++ bench and the PyTorch peers), a peer record written now, and a C++ record written now all validate
against it, and a record that breaks it is refused."""
import gzip
import json
import os
import subprocess

import jsonschema
import pytest
import record_example
from conftest import REPO

from peerlib import record

VALIDATOR = jsonschema.Draft202012Validator(json.loads(record.SCHEMA_FILE.read_text()))


def stored(path):
    return json.loads(gzip.decompress(path.read_bytes()))


def test_every_committed_record_of_both_writers_validates():
    paths = sorted((REPO / "reports" / "runs").glob("*.json.gz"))
    backends = set()
    for path in paths:
        rec = stored(path)
        errors = sorted(VALIDATOR.iter_errors(rec), key=lambda e: list(e.path))
        assert not errors, f"{path.name}: {errors[0].json_path}: {errors[0].message[:200]}"
        backends.add(rec.get("backend"))
    assert {"cuda", "torch"} <= backends, f"records of both writers expected, got {backends}"
    assert not list((REPO / "reports" / "runs").glob("*.json")), "a schema 1 record is left: fuselab convert-records"


def test_a_peer_record_written_now_validates_and_reads_back(tmp_path):
    rec = record_example.build()
    path = record.write_record(tmp_path, rec, REPO)
    assert path.name == f"{rec['run_id']}.json.gz"
    on_disk = stored(path)
    VALIDATOR.validate(on_disk)
    case = on_disk["experiments"][0]["cases"][0]
    assert "achieved" not in case and "stats" not in case["timing"]["cold"] and case["recheck"] == "same"
    assert case["timing"]["cold"]["samples"] == rec["experiments"][0]["cases"][0]["timing"]["cold"]["samples"]


@pytest.mark.skipif(not os.environ.get("FUSELAB_BIN"), reason="FUSELAB_BIN (the built fuselab) is not set")
def test_a_cpp_record_written_now_validates(tmp_path):
    subprocess.run([os.environ["FUSELAB_BIN"], "--records-dir", str(tmp_path / "runs"), "--log", str(tmp_path / "LOG.md"),
                    "run", "rope_standalone/v900_cpu_reference", "--case", "fx_*", "--quick"], check=True,
                   capture_output=True)
    (path,) = (tmp_path / "runs").glob("*.json.gz")
    VALIDATOR.validate(stored(path))


def test_a_record_that_breaks_the_schema_is_refused():
    rec = record.stored_form(record_example.build(), REPO)
    rec["gbench_file"] = "x.gbench.json"
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate(rec)
    rec = record.stored_form(record_example.build(), REPO)
    rec["experiments"][0]["cases"][0]["reference"]["file"] = "/work/main/reference_data/x.h5"
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate(rec)
