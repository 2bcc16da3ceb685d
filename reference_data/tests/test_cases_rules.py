"""The generator's cases.yaml parser follows the rules the bench's follows,
on the same files (harness/tests/data/cases_rules.yaml; the bench's side is
harness/tests/cases_rules_test.cpp)."""
import pytest
import yaml

from conftest import REPO
from refgen import cases
from refgen.errors import RefgenError

RULES = yaml.safe_load((REPO / "harness/tests/data/cases_rules.yaml").read_text())


@pytest.mark.parametrize("rule", RULES, ids=[f"{i}-{r['op']}" for i, r in enumerate(RULES)])
def test_same_verdict_as_the_bench(tmp_path, rule):
    path = tmp_path / "fam" / "cases.yaml"
    path.parent.mkdir()
    path.write_text(f"family: fam\nop: {rule['op']}\ncases:\n  - {rule['case']}\n")
    if rule["accept"]:
        cases.load_file(path)
    else:
        with pytest.raises(RefgenError) as err:
            cases.load_file(path)
        assert str(path) in str(err.value)
