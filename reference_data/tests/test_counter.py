"""fuselab-counter-v1: pinned known answers (the C++ side tests the same numbers)
and agreement with a plain-Python transcription of docs/reference-format.md."""
import numpy as np
import pytest

from refgen import counter, inputs

U64 = (1 << 64) - 1

# seed 1, stream q (0): key = mix64(4); h(i) and value(i) = n / 2^22 for i = 0..3
PINNED_KEY = 0xB7A4712C74562914
PINNED_HASHES = [0xF88DB399D47AAB91, 0x118ED29B931893B4, 0xC7C1DEB9FBB064A5, 0x328A1F2DD5E6A065]
PINNED_NUMERATORS = [7900595, -7237934, 4702686, -5076449]
# seed 1, stream positions (6), bound 10^6: int64(h(i) mod (10^6 + 1)) for i = 0..3
PINNED_POSITIONS = [494945, 199690, 125147, 835591]


def py_mix64(z):
    z ^= z >> 30
    z = (z * 0xBF58476D1CE4E5B9) & U64
    z ^= z >> 27
    z = (z * 0x94D049BB133111EB) & U64
    return z ^ (z >> 31)


# The streams the built-in ops declare (reference_data/op_declarations.json).
STREAMS = {"q": 0, "k": 1, "v": 2, "x": 3, "wq": 4, "wk": 5, "positions": 6}


def py_key(seed, stream):
    number = STREAMS[stream]
    return py_mix64((seed * 4 + number if number < 4 else ~(seed * 4 + number - 4)) & U64)


def py_value(seed, stream, i):
    key = py_key(seed, stream)
    h = py_mix64((key + i * 0x9E3779B97F4A7C15) & U64)
    return ((h >> 40) - (1 << 23)) * 2.0**-22


def test_mix64_is_splitmix64():
    # the first output of splitmix64 seeded with 0
    assert int(counter.mix64(np.array([0x9E3779B97F4A7C15], dtype=np.uint64))[0]) == 0xE220A8397B1DCDAF


def test_pinned_seed1_stream_q():
    index = np.arange(4, dtype=np.uint64)
    assert int(counter.stream_key(1, STREAMS["q"])[0]) == PINNED_KEY
    assert [int(h) for h in counter.hashes(1, STREAMS["q"], index)] == PINNED_HASHES
    values = counter.values(1, STREAMS["q"], index)
    assert values.dtype == np.float32
    assert values.tolist() == [n * 2.0**-22 for n in PINNED_NUMERATORS]
    assert values.tolist() == pytest.approx([1.8836486, -1.7256579, 1.1212077, -1.2103198], abs=1e-7)


@pytest.mark.parametrize("seed", [0, 1, 41, (1 << 63) - 1])
@pytest.mark.parametrize("stream", sorted(STREAMS))
def test_numpy_matches_plain_python(seed, stream):
    index = [0, 1, 2, 1000, 123456789, (1 << 40) + 7, (1 << 64) - 1]
    got = counter.values(seed, STREAMS[stream], np.array(index, dtype=np.uint64)).tolist()
    assert got == [py_value(seed, stream, i) for i in index]


def test_values_are_exact_and_in_range():
    values = counter.values(3, STREAMS["x"], np.arange(1 << 16, dtype=np.uint64)).astype(np.float64)
    assert values.min() >= -2.0 and values.max() < 2.0
    assert np.array_equal(values * 2**22, np.round(values * 2**22))


def test_drawn_rows_equal_kept_rows():
    whole = inputs.InputTensor(7, STREAMS["k"], (2, 3, 5, 6), keep_whole=True)
    drawn = inputs.InputTensor(7, STREAMS["k"], (2, 3, 5, 6), keep_whole=False)
    rows = np.array([0, 4, 17, 29])
    assert np.array_equal(whole.rows(rows), drawn.rows(rows))
    assert np.array_equal(np.concatenate(list(drawn.chunks())), whole.array.ravel())


def test_inv_freq_matches_the_formula():
    inv = inputs.inv_freq(10000.0, 8)
    assert inv.dtype == np.float32
    assert inv.tolist() == [np.float32(1.0 / 10000.0 ** (2 * i / 8)) for i in range(4)]


@pytest.mark.parametrize("seed", [0, 51, (1 << 63) - 1])
def test_integers_match_plain_python(seed):
    index = [0, 1, 2, 1000, (1 << 64) - 1]
    got = counter.integers(seed, STREAMS["positions"], np.array(index, dtype=np.uint64), 1_000_000)
    assert got.dtype == np.int64
    key = py_key(seed, "positions")
    assert got.tolist() == [py_mix64((key + i * 0x9E3779B97F4A7C15) & U64) % 1_000_001 for i in index]


def test_later_streams_do_not_repeat_another_seeds_first_streams():
    """Stream 4 of seed s is not stream 0 of seed s + 1 (as seed * 4 + stream alone would make it)."""
    index = np.arange(8, dtype=np.uint64)
    assert not np.array_equal(counter.values(1, STREAMS["wq"], index), counter.values(2, STREAMS["q"], index))


def test_pinned_positions():
    """Seed 1, stream positions (6), bound 10^6: the C++ side (counter_rng_test.cpp) pins the same numbers."""
    assert counter.integers(1, STREAMS["positions"], np.arange(4, dtype=np.uint64), 1_000_000).tolist() == PINNED_POSITIONS
