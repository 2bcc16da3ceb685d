#!/usr/bin/env python3
"""fuselab inside real models: Llama-style and Qwen3-style transformers models (random weights, float32), their
attention through fuselab (transformers' attention registry) and, for Qwen3, QK-norm + RoPE through qk_norm_rope,
against the same models with their own `sdpa` attention (docs/torch.md, "Inside real models").

    python3 harness/models/model_bench.py --records-dir reports/runs

Per model: prefill (batch 1 x 4096 tokens, batch 8 x 1024) and 128 greedy decode steps after each prefill, timed
with CUDA events (warm-up, then the median of repeats); the generated tokens must be identical and the logits
within 1e-3 of the sdpa run's; a torch.profiler split of the GPU time (attention, QK-norm + RoPE, GEMMs, the
rest) per phase. One run record, <UTC>-models-<pid>.json.gz, whose "models" key `fuselab report` renders as the
end-to-end table in the log. Any failure is one line; what was measured is still written.
"""
import argparse
import contextlib
import inspect
import math
import os
import statistics
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "python"), str(ROOT / "harness" / "peers")]

import torch  # noqa: E402

from peerlib import record  # noqa: E402

ATTENTION_NAME = "fuselab"
LOGIT_TOLERANCE = 1e-3

# Sizes: ~0.5 B parameters each (2 GB of float32 weights), 8 layers of 16 query heads over 8 key/value heads
# (GQA, 2 per group) of dimension 128, the head layout of Llama 3 8B / Qwen3 8B at a quarter of their width and
# depth, so that both models, both attentions, both prefills, 2 x 128 decode steps and the profiles run in a
# few minutes of one H100 in float32. A 32k vocabulary keeps the logits (8 x 1024 x 32000 float32, 1 GB) small.
MODELS = {
    "llama": dict(kind="llama", hidden_size=2048, intermediate_size=5632, num_hidden_layers=8,
                  num_attention_heads=16, num_key_value_heads=8, head_dim=128, vocab_size=32000,
                  max_position_embeddings=8192, rope_theta=10000.0, rms_norm_eps=1e-5),
    "qwen3": dict(kind="qwen3", hidden_size=2048, intermediate_size=6144, num_hidden_layers=8,
                  num_attention_heads=16, num_key_value_heads=8, head_dim=128, vocab_size=32000,
                  max_position_embeddings=8192, rope_theta=1000000.0, rms_norm_eps=1e-6),
}
PREFILLS = [(1, 4096), (8, 1024)]


def say(text):
    print(f"model_bench: {text}", flush=True)


# ---------------------------------------------------------------------------------------------------------------
# transformers: the model classes and the attention registry, 4.5x and 5.x

def transformers_api():
    """(transformers, AttentionInterface, AttentionMaskInterface or None); a clear error when absent."""
    try:
        import transformers
    except ImportError as err:
        raise RuntimeError(f"transformers is not importable ({err}). Fix: pip install transformers (>= 4.53)")
    try:
        from transformers import AttentionInterface
    except ImportError:
        try:
            from transformers.modeling_utils import AttentionInterface
        except ImportError:
            raise RuntimeError(f"transformers {transformers.__version__} has no AttentionInterface (the attention "
                               "registry came in 4.51). Fix: use transformers >= 4.53")
    mask_interface = None
    for where in ("transformers", "transformers.masking_utils"):
        try:
            mask_interface = getattr(__import__(where, fromlist=["AttentionMaskInterface"]), "AttentionMaskInterface")
            break
        except (ImportError, AttributeError):
            continue
    return transformers, AttentionInterface, mask_interface


