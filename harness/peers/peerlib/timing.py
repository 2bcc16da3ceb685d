"""Cold and hot timing with the protocol of harness/gpu/cold_timer.cu, in PyTorch.

Cold: two CUDA graphs captured once, F = [flush L2] and F+L = [flush L2, the
op]; the flush writes a buffer of twice the L2 size. For each sample the
stream is held (torch.cuda._sleep, a spinning kernel) while e0 F e1 F+L e2 are
queued behind it; the sample is (e2 - e1) - (e1 - e0), so host launch latency
and event overhead cancel. A sample whose queueing took longer than half the
hold is discarded and the hold doubled (the hold must outlast the queueing;
cold_timer.cu releases its spin with a host flag instead, torch has no such
kernel). The C++ timer also resets persisting-L2 lines before each sample;
torch exposes no call for that and nothing here sets any.

Hot: the op captured N times into one graph and replayed with the L2 warm;
time per launch.
"""
import time

import torch


def capture(body, stream):
    """A CUDAGraph of what body() enqueues on stream (not the default stream), and body's result.

    Raises with torch's reason when it cannot be captured. (torch.cuda.graph
    would also empty the allocator cache on every capture; this does not.)
    """
    stream.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.stream(stream):
        graph.capture_begin(capture_error_mode="thread_local")
        try:
            result = body()
        except BaseException:
            try:
                graph.capture_end()
            except Exception:  # the capture is invalid anyway; body's error is the one to report
                pass
            raise
        graph.capture_end()
    return graph, result


class StreamHold:
    """torch.cuda._sleep(cycles) sized to hold the stream for hold_s, with the clock rate measured."""

    def __init__(self, stream, hold_s=200e-6):
        self.stream = stream
        self.cycles_per_s = self._measure_rate()
        self.hold_s = hold_s

    def _measure_rate(self):
        cycles = 20_000_000
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        rate = 0.0
        with torch.cuda.stream(self.stream):
            for _ in range(2):  # the first may include module loading
                start.record(self.stream)
                torch.cuda._sleep(cycles)
                stop.record(self.stream)
                stop.synchronize()
                rate = cycles / (start.elapsed_time(stop) * 1e-3)
        return rate

    def enqueue(self):
        torch.cuda._sleep(max(1, int(self.hold_s * self.cycles_per_s)))

    def lengthen(self):
        self.hold_s = min(self.hold_s * 2, 0.5)


class ColdTimer:
    """Cold samples of op() (the function is called only during capture)."""

    def __init__(self, op, stream, flush_bytes, hold):
        self.stream, self.hold = stream, hold
        self.flush = torch.empty(flush_bytes, dtype=torch.uint8, device="cuda")
        self.flush.fill_(0x5A)  # its kernel loaded before the capture
        self.flush_only, _ = capture(lambda: self.flush.fill_(0x5A), stream)

        def flush_and_op():
            self.flush.fill_(0x5A)
            return op()

        self.flush_and_op, self.output = capture(flush_and_op, stream)
        self.events = [torch.cuda.Event(enable_timing=True) for _ in range(3)]
        self.discarded = 0

    def warm_up(self):
        with torch.cuda.stream(self.stream):
            self.flush_only.replay()
            self.flush_and_op.replay()
        self.stream.synchronize()

    def sample(self, before=None):
        """Seconds of one cold launch, or None when the hold expired before the sample was queued."""
        e0, e1, e2 = self.events
        with torch.cuda.stream(self.stream):
            if before is not None:
                before()
            queued_from = time.perf_counter()
            self.hold.enqueue()
            e0.record(self.stream)
            self.flush_only.replay()
            e1.record(self.stream)
            self.flush_and_op.replay()
            e2.record(self.stream)
            queueing = time.perf_counter() - queued_from
        e2.synchronize()
        if queueing > 0.5 * self.hold.hold_s:
            self.discarded += 1
            self.hold.lengthen()
            return None
        return (e1.elapsed_time(e2) - e0.elapsed_time(e1)) * 1e-3


class HotTimer:
    """Seconds per launch of op() replayed `launches` times in one graph, L2 warm."""

    def __init__(self, op, stream, launches):
        self.stream, self.launches = stream, launches

        def many():
            out = None
            for _ in range(launches):
                out = op()
            return out

        self.graph, _ = capture(many, stream)
        self.start, self.stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        with torch.cuda.stream(stream):
            self.graph.replay()  # warm-up: L2 and instruction caches
        stream.synchronize()

    def sample(self):
        with torch.cuda.stream(self.stream):
            self.start.record(self.stream)
            self.graph.replay()
            self.stop.record(self.stream)
        self.stop.synchronize()
        return self.start.elapsed_time(self.stop) * 1e-3 / self.launches


def launches_per_graph(cold_median_s, most):
    """Enough launches that a replay lasts about 200 us, 1 to most (run_engine.cpp)."""
    return max(1, min(int(200e-6 / max(cold_median_s, 1e-7)), most))
