"""One case's expected outputs and datasets, for full or sampled storage.

Outputs are computed row by row (a row = one query of one head, or one row of
x), so a sampled file costs only its rows: attention touches only the heads
that own a sampled row, and the standalone rotation only the sampled rows of x.
"""
from dataclasses import dataclass

import numpy as np
import torch

from . import pe, reference, torch_fp32


@dataclass
class Outputs:
    rows: np.ndarray  # int64 flattened output-row ids
    out: np.ndarray  # float64 [len(rows), D]
    out_torch_fp32: np.ndarray  # float32 [len(rows), D]
    torch_fp32_method: str

    @property
    def torch_fp32_max_abs_err(self):
        return float(np.max(np.abs(self.out_torch_fp32.astype(np.float64) - self.out)))


def sample_rows(total, count):
    """count row ids evenly spaced over [0, total), the first and the last included."""
    if count == 1:
        return np.zeros(1, dtype=np.int64)
    return np.arange(count, dtype=np.int64) * (total - 1) // (count - 1)


def output_rows(case):
    return sample_rows(case.out_rows, case.sample_rows) if case.sampled else np.arange(case.out_rows, dtype=np.int64)


def outputs(case, tensors, inv, device):
    rows = output_rows(case)
    if case.op == "rope":
        return _rope_outputs(case, tensors["x"], inv, rows, device)
    if case.op == "qk_norm_rope":
        return _qk_norm_rope_outputs(case, tensors, inv, rows, device)
    if case.op == "decode":
        # The last Sq tokens of the cache, causal; the key cache comes rotated (no angle for k).
        return _attention_outputs(case, tensors, inv, rows, device, case.Skv, case.Skv - case.Sq, 0, True, False)
    return _attention_outputs(case, tensors, inv, rows, device, case.Sk, case.q_offset, case.k_offset, case.causal)


def datasets(case, tensors, inv, result):
    """name -> array in writing order (docs/reference-format.md, Files)."""
    if case.sampled:
        data = {"rows": result.rows, "inv_freq": inv}
        shape = (len(result.rows), case.D)
    else:
        data = {name: tensor.array for name, tensor in tensors.items()}
        data["inv_freq"] = inv
        shape = case.out_shape
    data["out"] = result.out.reshape(shape)
    data["out_torch_fp32"] = result.out_torch_fp32.reshape(shape)
    return data


def _rope_outputs(case, x, inv, rows, device):
    x_rows = x.rows(rows)
    angle = pe.angles(case.offset + rows % case.S, inv)
    return Outputs(
        rows,
        reference.rope(x_rows, angle, case, device),
        torch_fp32.rope(x_rows, angle, case, device),
        torch_fp32.ROPE_METHOD,
    )


def _attention_outputs(case, tensors, inv, rows, device, keys, q_offset, k_offset, causal, rotate_keys=True):
    """Query rows against `keys` keys of their kv head; rotate_keys False: k taken as given (op decode)."""
    out = np.empty((len(rows), case.D), dtype=np.float64)
    out_torch = np.empty((len(rows), case.D), dtype=np.float32)
    group = case.Hq // case.Hkv
    key_pos = k_offset + np.arange(keys)
    k_angle = pe.angles(key_pos, inv) if rotate_keys else None
    heads, starts = np.unique(rows // case.Sq, return_index=True)
    for head, start, stop in zip(heads, starts, list(starts[1:]) + [len(rows)]):
        b, h = divmod(int(head), case.Hq)
        kv_rows = (b * case.Hkv + h // group) * keys + np.arange(keys)
        q = tensors["q"].rows(rows[start:stop])
        k, v = tensors["k"].rows(kv_rows), tensors["v"].rows(kv_rows)
        query_pos = q_offset + rows[start:stop] % case.Sq
        q_angle = pe.angles(query_pos, inv)
        visible = torch.from_numpy(key_pos[None, :] <= query_pos[:, None]) if causal else None
        args = (q, k, v, q_angle, k_angle, visible, case, device)
        out[start:stop] = reference.attention(*args)
        out_torch[start:stop] = torch_fp32.attention(*args)
    return Outputs(rows, out, out_torch, torch_fp32.ATTENTION_METHOD)


def _qk_norm_rope_outputs(case, tensors, inv, rows, device):
    """Output row r is head h = r % (Hq + Hkv) of token t = r // (Hq + Hkv): q's head h below Hq, else k's h - Hq."""
    token, head = rows // (case.Hq + case.Hkv), rows % (case.Hq + case.Hkv)
    is_q = head < case.Hq
    x = np.empty((len(rows), case.D), dtype=np.float32)
    x[is_q] = tensors["q"].rows(token[is_q] * case.Hq + head[is_q])
    x[~is_q] = tensors["k"].rows(token[~is_q] * case.Hkv + head[~is_q] - case.Hq)
    w = np.where(is_q[:, None], tensors["wq"].whole()[None, :], tensors["wk"].whole()[None, :])
    angle = pe.angles(tensors["positions"].whole()[token], inv)
    return Outputs(
        rows,
        reference.qk_norm_rope(x, w, angle, case, device),
        torch_fp32.qk_norm_rope(x, w, angle, case, device),
        torch_fp32.QK_NORM_ROPE_METHOD,
    )
