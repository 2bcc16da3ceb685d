"""The peer ops reproduce the float64 references of the committed fixtures on the CPU within 5e-5."""
import numpy as np
import pytest
import torch
from conftest import cpu_sdpa, fixture_cases, fixture_reference, peer_rows
from refgen import pe as refgen_pe

from peerlib import check, ops

FIXTURES = fixture_cases()


def make_peer(case, ref, sdpa=None):
    tensors = {name: torch.from_numpy(array) for name, array in ref.inputs.items()}
    if case.op == "rope":
        return ops.rope_peer(case, tensors["x"], ref.inv_freq)
    if case.op == "qk_norm_rope":
        return ops.qk_norm_rope_peer(case, *(tensors[n] for n in ("q", "k", "wq", "wk", "positions")), ref.inv_freq)
    if case.op == "decode":
        return ops.decode_peer(case, tensors["q"], tensors["k"], tensors["v"], ref.inv_freq, sdpa or cpu_sdpa())
    return ops.attention_peer(case, tensors["q"], tensors["k"], tensors["v"], ref.inv_freq, sdpa or cpu_sdpa())


def test_every_family_has_fixtures():
    assert {case.family for case in FIXTURES} == {"attention", "sinusoidal", "rope", "rope_standalone", "qk_norm_rope",
                                                  "decode"}
    assert any(case.causal and case.q_offset != case.k_offset for case in FIXTURES)  # the explicit mask
    assert any(case.Hq != case.Hkv for case in FIXTURES)  # GQA
    assert any(case.sampled for case in FIXTURES)  # inputs regenerated, rows compared


@pytest.mark.parametrize("case", FIXTURES, ids=lambda c: c.id)
def test_peer_matches_the_reference(case):
    ref = fixture_reference(case)
    peer = make_peer(case, ref)
    report = check.compare_output(peer_rows(peer, case, ref), case, ref.out, ref.rows, ref.torch_fp32_max_abs_err)
    assert report["pass"], report
    assert report["checked"] == len(ref.rows) * case.D
    assert report["max_abs_err"] <= 5e-5


@pytest.mark.parametrize("case", [c for c in FIXTURES if c.pe.startswith("rope")], ids=lambda c: c.id)
def test_the_other_pairing_fails_the_check(case):
    """The check tells the two pairings apart: a rope fixture with the other rotation misses 5e-5."""
    ref = fixture_reference(case)
    other = "rope_interleaved" if case.pe == "rope_neox" else "rope_neox"
    swapped = case.__class__(**{**case.__dict__, "pe": other})
    peer = make_peer(swapped, ref)
    report = check.compare_output(peer_rows(peer, case, ref), case, ref.out, ref.rows, ref.torch_fp32_max_abs_err)
    assert not report["pass"]


def test_causal_offsets_need_the_mask():
    """Without the mask (SDPA's top-left causal) the offset fixture fails: the mask is what makes it pass."""
    case = next(c for c in FIXTURES if c.causal and c.q_offset != c.k_offset and c.family == "attention")
    ref = fixture_reference(case)
    shifted = case.__class__(**{**case.__dict__, "q_offset": case.k_offset})
    peer = make_peer(shifted, ref)
    report = check.compare_output(peer_rows(peer, case, ref), case, ref.out, ref.rows, ref.torch_fp32_max_abs_err)
    assert not report["pass"]


@pytest.mark.parametrize("kind", ["rope_neox", "rope_interleaved", "sinusoidal"])
def test_ops_agree_with_refgen_pe_in_float64(kind):
    """Same formulas as refgen.pe.apply (the reference's), up to float64 rounding, at long positions."""
    D, positions = 64, np.arange(32700, 32768)
    inv = (1.0 / 10000.0 ** (np.arange(0, D, 2) / D)).astype(np.float32)
    x = torch.randn(len(positions), D, dtype=torch.float64, generator=torch.Generator().manual_seed(5))
    want = refgen_pe.apply(x, refgen_pe.angles(positions, inv), kind)
    angle = refgen_pe.angles(positions, inv).to(torch.float64)
    if kind == "sinusoidal":
        table = torch.stack((torch.sin(angle), torch.cos(angle)), dim=-1).reshape(len(positions), D)
        got = x + table
        assert torch.equal(ops.pe_tables(kind, positions, inv, "cpu")[0],
                           torch.stack((torch.sin(angle.float()), torch.cos(angle.float())), -1).reshape(-1, D))
    else:
        got = ops.ROTATIONS[kind](x, torch.cos(angle), torch.sin(angle))
    assert torch.allclose(got, want, rtol=0, atol=1e-12)


def test_tables_use_the_float32_angle():
    """angle = fp32(fp32(pos) * inv_freq): at positions near 32768 the float64 angle would be off by over 5e-5."""
    D, positions = 128, np.arange(32700, 32768)
    inv = (1.0 / 10000.0 ** (np.arange(0, D, 2) / D)).astype(np.float32)
    cos, sin = ops.pe_tables("rope_neox", positions, inv, "cpu")
    angle32 = (positions.astype(np.float32)[:, None] * inv[None, :]).astype(np.float64)
    assert np.max(np.abs(cos.numpy() - np.cos(angle32))) < 1e-6
    assert np.max(np.abs(sin.numpy() - np.sin(angle32))) < 1e-6
    angle64 = positions[:, None] * inv.astype(np.float64)[None, :]
    assert np.max(np.abs(cos.numpy() - np.cos(angle64))) > 5e-5
