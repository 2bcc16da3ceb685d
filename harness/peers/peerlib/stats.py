"""Summary statistics and the sampling stopping rule, defined exactly as the
C++ bench defines them (harness/core/stats.cpp, harness/gpu/sampling.cpp),
so a peer's numbers mean what ours mean.
"""
import math
import time
from dataclasses import dataclass


def quantile_sorted(values, q):
    """Linear interpolation between closest ranks, as quantile_sorted in stats.cpp."""
    if not values:
        return math.nan
    pos = q * (len(values) - 1)
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (pos - lo)


def summarize(samples):
    """dict with n, median, q1, q3, iqr, min, max, mean, sd (n-1), rse (sd/sqrt(n)/mean, inf if undefined)."""
    v = sorted(float(x) for x in samples)
    n = len(v)
    if n == 0:
        return {"n": 0, "median": 0.0, "q1": 0.0, "q3": 0.0, "iqr": 0.0, "min": 0.0, "max": 0.0,
                "mean": 0.0, "sd": 0.0, "rse": math.inf}
    mean = math.fsum(v) / n
    ss = math.fsum((x - mean) * (x - mean) for x in v)
    sd = math.sqrt(ss / (n - 1)) if n > 1 else 0.0
    q1, q3 = quantile_sorted(v, 0.25), quantile_sorted(v, 0.75)
    return {
        "n": n,
        "median": quantile_sorted(v, 0.5),
        "q1": q1,
        "q3": q3,
        "iqr": q3 - q1,
        "min": v[0],
        "max": v[-1],
        "mean": mean,
        "sd": sd,
        "rse": sd / math.sqrt(n) / mean if n > 1 and mean > 0 else math.inf,
    }


def stats_json(summary):
    """The record's form (to_json in stats.cpp): a non-finite rse becomes null."""
    out = dict(summary)
    out["rse"] = out["rse"] if math.isfinite(out["rse"]) else None
    return out


def timing_json(seconds):
    """{"unit": "us", "stats": ..., "samples": [...]}: raw samples in microseconds (timing_json in run_record.cpp)."""
    us = [s * 1e6 for s in seconds]
    return {"unit": "us", "stats": stats_json(summarize(us)), "samples": us}


@dataclass
class SamplingRule:
    """sampling.h's SamplingRule: at least min_samples, until rse <= target_rse or budget_s has passed."""
    min_samples: int = 10
    max_samples: int = 5000
    target_rse: float = 0.005
    budget_s: float = 1.0


def sample_until_stable(take, rule, clock=time.monotonic):
    """Samples from take() until the rule is met (sample_until_stable in sampling.cpp).

    take() returns seconds, or None for a sample that must be discarded (it is
    retried and does not count); clock is injectable for the tests. The rse is
    kept incrementally (Welford), the same quantity summarize() gives.
    """
    start = clock()
    samples = []
    discarded = 0
    mean = m2 = 0.0
    while len(samples) < rule.max_samples:
        value = take()
        if value is None:
            discarded += 1
            if discarded > 100:
                raise RuntimeError("more than 100 samples were discarded (the stream hold kept expiring "
                                   "before the sample was queued). Fix: run on an idle machine")
            continue
        samples.append(value)
        n = len(samples)
        delta = value - mean
        mean += delta / n
        m2 += delta * (value - mean)
        elapsed = clock() - start
        if n >= rule.min_samples:
            rse = math.sqrt(m2 / (n - 1)) / math.sqrt(n) / mean if n > 1 and mean > 0 else math.inf
            if rse <= rule.target_rse or elapsed > rule.budget_s:
                break
    return samples