def build_model(spec, seed):
    """The model of spec with random weights (seed), float32 on the GPU, in eval mode, attention sdpa."""
    transformers, _, _ = transformers_api()
    fields = {k: v for k, v in spec.items() if k not in ("kind", "rope_theta")}
    if spec["kind"] == "llama":
        config_cls, model_cls = transformers.LlamaConfig, transformers.LlamaForCausalLM
    else:
        if not hasattr(transformers, "Qwen3Config"):
            raise RuntimeError(f"transformers {transformers.__version__} has no Qwen3 (4.51 added it)")
        config_cls, model_cls = transformers.Qwen3Config, transformers.Qwen3ForCausalLM
    # 5.x keeps the rope in rope_parameters; 4.5x takes rope_theta.
    if "rope_parameters" in inspect.signature(config_cls.__init__).parameters:
        fields["rope_parameters"] = {"rope_type": "default", "rope_theta": spec["rope_theta"]}
    else:
        fields["rope_theta"] = spec["rope_theta"]
    config = config_cls(**fields, tie_word_embeddings=False, attention_bias=False, attention_dropout=0.0,
                        use_cache=True)
    if rope_theta(config) != spec["rope_theta"]:
        raise RuntimeError(f"{spec['kind']}: the config's rope theta is {rope_theta(config)}, not "
                           f"{spec['rope_theta']}")
    config._attn_implementation = "sdpa"
    torch.manual_seed(seed)
    with torch.device("cuda"):
        model = model_cls(config)
    return model.to(dtype=torch.float32).eval()


def rope_theta(config):
    """4.5x: config.rope_theta; 5.x: config.rope_parameters['rope_theta'] (default rope only)."""
    params = getattr(config, "rope_parameters", None) or {}
    scaling = getattr(config, "rope_scaling", None) or {}
    kind = params.get("rope_type", scaling.get("rope_type", scaling.get("type", "default")))
    if kind != "default":
        raise RuntimeError(f"rope type {kind!r}: only the default rope maps to fuselab's")
    return float(params.get("rope_theta", getattr(config, "rope_theta", 10000.0)))


def set_attention(model, name):
    if hasattr(model, "set_attn_implementation"):
        try:
            model.set_attn_implementation(name)
            return
        except Exception:  # noqa: BLE001 - older checks refuse names they do not know; the config field works
            pass
    model.config._attn_implementation = name


# ---------------------------------------------------------------------------------------------------------------
# fuselab in the model

class Profiled:
    """record_function labels that the profiler split reads (no cost when no profiler runs)."""
    ATTENTION = "bench::attention"
    QK_NORM_ROPE = "bench::qk_norm_rope"


def fuselab_attention(module, query, key, value, attention_mask, scaling=None, dropout=0.0, **kwargs):
    """transformers' attention function: q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D], already rotated (the module
    applied RoPE), keys from the cache in decode; -> ([B, Sq, Hq, D], None) as sdpa_attention_forward returns.

    Causal is bottom-right aligned: query row i at position Sk - Sq + i, key j at j (q_offset = Sk - Sq); a
    decode step (Sq = 1) sees every cached key, which is the non-causal call. The mask is not read: the bench
    feeds unpadded batches and registers no mask for this implementation (padding is refused below)."""
    import fuselab.torch as ft

    if dropout:
        raise RuntimeError("fuselab attention has no dropout; run the model in eval mode")
    if attention_mask is not None and not isinstance(attention_mask, torch.Tensor):
        raise RuntimeError(f"fuselab attention: unsupported mask {type(attention_mask).__name__}")
    Sq, Sk, D = query.shape[2], key.shape[2], query.shape[3]
    causal = bool(getattr(module, "is_causal", True)) and Sq > 1
    scale = None if scaling is None or math.isclose(scaling, D ** -0.5, rel_tol=1e-12) else float(scaling)
    with torch.profiler.record_function(Profiled.ATTENTION):
        # The module hands q (and the prefill's k, v) as transposed views of [B, S, H, D]: the op takes
        # contiguous [B, H, S, D], so the copy is made here, in the open (and counted in the split).
        out = ft.attention(query.contiguous(), key.contiguous(), value.contiguous(), causal=causal, scale=scale,
                           q_offset=Sk - Sq if causal else 0)
        return out.transpose(1, 2).contiguous(), None


def sdpa_labelled(sdpa):
    """The sdpa attention function inside the same record_function label, for the split."""
    def attention(*args, **kwargs):
        with torch.profiler.record_function(Profiled.ATTENTION):
            return sdpa(*args, **kwargs)
    return attention


