"""What a PyTorch user runs instead of our kernels (DESIGN.md §3 and §8).

The positional embedding is applied by separate PyTorch ops, then
F.scaled_dot_product_attention runs in float32. Like a model's buffers, the
PE tables (sinusoidal table; RoPE cos and sin) are built once per case, outside
the timed region, from refgen's float32 angles: angle = fp32(fp32(pos) *
inv_freq[i]), one rounding (refgen.pe.angles). The timed op adds the table or
rotates Q and K, repeats K and V for GQA, and calls SDPA.

Every function here is plain PyTorch and runs on the CPU, so the tests check
the math against the committed fixtures.
"""
import numpy as np
import torch

from refgen import pe as refgen_pe

ROPE_KINDS = ("rope_neox", "rope_interleaved")


def rotate_neox(x, cos, sin):
    """Pairs (i, i + D/2): x'[i] = x[i] cos - x[i+D/2] sin, x'[i+D/2] = x[i+D/2] cos + x[i] sin."""
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    return torch.cat((x1 * cos - x2 * sin, x2 * cos + x1 * sin), dim=-1)


def rotate_interleaved(x, cos, sin):
    """Pairs (2i, 2i+1): x'[2i] = x[2i] cos - x[2i+1] sin, x'[2i+1] = x[2i] sin + x[2i+1] cos."""
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


ROTATIONS = {"rope_neox": rotate_neox, "rope_interleaved": rotate_interleaved}


def pe_tables(kind, positions, inv, device):
    """The tables the timed op reads, float32 on device.

    sinusoidal: (table [P, D],) with table[p, 2i] = sin, table[p, 2i+1] = cos;
    rope_*: (cos [P, D/2], sin [P, D/2]); none: ().
    """
    if kind == "none":
        return ()
    angle = refgen_pe.angles(positions, inv).to(device)
    sin, cos = torch.sin(angle), torch.cos(angle)
    if kind == "sinusoidal":
        return (torch.stack((sin, cos), dim=-1).reshape(angle.shape[0], -1).contiguous(),)
    if kind in ROPE_KINDS:
        return (cos.contiguous(), sin.contiguous())
    raise ValueError(f"unknown positional embedding {kind!r}")


def repeat_kv(x, group):
    """[B, Hkv, S, D] -> [B, Hkv * group, S, D], kv head h // group for query head h (expand + reshape, as
    Hugging Face's repeat_kv; repeat_interleave would be the same values, and can synchronise the host)."""
    b, h, s, d = x.shape
    return x[:, :, None].expand(b, h, group, s, d).reshape(b, h * group, s, d)


class Peer:
    """fn(*args) is the op a user would run; args are device tensors (inputs, then tables, then mask)."""

    def __init__(self, fn, args, description):
        self.fn, self.args, self.description = fn, tuple(args), description

    def __call__(self):
        return self.fn(*self.args)


def attention_peer(case, q, k, v, inv, sdpa):
    """PE by separate ops, then sdpa (F.scaled_dot_product_attention) on [B, H, S, D] float32 tensors."""
    device = q.device
    q_pos = case.q_offset + np.arange(case.Sq, dtype=np.int64)
    k_pos = case.k_offset + np.arange(case.Sk, dtype=np.int64)
    pe_kind, scale, group = case.pe, case.scale, case.Hq // case.Hkv
    tables = pe_tables(pe_kind, q_pos, inv, device) + pe_tables(pe_kind, k_pos, inv, device)
    # Causal with equal offsets is SDPA's own top-left causal mask; otherwise an explicit boolean mask.
    is_causal = case.causal and case.q_offset == case.k_offset
    masks = ()
    if case.causal and not is_causal:
        masks = (torch.from_numpy(k_pos[None, :] <= q_pos[:, None]).to(device),)
    rotate = ROTATIONS.get(pe_kind)
    n_tables = len(tables)

    def peer(q, k, v, *rest):
        if pe_kind == "sinusoidal":
            q = q + rest[0]
            k = k + rest[1]
        elif rotate is not None:
            q = rotate(q, rest[0], rest[1])
            k = rotate(k, rest[2], rest[3])
        if group > 1:
            k, v = repeat_kv(k, group), repeat_kv(v, group)
        mask = rest[n_tables] if len(rest) > n_tables else None
        return sdpa(q, k, v, attn_mask=mask, is_causal=is_causal, scale=scale)

    what = {"none": "", "sinusoidal": "sinusoidal table added to Q and K, ",
            "rope_neox": "neox rotation of Q and K, ", "rope_interleaved": "interleaved rotation of Q and K, "}
    extra = (f"K/V repeated x{group}, " if group > 1 else "") + (
        "causal mask, " if masks else "is_causal, " if is_causal else "")
    return Peer(peer, (q, k, v) + tables + masks, f"{what[pe_kind]}{extra}F.scaled_dot_product_attention")


