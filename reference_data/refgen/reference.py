"""The float64 reference (DESIGN.md section 3): float32 inputs, float32 angles, all else float64."""
import torch

from . import norm, pe


def attention(q, k, v, q_angle, k_angle, visible, case, device):
    """float64 [n, D] for one head: q [n, D], k and v [Sk, D] (float32 numpy); visible [n, Sk] or None;
    k_angle None: the keys are taken as given (op decode's rotated cache)."""
    q64, k64, v64 = (torch.from_numpy(t).to(device=device, dtype=torch.float64) for t in (q, k, v))
    q64 = pe.apply(q64, q_angle, case.pe)
    k64 = k64 if k_angle is None else pe.apply(k64, k_angle, case.pe)  # None: k comes rotated
    scores = (q64 @ k64.T) * case.scale
    if visible is not None:
        scores = scores.masked_fill(~visible.to(device), float("-inf"))
    return (torch.softmax(scores, dim=-1) @ v64).cpu().numpy()


def rope(x, angle, case, device):
    """float64 [n, D]: rows x [n, D] (float32 numpy) rotated by their angles [n, D/2]."""
    x64 = torch.from_numpy(x).to(device=device, dtype=torch.float64)
    return pe.apply(x64, angle, case.pe).cpu().numpy()


def qk_norm_rope(x, w, angle, case, device):
    """float64 [n, D]: head rows x [n, D] (float32 numpy) RMS-normalised with weights w [n, D], then rotated."""
    x64, w64 = (torch.from_numpy(t).to(device=device, dtype=torch.float64) for t in (x, w))
    return pe.apply(norm.rms_norm(x64, w64, case.eps), angle, case.pe).cpu().numpy()
