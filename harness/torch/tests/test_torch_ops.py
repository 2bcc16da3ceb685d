"""torch.ops.fuselab.* (harness/torch/fuselab_torch_ops.cpp, python/fuselab/torch.py) on a GPU against float64
references built from refgen's math (the generator's own: fp32 angles, then sin/cos and everything else in
float64), torch.compile(fullgraph=True), each bad input's one message, and the refusal of gradients.
Every test is skipped, with the reason, where there is no CUDA device or the ops are not built."""
import numpy as np
import pytest
import torch

import fuselab.torch as ft
from refgen import inputs as refgen_inputs
from refgen import norm as refgen_norm
from refgen import pe as refgen_pe

TOLERANCE = 5e-5  # the bench's bound on every element (docs/checking.md)
_ok, _why = ft.available()
if not torch.cuda.is_available():
    _ok, _why = False, f"no CUDA device (torch {torch.__version__}, CUDA {torch.version.cuda})"
pytestmark = pytest.mark.skipif(not _ok, reason=f"fuselab.torch tests skipped: {_why}")

PE_KIND = {"none": "none", "sinusoidal": "sinusoidal", "neox": "rope_neox", "interleaved": "rope_interleaved"}


def randn(*shape, seed=0, scale=1.0):
    g = torch.Generator(device="cpu").manual_seed(seed)
    return (torch.randn(*shape, generator=g, dtype=torch.float32) * scale).cuda()


def embed(x, positions, pe, base):
    """x [..., P, D] float64 with the PE at positions (refgen.pe: fp32 angles, the rest in float64)."""
    if pe == "none":
        return x
    angle = refgen_pe.angles(positions, refgen_inputs.inv_freq(base, x.shape[-1]))
    flat = x.reshape(-1, x.shape[-2], x.shape[-1])
    return torch.stack([refgen_pe.apply(row, angle, PE_KIND[pe]) for row in flat]).reshape(x.shape)


