"""An independent float64 implementation of DESIGN.md section 3, element by element
in numpy and math, to check the generator's torch code against."""
import math

import numpy as np


def inv_freq(base, D):
    return np.array([np.float32(1.0 / base ** (2 * i / D)) for i in range(D // 2)], dtype=np.float32)


def embed(x, positions, kind, inv):
    """x [n, D] float64 rows at the given positions, with the embedding applied."""
    out = x.copy()
    half = x.shape[1] // 2
    for r, pos in enumerate(positions):
        for i in range(half):
            angle = float(np.float32(pos) * inv[i])  # one float32 rounding
            s, c = math.sin(angle), math.cos(angle)
            if kind == "sinusoidal":
                out[r, 2 * i] += s
                out[r, 2 * i + 1] += c
            elif kind == "rope_interleaved":
                a, b = x[r, 2 * i], x[r, 2 * i + 1]
                out[r, 2 * i], out[r, 2 * i + 1] = a * c - b * s, a * s + b * c
            elif kind == "rope_neox":
                a, b = x[r, i], x[r, i + half]
                out[r, i], out[r, i + half] = a * c - b * s, b * c + a * s
    return out


def attention(case, q, k, v):
    """float64 [B, Hq, Sq, D] from float32 q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D]."""
    inv = inv_freq(case.base, case.D)
    out = np.zeros(q.shape)
    q_pos = [case.q_offset + i for i in range(case.Sq)]
    k_pos = [case.k_offset + j for j in range(case.Sk)]
    for b in range(case.B):
        for h in range(case.Hq):
            kv = h // (case.Hq // case.Hkv)
            qe = embed(q[b, h].astype(np.float64), q_pos, case.pe, inv)
            ke = embed(k[b, kv].astype(np.float64), k_pos, case.pe, inv)
            scores = qe @ ke.T * case.scale
            for i in range(case.Sq):
                for j in range(case.Sk):
                    if case.causal and k_pos[j] > q_pos[i]:
                        scores[i, j] = -math.inf
            weights = np.exp(scores - scores.max(axis=1, keepdims=True))
            out[b, h] = (weights / weights.sum(axis=1, keepdims=True)) @ v[b, kv].astype(np.float64)
    return out


def decode(case, q, k, v):
    """float64 [B, Hq, Sq, D] from float32 q [B, Hq, Sq, D], k and v [B, Hkv, Skv, D]: q rotated at Skv - Sq + i,
    the key cache used as it is (already rotated), query i seeing keys 0 .. Skv - Sq + i."""
    inv = inv_freq(case.base, case.D)
    pos0 = case.Skv - case.Sq
    out = np.zeros(q.shape)
    for b in range(case.B):
        for h in range(case.Hq):
            kv = h // (case.Hq // case.Hkv)
            qe = embed(q[b, h].astype(np.float64), [pos0 + i for i in range(case.Sq)], case.pe, inv)
            for i in range(case.Sq):
                visible = pos0 + i + 1
                scores = k[b, kv, :visible].astype(np.float64) @ qe[i] * case.scale
                weights = np.exp(scores - scores.max())
                out[b, h, i] = weights @ v[b, kv, :visible].astype(np.float64) / weights.sum()
    return out


def rope(case, x):
    """float64 [N, S, D] from float32 x [N, S, D]."""
    inv = inv_freq(case.base, case.D)
    positions = [case.offset + s for s in range(case.S)]
    return np.stack([embed(x[n].astype(np.float64), positions, case.pe, inv) for n in range(case.N)])


def qk_norm_rope(case, q, k, wq, wk, positions):
    """float64 [T, Hq + Hkv, D] from float32 q [T, Hq, D], k [T, Hkv, D], wq and wk [D], int64 positions [T]:
    each head row x / sqrt(mean(x^2) + eps) * w, then rotated at its token's position."""
    inv = inv_freq(case.base, case.D)
    out = np.zeros((case.T, case.Hq + case.Hkv, case.D))
    for t in range(case.T):
        for h in range(case.Hq + case.Hkv):
            x, w = (q[t, h], wq) if h < case.Hq else (k[t, h - case.Hq], wk)
            x = x.astype(np.float64)
            normed = x / math.sqrt(float(np.mean(x * x)) + case.eps) * w.astype(np.float64)
            out[t, h] = embed(normed[None, :], [int(positions[t])], case.pe, inv)[0]
    return out
