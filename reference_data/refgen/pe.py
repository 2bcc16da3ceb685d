"""Positional embeddings (DESIGN.md section 3), in torch, in the dtype of the tensor they act on.

The angle is always the float32 product fp32(pos) * inv_freq[i] (one rounding);
its sin and cos are evaluated in the dtype of x: float64 for the reference,
float32 for PyTorch's own answer.
"""
import numpy as np
import torch


def angles(positions, inv):
    """float32 [P, D/2]: fp32(pos) * inv_freq, each product rounded once (numpy float32 multiply)."""
    pos = np.asarray(positions, dtype=np.int64).astype(np.float32)
    return torch.from_numpy(pos[:, None] * inv[None, :])


def apply(x, angle, kind):
    """x [P, D] with the embedding of kind at the positions whose angles are angle [P, D/2]."""
    if kind == "none":
        return x
    angle = angle.to(device=x.device, dtype=x.dtype)
    sin, cos = torch.sin(angle), torch.cos(angle)
    out = torch.empty_like(x)
    if kind == "sinusoidal":
        out[:, 0::2] = x[:, 0::2] + sin
        out[:, 1::2] = x[:, 1::2] + cos
    elif kind == "rope_interleaved":
        even, odd = x[:, 0::2], x[:, 1::2]
        out[:, 0::2] = even * cos - odd * sin
        out[:, 1::2] = even * sin + odd * cos
    elif kind == "rope_neox":
        half = x.shape[1] // 2
        first, second = x[:, :half], x[:, half:]
        out[:, :half] = first * cos - second * sin
        out[:, half:] = second * cos + first * sin
    else:
        raise ValueError(f"unknown positional embedding {kind!r}")
    return out
