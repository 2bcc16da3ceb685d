#!/usr/bin/env python3
"""How often does the flash kernels' online softmax move a warp's row maxima?

A model of attention v083's tile loop at Sq = Sk = 1024, D = 128 (a warp
holds 16 query rows, a tile is 32 keys): for each tile, does any of the
warp's rows see a new maximum (v083: O and the row sums are rescaled), and
how often would a slack of 8 (log2 units, attention v086: rescale only when
a row maximum grows by more than 2^8) still move them? Inputs as the
reference generator draws them (uniform in [-2, 2)), the PE of DESIGN.md
section 3 (base 10000, positions 0..1023), a few random heads per kind.
  scripts/rescale_count.py [--heads N] [--slack S]
"""
import argparse

import numpy as np

S, D, ROWS, KEYS = 1024, 128, 16, 32


def with_pe(x, kind, angle):
    if kind == "none":
        return x
    sin, cos = np.sin(angle), np.cos(angle)
    out = x.copy()
    if kind == "sinusoidal":
        out[:, 0::2] += sin
        out[:, 1::2] += cos
    else:  # rope_neox
        half = D // 2
        first, second = x[:, :half], x[:, half:]
        out[:, :half] = first * cos - second * sin
        out[:, half:] = second * cos + first * sin
    return out


def moved_fraction(tile_max, slack):
    """Fraction of (warp, tile) pairs that move their maxima."""
    warps, moves = S // ROWS, 0
    for w in range(warps):
        used = np.full(ROWS, -np.inf)
        for t in range(S // KEYS):
            m = tile_max[w * ROWS:(w + 1) * ROWS, t]
            if np.any(m > used + slack):
                used = np.maximum(used, m)
                moves += 1
    return moves / (warps * (S // KEYS))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--slack", type=float, default=8.0)
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    inv = 1.0 / 10000.0 ** (np.arange(D // 2) * 2.0 / D)
    angle = np.arange(S)[:, None] * inv[None, :]
    c = np.log2(np.e) / np.sqrt(D)
    for kind in ("none", "sinusoidal", "rope_neox"):
        every, lazy = [], []
        for _ in range(args.heads):
            q = with_pe(rng.uniform(-2, 2, (S, D)), kind, angle)
            k = with_pe(rng.uniform(-2, 2, (S, D)), kind, angle)
            tile_max = ((q @ k.T) * c).reshape(S, S // KEYS, KEYS).max(axis=2)
            every.append(moved_fraction(tile_max, 0.0))
            lazy.append(moved_fraction(tile_max, args.slack))
        print(f"{kind:10s}  warp-tiles that move their maxima: {np.mean(every):.3f}"
              f"   with slack {args.slack:g}: {np.mean(lazy):.3f}")


if __name__ == "__main__":
    main()