def decode_peer(case, q, k, v, inv, sdpa):
    """Op decode: q [B, Hq, Sq, D] rotated at its positions Skv - Sq + i by separate ops (the key cache k comes
    rotated, as a serving engine writes it), K/V repeated for GQA, then sdpa with the causal tail as a boolean
    mask (SDPA's is_causal aligns to the top left; one query sees every key and needs none)."""
    device = q.device
    q_pos = case.Skv - case.Sq + np.arange(case.Sq, dtype=np.int64)
    k_pos = np.arange(case.Skv, dtype=np.int64)
    scale, group = case.scale, case.Hq // case.Hkv
    tables = pe_tables(case.pe, q_pos, inv, device)
    masks = (torch.from_numpy(k_pos[None, :] <= q_pos[:, None]).to(device),) if case.Sq > 1 else ()
    rotate = ROTATIONS.get(case.pe)

    def peer(q, k, v, *rest):
        if rotate is not None:
            q = rotate(q, rest[0], rest[1])
        if group > 1:
            k, v = repeat_kv(k, group), repeat_kv(v, group)
        mask = rest[len(tables)] if masks else None
        return sdpa(q, k, v, attn_mask=mask, scale=scale)

    what = f"{case.pe.split('_')[1]} rotation of Q, " if rotate is not None else ""
    extra = (f"K/V repeated x{group}, " if group > 1 else "") + ("causal tail mask, " if masks else "")
    return Peer(peer, (q, k, v) + tables + masks, f"{what}{extra}F.scaled_dot_product_attention")


def rope_peer(case, x, inv):
    """The rotation alone on x [N, S, D]; cos and sin [S, D/2] broadcast over N."""
    positions = case.offset + np.arange(case.S, dtype=np.int64)
    cos, sin = pe_tables(case.pe, positions, inv, x.device)
    rotate = ROTATIONS[case.pe]

    def peer(x, cos, sin):
        return rotate(x, cos, sin)

    return Peer(peer, (x, cos, sin), f"{case.pe.split('_')[1]} rotation by separate PyTorch ops")


def rms_norm(x, w, eps):
    """RMSNorm over the last dimension: F.rms_norm where torch has it (>= 2.4), else by hand in the same dtype."""
    fused = getattr(torch.nn.functional, "rms_norm", None)
    if fused is not None:
        return fused(x, (x.shape[-1],), w, eps)
    return x * torch.rsqrt((x * x).mean(dim=-1, keepdim=True) + eps) * w


def qk_norm_rope_peer(case, q, k, wq, wk, positions, inv):
    """q [T, Hq, D] and k [T, Hkv, D] RMS-normalised, then rotated with cos and sin gathered by position from a
    cache built once per case over [0, max_position] (a serving engine's cos/sin cache); q' and k' joined into
    the op's one output [T, Hq + Hkv, D]."""
    cos_cache, sin_cache = pe_tables(case.pe, np.arange(case.max_position + 1, dtype=np.int64), inv, q.device)
    rotate, eps = ROTATIONS[case.pe], case.eps

    def peer(q, k, wq, wk, positions, cos_cache, sin_cache):
        cos, sin = cos_cache[positions][:, None, :], sin_cache[positions][:, None, :]
        q = rotate(rms_norm(q, wq, eps), cos, sin)
        k = rotate(rms_norm(k, wk, eps), cos, sin)
        return torch.cat((q, k), dim=1)

    return Peer(peer, (q, k, wq, wk, positions, cos_cache, sin_cache),
                f"RMSNorm of Q and K heads, {case.pe.split('_')[1]} rotation by cos/sin gathered by position, "
                "q' and k' concatenated, by separate PyTorch ops")
