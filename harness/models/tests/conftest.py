"""model_bench and peerlib importable (the bench puts python/ and harness/peers/ on sys.path itself)."""
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(REPO / "harness" / "models"), str(REPO / "harness" / "peers"), str(REPO / "harness" / "models" / "tests")]