def _no_mask(*args, **kwargs):
    return None


BASELINE = {"name": "sdpa"}


def register_attention():
    """'fuselab' in the attention registry (no mask built for it: the bench's batches are unpadded), and, where
    transformers builds masks through AttentionMaskInterface, 'sdpa_labelled': sdpa with sdpa's masks, inside the
    split's label (before that interface, a name other than "sdpa" got other masks: the baseline stays "sdpa",
    and the split counts its attention under "other")."""
    transformers, interface, mask_interface = transformers_api()
    interface.register(ATTENTION_NAME, fuselab_attention)
    sdpa = interface._global_mapping["sdpa"] if hasattr(interface, "_global_mapping") else None
    if sdpa is None:
        from transformers.integrations.sdpa_attention import sdpa_attention_forward as sdpa
    interface.register("sdpa_labelled", sdpa_labelled(sdpa))
    if mask_interface is not None:
        mask_interface.register(ATTENTION_NAME, _no_mask)
        sdpa_mask = mask_interface._global_mapping.get("sdpa") if hasattr(mask_interface, "_global_mapping") else None
        if sdpa_mask is not None:
            mask_interface.register("sdpa_labelled", sdpa_mask)
            BASELINE["name"] = "sdpa_labelled"
    return transformers.__version__


def qwen3_forward_with_qk_norm_rope(attn, base):
    """A Qwen3Attention.forward whose QK-norm + RoPE is one fuselab qk_norm_rope call (then the cache and the
    registered attention as before). Installed per instance (module.forward = ...), removed by deleting it."""
    import fuselab.torch as ft

    def forward(hidden_states, position_embeddings=None, attention_mask=None, past_key_values=None,
                cache_position=None, **kwargs):
        cache = past_key_values if past_key_values is not None else kwargs.pop("past_key_value", None)
        kwargs.pop("past_key_value", None)
        B, S = hidden_states.shape[:2]
        D = attn.head_dim
        q = attn.q_proj(hidden_states).view(B * S, -1, D)
        k = attn.k_proj(hidden_states).view(B * S, -1, D)
        v = attn.v_proj(hidden_states).view(B, S, -1, D).transpose(1, 2)
        Hq, Hkv = q.shape[1], k.shape[1]
        past = cache.get_seq_length(attn.layer_idx) if cache is not None else 0
        positions = kwargs.get("position_ids")
        if positions is None:
            positions = (cache_position if cache_position is not None
                         else torch.arange(past, past + S, device=q.device))[None]
        positions = positions.expand(B, S)
        with torch.profiler.record_function(Profiled.QK_NORM_ROPE):
            packed = ft.qk_norm_rope_packed(q, k, attn.q_norm.weight, attn.k_norm.weight,
                                            positions.reshape(-1).contiguous(), eps=attn.q_norm.variance_epsilon,
                                            pe="neox", base=base, max_position=past + S - 1)
        packed = packed.view(B, S, Hq + Hkv, D).transpose(1, 2)
        q_states, k_states = packed[:, :Hq], packed[:, Hq:]
        if cache is not None:
            k_states, v = cache.update(k_states, v, attn.layer_idx, {"cache_position": cache_position})
        kwargs.pop("position_ids", None)
        out, weights = fuselab_attention(attn, q_states, k_states, v, attention_mask, dropout=0.0,
                                       scaling=attn.scaling, **kwargs)
        return attn.o_proj(out.reshape(B, S, -1).contiguous()), weights

    return forward


@contextlib.contextmanager
def implementation(model, spec, impl):
    """impl 'fuselab': attention through fuselab, and Qwen3's QK-norm + RoPE through qk_norm_rope; 'sdpa':
    the model's own (labelled for the split)."""
    patched = []
    set_attention(model, ATTENTION_NAME if impl == "fuselab" else BASELINE["name"])
    if impl == "fuselab" and spec["kind"] == "qwen3":
        base = rope_theta(model.config)
        for layer in model.model.layers:
            layer.self_attn.forward = qwen3_forward_with_qk_norm_rope(layer.self_attn, base)
            patched.append(layer.self_attn)
    try:
        yield
    finally:
        for attn in patched:
            del attn.forward
        set_attention(model, "sdpa")


