"""What made a file: generator version and source hash, library versions, compute device."""
import hashlib
from pathlib import Path

import h5py
import numpy as np
import torch

from .errors import RefgenError

GENERATOR_VERSION = "fuselab-refgen-1"
_HERE = Path(__file__).resolve().parent


def generator_files():
    """The generator's sources in hashing order: generate.py, then refgen/*.py by name."""
    return [_HERE.parent / "generate.py"] + sorted(_HERE.glob("*.py"))


def generator_sha256():
    """sha256 over '<path relative to reference_data/>\\0<bytes>\\0' of each source, in order."""
    digest = hashlib.sha256()
    for path in generator_files():
        digest.update(path.relative_to(_HERE.parent).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def pick_device(requested):
    """torch.device for 'auto' (CUDA when available), 'cpu' or 'cuda'."""
    if requested == "auto":
        requested = "cuda" if torch.cuda.is_available() else "cpu"
    if requested == "cuda" and not torch.cuda.is_available():
        raise RefgenError("--device cuda: this torch sees no CUDA device; use --device cpu or auto")
    return torch.device(requested)


def describe_device(device):
    return f"cuda ({torch.cuda.get_device_name(device)})" if device.type == "cuda" else "cpu"


def attributes(device):
    """The provenance attributes, in writing order."""
    return {
        "generator_version": GENERATOR_VERSION,
        "generator_sha256": generator_sha256(),
        "torch_version": str(torch.__version__),  # a str subclass h5py cannot store
        "numpy_version": np.__version__,
        "h5py_version": h5py.__version__,
        "compute_device": describe_device(device),
    }
