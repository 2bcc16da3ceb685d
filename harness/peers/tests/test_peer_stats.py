"""Statistics and the stopping rule mean what harness/core/stats.cpp and harness/gpu/sampling.cpp mean."""
import itertools
import math

import pytest

from peerlib import stats


def test_summary_of_a_known_sample():
    s = stats.summarize([4.0, 1.0, 3.0, 2.0, 10.0])  # sorted 1 2 3 4 10
    assert (s["n"], s["median"], s["q1"], s["q3"], s["iqr"], s["min"], s["max"], s["mean"]) == (
        5, 3.0, 2.0, 4.0, 2.0, 1.0, 10.0, 4.0)
    assert s["sd"] == pytest.approx(math.sqrt(50.0 / 4.0), rel=1e-15)  # n - 1 in the denominator
    assert s["rse"] == pytest.approx(math.sqrt(12.5) / math.sqrt(5.0) / 4.0, rel=1e-15)


def test_quantiles_interpolate_between_ranks():
    s = stats.summarize([4.0, 3.0, 2.0, 1.0])  # pos = q * (n - 1)
    assert (s["median"], s["q1"], s["q3"]) == (2.5, 1.75, 3.25)


def test_one_sample_has_no_rse():
    s = stats.summarize([7.0])
    assert (s["sd"], s["median"]) == (0.0, 7.0) and math.isinf(s["rse"])
    assert stats.stats_json(s)["rse"] is None
    assert stats.summarize([])["n"] == 0


def test_timing_json_keeps_raw_samples_in_microseconds():
    t = stats.timing_json([1e-6, 3e-6, 2e-6])
    assert t["unit"] == "us"
    assert t["samples"] == pytest.approx([1.0, 3.0, 2.0])
    assert t["stats"]["median"] == pytest.approx(2.0) and t["stats"]["n"] == 3


class FakeClock:
    def __init__(self, step):
        self.now, self.step = 0.0, step

    def __call__(self):
        self.now += self.step
        return self.now


def test_stable_samples_stop_at_the_minimum():
    samples = stats.sample_until_stable(lambda: 5e-6, stats.SamplingRule(), clock=FakeClock(1e-4))
    assert len(samples) == 10


def test_noisy_samples_run_until_the_rse_target():
    values = itertools.cycle([1.0, 1.2])  # sd/mean ~ 0.1: rse 0.5 % needs about 370 samples
    samples = stats.sample_until_stable(lambda: next(values), stats.SamplingRule(budget_s=1e9), clock=FakeClock(1e-6))
    n = len(samples)
    assert 300 < n < 450
    assert stats.summarize(samples)["rse"] <= 0.005 < stats.summarize(samples[:-1])["rse"]


def test_the_budget_stops_a_noisy_series():
    values = itertools.cycle([1.0, 2.0])
    samples = stats.sample_until_stable(lambda: next(values), stats.SamplingRule(budget_s=0.05),
                                        clock=FakeClock(0.01))
    assert len(samples) == 10  # the budget passed before the minimum; the minimum still holds
    samples = stats.sample_until_stable(lambda: next(values), stats.SamplingRule(budget_s=0.205, max_samples=30),
                                        clock=FakeClock(0.01))
    assert len(samples) == 21  # the first sample whose elapsed time (0.21 s) passes the budget


def test_max_samples_caps_the_series():
    values = itertools.cycle([1.0, 3.0])
    rule = stats.SamplingRule(budget_s=1e9, max_samples=25)
    assert len(stats.sample_until_stable(lambda: next(values), rule, clock=FakeClock(0))) == 25


def test_discarded_samples_do_not_count_and_too_many_fail():
    values = itertools.cycle([None, 2e-6])
    samples = stats.sample_until_stable(lambda: next(values), stats.SamplingRule(), clock=FakeClock(1e-4))
    assert samples == [2e-6] * 10
    with pytest.raises(RuntimeError, match="Fix"):
        stats.sample_until_stable(lambda: None, stats.SamplingRule(), clock=FakeClock(1e-4))
