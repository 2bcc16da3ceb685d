"""fuselab.torch importable from python/, refgen (the float64 references' math) from reference_data/."""
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]  # noqa: F401 (tests import it)
sys.path[:0] = [str(REPO / "python"), str(REPO / "reference_data")]