def attention_reference(q, k, v, causal, pe, q_offset, k_offset, base=10000.0):
    q, k, v = (t.double().cpu() for t in (q, k, v))
    q_pos = q_offset + np.arange(q.shape[2])
    k_pos = k_offset + np.arange(k.shape[2])
    q, k = embed(q, q_pos, pe, base), embed(k, k_pos, pe, base)
    group = q.shape[1] // k.shape[1]
    k, v = k.repeat_interleave(group, dim=1), v.repeat_interleave(group, dim=1)
    scores = q @ k.transpose(-2, -1) / np.sqrt(q.shape[-1])
    if causal:
        visible = torch.from_numpy(k_pos[None, :] <= q_pos[:, None])
        scores = scores.masked_fill(~visible, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v


def max_error(got, want):
    return (got.double().cpu() - want).abs().max().item()


# (B, Hq, Hkv, Sq, Sk, D, pe, causal, q_offset): the library's GPU test shapes, and a model's (harness/models):
# a prefill, a chunk of 16 queries after 284 cached keys (bottom-right causal: q_offset = Sk - Sq), and a decode
# step (one query over the cache sees every key: the non-causal call model_bench makes).
ATTENTION = [
    (1, 4, 4, 64, 64, 128, "none", False, 0),
    (1, 4, 4, 64, 64, 512, "sinusoidal", False, 0),
    (2, 8, 2, 100, 100, 128, "neox", True, 0),
    (1, 4, 4, 16, 100, 64, "interleaved", True, 84),
    (1, 16, 8, 256, 256, 128, "none", True, 0),
    (1, 16, 8, 16, 300, 128, "none", True, 284),
    (2, 16, 8, 1, 300, 128, "none", False, 0),
]


@pytest.mark.parametrize("shape", ATTENTION, ids=lambda s: "b{}_h{}kv{}_s{}k{}_d{}_{}{}_qoff{}".format(
    *s[:7], "_causal" if s[7] else "", s[8]))
def test_attention_against_float64(shape):
    B, Hq, Hkv, Sq, Sk, D, pe, causal, q_offset = shape
    q, k, v = randn(B, Hq, Sq, D, seed=1), randn(B, Hkv, Sk, D, seed=2), randn(B, Hkv, Sk, D, seed=3)
    out = ft.attention(q, k, v, causal=causal, pe=pe, q_offset=q_offset)
    torch.cuda.synchronize()
    assert out.shape == q.shape and out.dtype == torch.float32 and out.is_cuda
    assert max_error(out, attention_reference(q, k, v, causal, pe, q_offset, 0)) <= TOLERANCE


def test_attention_runs_on_the_current_stream():
    q, k, v = randn(1, 4, 64, 128, seed=1), randn(1, 4, 64, 128, seed=2), randn(1, 4, 64, 128, seed=3)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        out = ft.attention(q, k, v)
    stream.synchronize()
    assert max_error(out, attention_reference(q, k, v, False, "none", 0, 0)) <= TOLERANCE


@pytest.mark.parametrize("shape,offset,pe", [((4, 1024, 128), 31744, "neox"), ((8, 512, 128), 0, "interleaved"),
                                             ((2, 3, 17, 64), 5, "interleaved")])
def test_rope_against_float64(shape, offset, pe):
    x = randn(*shape, seed=4)
    out = ft.rope(x, offset=offset, pe=pe)
    torch.cuda.synchronize()
    want = embed(x.double().cpu(), offset + np.arange(shape[-2]), pe, 10000.0)
    assert out.shape == x.shape and max_error(out, want) <= TOLERANCE


def qk_norm_rope_reference(q, k, wq, wk, positions, eps, base):
    angle = refgen_pe.angles(positions.cpu().numpy(), refgen_inputs.inv_freq(base, q.shape[-1]))

    def one(x, w):
        x = refgen_norm.rms_norm(x.double().cpu(), w.double().cpu(), eps)  # [T, H, D]
        return torch.stack([refgen_pe.apply(x[:, h], angle, "rope_neox") for h in range(x.shape[1])], dim=1)

    return torch.cat((one(q, wq), one(k, wk)), dim=1)


@pytest.mark.parametrize("T,Hq,Hkv,D,base,given_max", [(37, 8, 2, 128, 10000.0, False), (512, 16, 4, 128, 1e6, True)])
def test_qk_norm_rope_against_float64(T, Hq, Hkv, D, base, given_max):
    q, k = randn(T, Hq, D, seed=5), randn(T, Hkv, D, seed=6)
    wq, wk = 1 + 0.1 * randn(D, seed=7), 1 + 0.1 * randn(D, seed=8)
    positions = torch.randint(0, 4096, (T,), generator=torch.Generator().manual_seed(9)).cuda()
    max_position = int(positions.max()) if given_max else None
    q2, k2 = ft.qk_norm_rope(q, k, wq, wk, positions, eps=1e-6, base=base, max_position=max_position)
    torch.cuda.synchronize()
    want = qk_norm_rope_reference(q, k, wq, wk, positions, 1e-6, base)
    assert q2.shape == q.shape and k2.shape == k.shape
    assert max_error(torch.cat((q2, k2), dim=1), want) <= TOLERANCE


def test_torch_compile_fullgraph_traces_the_ops():
    torch._dynamo.reset()
    T, Hq, Hkv, D = 64, 8, 2, 128
    q, k, v = randn(T, Hq, D, seed=10), randn(T, Hkv, D, seed=11), randn(1, Hkv, T, D, seed=12)
    wq, wk = randn(D, seed=13), randn(D, seed=14)
    positions = torch.arange(T, device="cuda")

    def block(q, k, v, wq, wk, positions):
        q2, k2 = ft.qk_norm_rope(q, k, wq, wk, positions, max_position=T - 1)
        qh = q2.transpose(0, 1).unsqueeze(0).contiguous()
        kh = k2.transpose(0, 1).unsqueeze(0).contiguous()
        out = ft.attention(qh, kh, v, causal=True)
        return ft.rope(out, offset=3) * 2.0

    compiled = torch.compile(block, fullgraph=True)
    got, want = compiled(q, k, v, wq, wk, positions), block(q, k, v, wq, wk, positions)
    torch.cuda.synchronize()
    assert torch.equal(got, want)


def good_attention():
    return randn(1, 8, 16, 64, seed=1), randn(1, 2, 16, 64, seed=2), randn(1, 2, 16, 64, seed=3)


# Each bad input through the public API: one exception, its message naming the argument and the fix.
BAD = {
    "dtype": (lambda q, k, v: (q.double(), k, v), TypeError, "q is Double"),
    "device": (lambda q, k, v: (q, k.cpu(), v), ValueError, "k is on cpu"),
    "all_on_cpu": (lambda q, k, v: (q.cpu(), k.cpu(), v.cpu()), ValueError, "not a CUDA device"),
    "non_contiguous": (lambda q, k, v: (q.transpose(2, 3), k, v), ValueError, "q is not contiguous"),
    "batch_disagrees": (lambda q, k, v: (q, k.expand(2, -1, -1, -1).contiguous(), v), ValueError, "k.size(0)"),
    "v_disagrees": (lambda q, k, v: (q, k, v[:, :, :8].contiguous()), ValueError, "v has sizes"),
    "head_dim_disagrees": (lambda q, k, v: (q, k[..., :32].contiguous(), v[..., :32].contiguous()), ValueError,
                           "k.size(3)"),
    "heads_do_not_divide": (lambda q, k, v: (q[:, :6].contiguous(), torch.cat((k, k[:, :2]), 1), torch.cat(
        (v, v[:, :2]), 1)), ValueError, "not a multiple"),
    "rank": (lambda q, k, v: (q[0], k, v), ValueError, "dimensions"),
}


@pytest.mark.parametrize("what", sorted(BAD))
def test_bad_attention_input_is_one_clear_error(what):
    change, error, words = BAD[what]
    with pytest.raises(error) as caught:
        ft.attention(*change(*good_attention()))
    message = str(caught.value)
    assert words in message and "Fix:" in message, message


def test_bad_qk_norm_rope_inputs():
    q, k, wq, wk = randn(8, 4, 64, seed=1), randn(8, 2, 64, seed=2), randn(64, seed=3), randn(64, seed=4)
    positions = torch.arange(8, device="cuda")
    for args, words in [((q, k, wq, wk, positions.int()), "positions is Int"),
                        ((q, k[:4].contiguous(), wq, wk, positions), "k.size(0)"),
                        ((q, k, wq[:32].contiguous(), wk, positions), "wq.size(0)"),
                        ((q, k, wq, wk, positions[:4].contiguous()), "positions.size(0)")]:
        with pytest.raises((TypeError, ValueError)) as caught:
            ft.qk_norm_rope(*args)
        assert words in str(caught.value) and "Fix:" in str(caught.value), str(caught.value)


def test_library_checks_are_value_errors():
    q, k, v = good_attention()
    with pytest.raises(ValueError, match="pe='rotary'"):
        ft.attention(q, k, v, pe="rotary")
    with pytest.raises(ValueError, match="k_offset"):  # causal with the keys ahead of the queries
        ft.attention(q, k, v, causal=True, q_offset=0, k_offset=5)


def test_a_gradient_is_refused_at_the_call():
    q, k, v = good_attention()
    q.requires_grad_(True)
    with pytest.raises(RuntimeError, match="forward only"):
        ft.attention(q, k, v)
    with torch.no_grad():
        ft.attention(q, k, v)  # no gradient asked: runs
    with pytest.raises(RuntimeError, match="forward only"):
        ft.rope(randn(2, 16, 64, seed=5).requires_grad_(True))
