"""PyTorch's own float32 answer: the embedding in float32 torch ops, then
F.scaled_dot_product_attention where the installed torch has it (with the
scale argument, torch >= 2.1), else the explicit float32 formula."""
import torch
import torch.nn.functional as F

from . import norm, pe


def _has_sdpa():
    major, minor = (int(part) for part in torch.__version__.split(".")[:2])
    return hasattr(F, "scaled_dot_product_attention") and (major, minor) >= (2, 1)


ATTENTION_METHOD = "sdpa" if _has_sdpa() else "explicit"
ROPE_METHOD = "explicit"
QK_NORM_ROPE_METHOD = "explicit"


def attention(q, k, v, q_angle, k_angle, visible, case, device):
    """float32 [n, D] for one head; arguments as reference.attention."""
    q32, k32, v32 = (torch.from_numpy(t).to(device) for t in (q, k, v))
    q32 = pe.apply(q32, q_angle, case.pe)
    k32 = k32 if k_angle is None else pe.apply(k32, k_angle, case.pe)  # None: k comes rotated
    mask = None if visible is None else visible.to(device)
    if ATTENTION_METHOD == "sdpa":
        out = F.scaled_dot_product_attention(
            q32[None, None], k32[None, None], v32[None, None], attn_mask=mask, scale=case.scale
        )[0, 0]
    else:
        scores = (q32 @ k32.T) * case.scale
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v32
    return out.cpu().numpy()


def rope(x, angle, case, device):
    """float32 [n, D]: x rotated in float32 torch ops."""
    return pe.apply(torch.from_numpy(x).to(device), angle, case.pe).cpu().numpy()


def qk_norm_rope(x, w, angle, case, device):
    """float32 [n, D]: the RMSNorm and the rotation in float32 torch ops."""
    x32, w32 = (torch.from_numpy(t).to(device) for t in (x, w))
    return pe.apply(norm.rms_norm(x32, w32, case.eps), angle, case.pe).cpu().numpy()