# ---------------------------------------------------------------------------------------------------------------
# the measurements

def new_cache(model):
    from transformers import DynamicCache

    try:
        return DynamicCache(config=model.config)
    except TypeError:
        return DynamicCache()


def prefill(model, ids):
    cache = new_cache(model)
    out = model(input_ids=ids, past_key_values=cache, use_cache=True)
    return out.logits, cache


def greedy_decode(model, ids, steps, times=None, split=None):
    """Prefill, then `steps` greedy steps; (tokens [B, steps], logits [steps, B, V]); times: a list that gets
    the decode's milliseconds (CUDA events around the steps); split: a dict that gets the steps' gpu_split."""
    logits, cache = prefill(model, ids)
    token = logits[:, -1].argmax(-1, keepdim=True)
    tokens, step_logits = [], []
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    with gpu_split(split) if split is not None else contextlib.nullcontext():
        for _ in range(steps):
            tokens.append(token)
            out = model(input_ids=token, past_key_values=cache, use_cache=True)
            step_logits.append(out.logits[:, -1])
            token = out.logits[:, -1].argmax(-1, keepdim=True)
    end.record()
    torch.cuda.synchronize()
    if times is not None:
        times.append(start.elapsed_time(end))
    return torch.cat(tokens, dim=1), torch.stack(step_logits)


def timed_ms(fn, warmup, repeats):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(repeats):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        samples.append(start.elapsed_time(end))
    return samples


GEMM_OPS = ("aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm")


@contextlib.contextmanager
def gpu_split(split):
    """Fills split with the GPU milliseconds of the block by where they go: attention (kernels launched inside the
    attention function: the op and its copies), QK-norm + RoPE (the qk_norm_rope call), GEMMs (aten mm/addmm/bmm
    outside those), the rest. Each kernel counts once, for the CPU op that launched it (its enclosing labels
    decide the class); the labels' own GPU spans are not kernels and are left out."""
    from torch.profiler import ProfilerActivity, profile

    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        yield
        torch.cuda.synchronize()
    labels_of_kind = {Profiled.ATTENTION: "attention", Profiled.QK_NORM_ROPE: "qk_norm_rope"}
    us = {"attention": 0.0, "qk_norm_rope": 0.0, "gemm": 0.0, "other": 0.0}
    for event in prof.events():
        if event.name in labels_of_kind:
            continue
        time = sum(float(k.duration) for k in (getattr(event, "kernels", None) or []) if k.name not in labels_of_kind)
        if not time:
            continue
        kind = "gemm" if event.name in GEMM_OPS else "other"
        parent = getattr(event, "cpu_parent", None)
        while parent is not None:
            if parent.name in labels_of_kind:
                kind = labels_of_kind[parent.name]
                break
            parent = getattr(parent, "cpu_parent", None)
        us[kind] += time
    split.update({f"{k}_ms": round(v / 1e3, 4) for k, v in us.items()})
    split["total_ms"] = round(sum(us.values()) / 1e3, 4)


