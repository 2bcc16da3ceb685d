"""fuselab-counter-v1: the counter-based input generator (docs/reference-format.md).

All arithmetic is on uint64 numpy arrays, which wrap silently on every numpy
version (numpy scalars may warn or raise on overflow, so none are used for it).
"""
import numpy as np

NAME = "fuselab-counter-v1"

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_U64 = (1 << 64) - 1


def mix64(z):
    """The splitmix64 finaliser, in place on a uint64 array; returns it."""
    z ^= z >> np.uint64(30)
    z *= _M1
    z ^= z >> np.uint64(27)
    z *= _M2
    z ^= z >> np.uint64(31)
    return z


def stream_key(seed, stream):
    """key = mix64(seed * 4 + stream) for streams 0-3, mix64(~(seed * 4 + stream - 4)) for the later
    ones (no seed's stream 4 repeats another seed's stream 0), as a one-element uint64 array. A
    tensor's stream number is its op's declaration (refgen/ops.py)."""
    z = seed * 4 + stream if stream < 4 else ~(seed * 4 + stream - 4)
    return mix64(np.array([z & _U64], dtype=np.uint64))


def hashes(seed, stream, indices):
    """h(i) = mix64(key + i * 0x9E3779B97F4A7C15) for a uint64 index array."""
    z = np.asarray(indices, dtype=np.uint64) * _GOLDEN
    z += stream_key(seed, stream)
    return mix64(z)


def values(seed, stream, indices):
    """float32((int64(h(i) >> 40) - 2^23) * 2^-22): exact values in [-2, 2)."""
    z = hashes(seed, stream, indices)
    z >>= np.uint64(40)
    signed = z.view(np.int64)
    signed -= 1 << 23
    out = signed.astype(np.float32)
    out *= np.float32(2.0**-22)
    return out


def integers(seed, stream, indices, max_value):
    """int64(h(i) mod (max_value + 1)): integers in [0, max_value]."""
    z = hashes(seed, stream, indices)
    z %= np.uint64(max_value + 1)
    return z.view(np.int64)
