"""RMSNorm over the last dimension, in the dtype of x: x / sqrt(mean(x^2) + eps) * w."""
import torch


def rms_norm(x, w, eps):
    """x [n, D], w [n, D] or [D]: each row scaled by 1 / sqrt(mean of its squares + eps), then by w."""
    return x / torch.sqrt((x * x).mean(dim=-1, keepdim=True) + eps) * w