def bench_model(name, spec, args, rows):
    say(f"{name}: building ({spec['num_hidden_layers']} layers, hidden {spec['hidden_size']}, "
        f"{spec['num_attention_heads']} heads / {spec['num_key_value_heads']} kv of {spec['head_dim']})")
    model = build_model(spec, args.seed)
    params = sum(p.numel() for p in model.parameters())
    entry = {"model": name, "kind": spec["kind"], "params": params,
             "config": {k: v for k, v in spec.items() if k != "kind"},
             "fuselab_path": "attention: transformers AttentionInterface 'fuselab' -> fuselab.torch.attention (pe "
                             "none, q/k rotated by the module)" + ("; QK-norm + RoPE: qk_norm_rope per layer "
                                                                  "(Qwen3Attention.forward patched per instance)"
                                                                  if spec["kind"] == "qwen3" else ""),
             "phases": []}
    rows.append(entry)
    gen = torch.Generator(device="cpu").manual_seed(args.seed + 1)
    for batch, tokens in PREFILLS:
        if args.quick:
            tokens = min(tokens, 256)
        ids = torch.randint(0, spec["vocab_size"], (batch, tokens), generator=gen).cuda()
        phase_prefill = {"phase": "prefill", "batch": batch, "tokens": tokens, "status": "ok", "reason": ""}
        phase_decode = {"phase": "decode", "batch": batch, "tokens": tokens, "steps": args.steps, "status": "ok",
                        "reason": ""}
        entry["phases"] += [phase_prefill, phase_decode]
        prefill_logits, decoded = {}, {}

        def failed(impl, err, phases):
            reason = f"{impl}: {type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"[:400]
            say(f"{name} {batch}x{tokens} FAILED {reason}")
            if args.verbose:
                traceback.print_exc()
            for phase in phases:
                phase["status"], phase["reason"] = "failed", reason
            torch.cuda.empty_cache()

        for impl in ("sdpa", "fuselab"):
            try:
                with implementation(model, spec, impl), torch.inference_mode():
                    prefill_logits[impl], _ = prefill(model, ids)
                    phase_prefill[f"{impl}_ms"] = timed_ms(lambda: prefill(model, ids), args.warmup, args.repeats)
                    with gpu_split(phase_prefill.setdefault("split", {}).setdefault(impl, {})):
                        prefill(model, ids)
                    greedy_decode(model, ids, min(args.steps, 16),
                                  split=phase_decode.setdefault("split", {}).setdefault(impl, {}))
            except Exception as err:  # noqa: BLE001 - one line, and the record keeps what was measured
                failed(impl, err, (phase_prefill, phase_decode) if f"{impl}_ms" not in phase_prefill else (phase_decode,))
        # The decodes' wall time is mostly the host's (a step is ~0.2 ms of GPU work among ~10 ms), and the
        # host drifts: time them in rounds, each round one decode of each, the order alternating, so that
        # round i of sdpa and of fuselab are a pair (phase_decode["paired"]). The tokens and logits compared
        # are the last round's.
        if len(prefill_logits) == 2:
            times = {"sdpa": [], "fuselab": []}
            try:
                for round_ in range(args.decode_repeats):
                    for impl in ("sdpa", "fuselab") if round_ % 2 == 0 else ("fuselab", "sdpa"):
                        with implementation(model, spec, impl), torch.inference_mode():
                            decoded[impl] = greedy_decode(model, ids, args.steps, times[impl])
                phase_decode.update({f"{impl}_ms": t for impl, t in times.items()}, paired=True)
            except Exception as err:  # noqa: BLE001
                decoded.clear()
                failed("decode rounds", err, (phase_decode,))
        for impl in prefill_logits:
            if f"{impl}_ms" not in phase_prefill:
                continue
            decode_ms = phase_decode.get(f"{impl}_ms")
            say(f"{name} {batch}x{tokens} {impl}: prefill {statistics.median(phase_prefill[impl + '_ms']):.2f} ms"
                + (f", {args.steps} decode steps {statistics.median(decode_ms):.1f} ms" if decode_ms else ""))
        compared = []
        if len(prefill_logits) == 2:
            l_s, l_f = prefill_logits["sdpa"], prefill_logits["fuselab"]
            phase_prefill["max_logit_diff"] = (l_f - l_s).abs().max().item()
            phase_prefill["identical_tokens"] = bool(torch.equal(l_f[:, -1].argmax(-1), l_s[:, -1].argmax(-1)))
            compared.append(phase_prefill)
        if len(decoded) == 2:
            (t_s, s_s), (t_f, s_f) = decoded["sdpa"], decoded["fuselab"]
            phase_decode["max_logit_diff"] = (s_f - s_s).abs().max().item()
            phase_decode["identical_tokens"] = bool(torch.equal(t_f, t_s))
            compared.append(phase_decode)
        for phase in compared:
            if phase["max_logit_diff"] > LOGIT_TOLERANCE or not phase["identical_tokens"]:
                say(f"{name} {phase['phase']} {batch}x{tokens}: max logit difference "
                    f"{phase['max_logit_diff']:.2e}, tokens identical: {phase['identical_tokens']}")
        del prefill_logits, decoded
        torch.cuda.empty_cache()


