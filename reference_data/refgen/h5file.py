"""Writing and reading the HDF5 reference files.

Contiguous datasets written with track_times=False and attributes in a fixed
order, so one machine writing the same case twice gives identical bytes.
Strings are h5py's default: variable-length UTF-8.
"""
import os
from pathlib import Path

import h5py
import numpy as np


def write(path, attributes, datasets):
    """Write atomically (temp file + rename): attributes on the root group, then datasets in order."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    with h5py.File(temp, "w") as f:
        for name, value in attributes.items():
            f.attrs[name] = _attribute(value)
        for name, array in datasets.items():
            f.create_dataset(name, data=array, track_times=False)
    os.replace(temp, path)


def read_attributes(path):
    """Root attributes as plain Python values (str, int, float)."""
    with h5py.File(path, "r") as f:
        return {name: _plain(value) for name, value in f.attrs.items()}


def read_datasets(path, names):
    with h5py.File(path, "r") as f:
        return {name: f[name][()] for name in names}


def _attribute(value):
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, int)):
        return np.int64(value)
    if isinstance(value, float):
        return np.float64(value)
    raise TypeError(f"unsupported attribute value {value!r}")


def _plain(value):
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, np.generic):
        return value.item()
    return value
