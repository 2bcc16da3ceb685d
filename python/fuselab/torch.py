"""fuselab's ops on PyTorch tensors: torch custom ops, forward only (docs/torch.md).

    import fuselab.torch as ft
    out = ft.attention(q, k, v, causal=True)            # q [B, Hq, Sq, D], k, v [B, Hkv, Sk, D]
    y = ft.rope(x, offset=0, pe="neox")                 # x [N, S, D] or [B, H, S, D]
    q2, k2 = ft.qk_norm_rope(q, k, wq, wk, positions)   # q [T, Hq, D], k [T, Hkv, D]

Each runs `fuselab_kernels` (include/fuselab/kernels.h) on the current stream
through torch.ops.fuselab.* (harness/torch/fuselab_torch_ops.cpp, loaded from
$FUSELAB_TORCH_OPS_LIBRARY, else the build folder of this checkout). Inputs are
float32, CUDA, contiguous; nothing is converted or copied: a bad input is one
error naming the argument and the fix. Fake implementations let
torch.compile(fullgraph=True) trace the ops without a graph break. An input
that requires a gradient is refused at the call (the ops are forward only).
"""
import os
from pathlib import Path

import torch

LIBRARY_ENV = "FUSELAB_TORCH_OPS_LIBRARY"
LIBRARY_NAME = "libfuselab_torch_ops.so"
_ROOT = Path(__file__).resolve().parents[2]


class NotBuilt(RuntimeError):
    """The ops' library is not built or cannot be loaded; the message says why and the fix."""


def library_path():
    """$FUSELAB_TORCH_OPS_LIBRARY, else build/harness/torch/ of this checkout (BUILD_DIR where set)."""
    if os.environ.get(LIBRARY_ENV):
        return Path(os.environ[LIBRARY_ENV])
    return _ROOT / os.environ.get("BUILD_DIR", "build") / "harness" / "torch" / LIBRARY_NAME


_load_error = None


def _load():
    global _load_error
    if hasattr(torch.ops, "fuselab") and hasattr(torch.ops.fuselab, "attention"):
        return
    path = library_path()
    if not path.is_file():
        _load_error = (f"{path} does not exist. Fix: build it (scripts/build.sh, with a python whose torch has CUDA; "
                       f"CMake says why it skipped fuselab_torch_ops otherwise) or set {LIBRARY_ENV}")
        return
    try:
        torch.ops.load_library(str(path))
    except OSError as err:
        _load_error = f"cannot load {path}: {err}. Fix: rebuild it against this torch ({torch.__version__})"


_load()


def available():
    """(True, "") when the ops are loaded, else (False, the reason)."""
    return (_load_error is None, _load_error or "")


def _require():
    if _load_error is not None:
        raise NotBuilt(f"fuselab.torch: {_load_error}")


def _register_fakes():
    """Shapes and dtypes for FakeTensor / meta tracing (torch.compile): no data is touched."""
    register = getattr(torch.library, "register_fake", None) or getattr(torch.library, "impl_abstract", None)
    if register is None:
        return  # torch < 2.2: eager only

    @register("fuselab::attention")
    def _(q, k, v, causal=False, scale=None, pe="none", q_offset=0, k_offset=0, base=10000.0):
        return torch.empty_like(q)

    @register("fuselab::rope")
    def _(x, offset=0, pe="neox", base=10000.0):
        return torch.empty_like(x)

    @register("fuselab::qk_norm_rope")
    def _(q, k, wq, wk, positions, eps=1e-6, pe="neox", base=10000.0, max_position=None):
        return q.new_empty((q.shape[0], q.shape[1] + k.shape[1], q.shape[2]))


if _load_error is None:
    _register_fakes()


def attention(q, k, v, *, causal=False, scale=None, pe="none", q_offset=0, k_offset=0, base=10000.0):
    """softmax(scale · PE(q) · PE(k)ᵀ [+ causal mask]) · v: q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D] -> [B, Hq, Sq, D].

    Query row i sits at position q_offset + i, key row j at k_offset + j; causal: a key is visible when its
    position <= the query's (a decode step of one query over L cached keys: q_offset = L - 1). pe: "none",
    "sinusoidal", "neox" or "interleaved" (applied to q and k inside). scale None: 1/sqrt(D).
    """
    _require()
    return torch.ops.fuselab.attention(q, k, v, causal, scale, pe, q_offset, k_offset, base)


def rope(x, *, offset=0, pe="neox", base=10000.0):
    """x [N, S, D] or [B, H, S, D] rotated, row s at position offset + s (pe "neox" or "interleaved")."""
    _require()
    return torch.ops.fuselab.rope(x, offset, pe, base)


def qk_norm_rope_packed(q, k, wq, wk, positions, *, eps=1e-6, pe="neox", base=10000.0, max_position=None):
    """[T, Hq + Hkv, D]: q [T, Hq, D] and k [T, Hkv, D] RMS-normalised per head row (weights wq, wk [D]),
    then rotated at positions [T] (int64, on q's device). max_position: the largest position, else read from
    the device (one synchronisation)."""
    _require()
    return torch.ops.fuselab.qk_norm_rope(q, k, wq, wk, positions, eps, pe, base, max_position)


def qk_norm_rope(q, k, wq, wk, positions, *, eps=1e-6, pe="neox", base=10000.0, max_position=None):
    """(q', k'): the views [T, Hq, D] and [T, Hkv, D] of qk_norm_rope_packed's output."""
    out = qk_norm_rope_packed(q, k, wq, wk, positions, eps=eps, pe=pe, base=base, max_position=max_position)
    return out[:, : q.shape[1]], out[:, q.shape[1]:]