def model_record(run_id, command, started, finished, git, build, environment, settings, models):
    """A run record (peerlib.record's, backend torch, no experiments) with the bench's "models": per model its
    phases, each with fuselab_ms and sdpa_ms samples, identical_tokens, max_logit_diff and split (the schema's
    $defs/model; `fuselab report` renders them in the log, harness/core/log_models.cpp)."""
    rec = record.run_record(run_id, command, started, finished, git, build, environment, None, settings, [])
    rec["models"] = models
    return rec


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records-dir", default=str(ROOT / "reports" / "runs"))
    parser.add_argument("--models", nargs="+", default=list(MODELS), choices=list(MODELS))
    parser.add_argument("--steps", type=int, default=128, help="greedy decode steps (default 128)")
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5, help="timed prefills per case (median)")
    parser.add_argument("--decode-repeats", type=int, default=6,
                        help="rounds of timed decodes per case, one of each attention a round (paired medians)")
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--quick", action="store_true", help="prompts of at most 256 tokens (a smoke test)")
    parser.add_argument("--verbose", action="store_true", help="tracebacks of failures")
    args = parser.parse_args(argv)
    started = record.utc_now_iso()
    run_id = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()) + f"-models-{os.getpid()}"
    rows, problems = [], []
    environment = {"host": record.host_name()}
    build = {"torch_version": str(torch.__version__), "cuda_version": str(torch.version.cuda),
             "python": sys.version.split()[0]}
    try:
        if not torch.cuda.is_available():
            raise RuntimeError("no CUDA device")
        import fuselab.torch as ft

        ok, why = ft.available()
        if not ok:
            raise RuntimeError(why)
        build["transformers_version"] = register_attention()
        build["fuselab_torch_ops"] = record.path_for_record(str(ft.library_path()), ROOT)
        environment.update({"gpu": record.gpu_environment(torch), "clock_start": record.clock_state()})
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        for name in args.models:
            try:
                bench_model(name, MODELS[name], args, rows)
            except Exception as err:  # noqa: BLE001
                problems.append(f"{name}: {type(err).__name__}: {err}")
                say(f"{name} FAILED {problems[-1]}")
                if args.verbose:
                    traceback.print_exc()
        environment["clock_end"] = record.clock_state()
    except Exception as err:  # noqa: BLE001
        problems.append(f"{type(err).__name__}: {err}")
        say(f"cannot run: {problems[-1]}")
    if "gpu" not in environment:
        say("no record: nothing was measured")
        return 3 if not torch.cuda.is_available() else 1
    settings = {"tf32": False, "dtype": "float32", "logit_tolerance": LOGIT_TOLERANCE, "steps": args.steps,
                "warmup": args.warmup, "repeats": args.repeats, "decode_repeats": args.decode_repeats,
                "seed": args.seed, "quick": args.quick, "prefills": [list(p) for p in PREFILLS],
                "timing": "CUDA events around each prefill (a fresh DynamicCache, full logits) and around the decode "
                          "steps after a prefill (greedy argmax on the GPU); medians",
                "split": "torch.profiler GPU time of one prefill and of 16 decode steps (after its prefill): "
                         "attention = inside the attention function (copies included), qk_norm_rope = the fused "
                         "call, gemm = aten mm/addmm/bmm outside attention, other = the rest",
                "problems": problems}
    rec = model_record(run_id, sys.argv, started, record.utc_now_iso(), record.git_state(ROOT), build, environment,
                       settings, rows)
    path = record.write_record(args.records_dir, rec, ROOT)
    failed = problems or any(p["status"] != "ok" for m in rows for p in m["phases"])
    say(f"run record {path}" + ("; with failures" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
