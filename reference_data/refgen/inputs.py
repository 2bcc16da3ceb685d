"""A case's input tensors (drawn from the counter generator), inv_freq and the inputs hash."""
import hashlib
import itertools
import math

import numpy as np

from . import counter

HASH_CHUNK = 1 << 22  # elements drawn at a time when a tensor is hashed without being kept


class InputTensor:
    """One input tensor of a case: kept whole (full storage) or drawn row by row (sampled)."""

    def __init__(self, seed, stream, shape, keep_whole, max_value=None):
        """max_value: an int64 tensor's largest value (its elements lie in [0, max_value]); None: float32."""
        self.seed, self.stream, self.shape, self.max_value = seed, stream, tuple(shape), max_value
        self.size = math.prod(self.shape)
        self.row_length = self.shape[-1]
        self.array = self._draw(0, self.size).reshape(self.shape) if keep_whole else None

    def rows(self, row_ids):
        """float32 [len(row_ids), row_length]: the given rows of the tensor seen as [-1, row_length]."""
        if self.array is not None:
            return self.array.reshape(-1, self.row_length)[row_ids]
        row_ids = np.asarray(row_ids, dtype=np.uint64)
        index = row_ids[:, None] * np.uint64(self.row_length) + np.arange(self.row_length, dtype=np.uint64)
        return self.values(index.ravel()).reshape(len(row_ids), self.row_length)

    def whole(self):
        """The whole tensor (drawn when it is not kept)."""
        return self.array if self.array is not None else self._draw(0, self.size).reshape(self.shape)

    def chunks(self):
        """The flattened tensor in order, in pieces of at most HASH_CHUNK elements."""
        if self.array is not None:
            yield self.array.ravel()
            return
        for start in range(0, self.size, HASH_CHUNK):
            yield self._draw(start, min(start + HASH_CHUNK, self.size))

    def _draw(self, start, stop):
        return self.values(np.arange(start, stop, dtype=np.uint64))

    def values(self, index):
        """The elements at the given flat indices (uint64 array)."""
        if self.max_value is None:
            return counter.values(self.seed, self.stream, index)
        return counter.integers(self.seed, self.stream, index, self.max_value)


def input_tensors(case):
    """name -> InputTensor in inputs-hash order; kept whole unless the case is sampled."""
    return {
        name: InputTensor(case.seed, stream, shape, keep_whole=not case.sampled, max_value=bound)
        for name, (shape, stream, bound) in case.counter_inputs.items()
    }


def inv_freq(base, D):
    """float32(1 / pow(base, (2i) / D)), evaluated in float64 by libm's pow and rounded once."""
    return np.array([1.0 / math.pow(base, (2 * i) / D) for i in range(D // 2)], dtype=np.float32)


def inputs_sha256(tensors, inv):
    """The inputs hash: the tensors in order (drawn in chunks when not kept whole), then inv_freq."""
    chunks = itertools.chain.from_iterable(tensor.chunks() for tensor in tensors.values())
    return sha256_of_arrays(itertools.chain(chunks, [inv]))


def sha256_of_arrays(arrays):
    """sha256 over the little-endian bytes of the arrays (float32, or int64 for integer inputs), in order."""
    digest = hashlib.sha256()
    for array in arrays:
        array = np.asarray(array)
        digest.update(np.ascontiguousarray(array, dtype="<i8" if array.dtype.kind == "i" else "<f4"))
    return digest.hexdigest()
