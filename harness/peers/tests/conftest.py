"""Shared by the peers' tests: peerlib and refgen on sys.path, the fixtures, the explicit SDPA for old torch."""
import math
import sys
from pathlib import Path

import numpy as np
import torch

PEERS = Path(__file__).resolve().parents[1]
REPO = PEERS.parents[1]
sys.path[:0] = [str(PEERS), str(REPO / "reference_data")]

from peerlib.cases import InputCache, load_reference, verify_reference  # noqa: E402
from refgen import cases as refgen_cases  # noqa: E402


def fixture_cases():
    return [case for case in refgen_cases.load_all(REPO / "experiments") if case.fixture]


def fixture_reference(case):
    path, sha = verify_reference(case, REPO / "reference_data")
    return load_reference(case, path, sha, InputCache(2))


def explicit_sdpa(q, k, v, attn_mask=None, is_causal=False, scale=None):
    """F.scaled_dot_product_attention's float32 math, for a torch without it (Debian's 1.13 on the CPU)."""
    scores = (q @ k.transpose(-2, -1)) * (scale if scale is not None else 1.0 / math.sqrt(q.shape[-1]))
    if is_causal:
        attn_mask = torch.ones(q.shape[-2], k.shape[-2], dtype=torch.bool).tril()
    if attn_mask is not None:
        scores = scores.masked_fill(~attn_mask, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v


def cpu_sdpa():
    """torch's own SDPA where it takes scale= (torch >= 2.1), else the explicit formula."""
    major, minor = (int(part) for part in torch.__version__.split(".")[:2])
    sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
    return sdpa if sdpa is not None and (major, minor) >= (2, 1) else explicit_sdpa


def peer_rows(peer, case, ref):
    """The peer's output on the CPU, as the rows the reference holds."""
    out = peer().reshape(-1, case.D).numpy()
    assert out.shape == (case.out_rows, case.D)
    return out[ref.rows]


__all__ = ["REPO", "PEERS", "fixture_cases", "fixture_reference", "explicit_sdpa", "cpu_sdpa", "peer_rows", "np"]
