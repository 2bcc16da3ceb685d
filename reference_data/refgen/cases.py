"""Load and validate experiments/<family>/cases.yaml (docs/reference-format.md).

Every violation raises RefgenError with one message naming the file, the case
and the fix.
"""
import math
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from . import ops
from .counter import NAME as COUNTER_NAME
from .errors import RefgenError

OPS = tuple(ops.declared())
PE_KINDS = ("none", "sinusoidal", "rope_interleaved", "rope_neox")
# The PE kinds each op takes (decode rotates q alone: no additive kind).
OP_PE_KINDS = {
    "attention": PE_KINDS,
    "rope": PE_KINDS[2:],
    "qk_norm_rope": PE_KINDS[2:],
    "decode": ("none",) + PE_KINDS[2:],
}
STORAGES = ("full", "sampled")
USES = ("tests", "benchmarks")
# Keys a case (or the defaults block) may set, and the value when neither does.
# `name`, `shape` and `seed` have no default; `pe` has none for op rope.
CASE_DEFAULTS = {
    "pe": "none",
    "base": 10000.0,
    "q_offset": 0,
    "k_offset": 0,
    "offset": 0,
    "causal": False,
    "scale": None,
    "use": ["tests", "benchmarks"],
    "fixture": False,
    "storage": "full",
    "sample_rows": 0,
    "eps": 1e-6,
    "max_position": None,
}
CASE_KEYS = ("name", "shape", "seed") + tuple(CASE_DEFAULTS)
TOP_KEYS = ("family", "op", "defaults", "cases")
NAME_PATTERN = re.compile(r"[a-z0-9_]+")
MAX_POSITION = 1 << 24  # float32 holds every integer position below this


@dataclass(frozen=True)
class Case:
    family: str
    name: str
    op: str
    pe: str
    D: int
    B: int = 0
    Hq: int = 0
    Hkv: int = 0
    Sq: int = 0
    Sk: int = 0
    Skv: int = 0
    q_offset: int = 0
    k_offset: int = 0
    N: int = 0
    S: int = 0
    offset: int = 0
    T: int = 0
    eps: float = 1e-6
    max_position: int = 0
    causal: bool = False
    base: float = 10000.0
    scale: float = 0.0  # resolved: 1/sqrt(D) where the file says null
    seed: int = 0
    use: tuple = USES
    fixture: bool = False
    storage: str = "full"
    sample_rows: int = 0
    source: str = ""  # the cases.yaml it came from

    @property
    def id(self):
        return f"{self.family}/{self.name}"

    @property
    def path(self):
        """The file's path relative to reference_data/ (POSIX separators)."""
        folder = f"fixtures/{self.family}" if self.fixture else self.family
        return f"{folder}/{self.name}.h5"

    @property
    def sampled(self):
        return self.storage == "sampled"

    @property
    def declaration(self):
        """The op as the bench declares it (refgen/ops.py)."""
        return ops.declared()[self.op]

    @property
    def dims(self):
        """The shape keys' values."""
        return {key: getattr(self, key) for key in self.declaration.shape_keys}

    @property
    def out_rows(self):
        return math.prod(self.out_shape[:-1])

    @property
    def counter_inputs(self):
        """name -> (shape, counter stream, largest value or None for float32), in inputs-hash order
        (inv_freq follows them)."""
        return {
            t.name: (ops.shape(t, self.dims), t.stream, getattr(self, t.max_value_key) if t.max_value_key else None)
            for t in self.declaration.counter_inputs
        }

    @property
    def input_shapes(self):
        """Input tensors in inputs-hash order (inv_freq follows them)."""
        return {name: shape for name, (shape, _, _) in self.counter_inputs.items()}

    @property
    def integer_inputs(self):
        """The int64 inputs by name, each with its largest value (the others are float32)."""
        return {name: bound for name, (_, _, bound) in self.counter_inputs.items() if bound is not None}

    @property
    def out_shape(self):
        return ops.shape(self.declaration.output, self.dims)

    def attributes(self):
        """The file attributes that describe the case, in writing order."""
        attrs = {
            "family": self.family,
            "case": self.name,
            "op": self.op,
            "pe": self.pe,
            "storage": self.storage,
            "input_generator": COUNTER_NAME,
        }
        # the op's own keys; causal and scale are written for every op, below
        keys = self.declaration.shape_keys + tuple(k for k in self.declaration.case_keys if k not in ("causal", "scale"))
        attrs.update({key: getattr(self, key) for key in keys})
        attrs.update(causal=int(self.causal), base=self.base, scale=self.scale, seed=self.seed)
        return attrs


def load_all(experiments_dir):
    """Every family's cases, families sorted by folder name, cases in file order."""
    files = sorted(Path(experiments_dir).glob("*/cases.yaml"))
    if not files:
        raise RefgenError(f"{experiments_dir}: no */cases.yaml found; pass --experiments DIR pointing at experiments/")
    return [case for path in files for case in load_file(path)]


def load_file(path):
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as stream:
            doc = yaml.load(stream, Loader=_StrictLoader)
    except OSError as err:
        raise RefgenError(f"{path}: cannot read: {err.strerror}") from err
    except yaml.YAMLError as err:
        raise RefgenError(f"{path}: invalid YAML: {err}") from err
    return _parse(path, doc)


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that rejects a key repeated in one mapping (PyYAML keeps the last)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}; keep one", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep)


def _parse(path, doc):
    def fail(what, fix):
        raise RefgenError(f"{path}: {what}; {fix}")

    if not isinstance(doc, dict):
        fail("the file is not a mapping", "see docs/reference-format.md for the layout")
    unknown = sorted(set(doc) - set(TOP_KEYS))
    if unknown:
        fail(f"unknown top-level key(s) {', '.join(map(str, unknown))}", f"allowed: {', '.join(TOP_KEYS)}")
    family = doc.get("family")
    if family != path.parent.name:
        fail(f"family {family!r} does not match the folder {path.parent.name!r}", f"set family: {path.parent.name}")
    op = doc.get("op")
    if op not in OPS:
        fail(f"op {op!r} is not one of {', '.join(OPS)}", f"set op: {' or op: '.join(OPS)}")
    defaults = doc.get("defaults") or {}
    if not isinstance(defaults, dict):
        fail("defaults is not a mapping", "write defaults: {key: value, ...}")
    _check_keys(path, "defaults", defaults, op, allow=set(CASE_KEYS) - {"name"})
    entries = doc.get("cases")
    if not isinstance(entries, list) or not entries:
        fail("cases is missing or not a non-empty list", "add a list of cases under cases:")

    cases, index_of = [], {}
    for index, entry in enumerate(entries, start=1):
        label = entry.get("name") if isinstance(entry, dict) and isinstance(entry.get("name"), str) else f"#{index}"
        if not isinstance(entry, dict):
            raise RefgenError(f"{path}: case {label}: not a mapping; write {{name: ..., shape: {{...}}, ...}}")
        _check_keys(path, f"case '{label}'", entry, op, allow=set(CASE_KEYS))
        case = _build_case(path, family, op, label, {**CASE_DEFAULTS, **defaults, **entry})
        if case.name in index_of:
            raise RefgenError(
                f"{path}: case '{case.name}' (#{index}): the name is already used by case #{index_of[case.name]}; "
                "names must be unique in a family"
            )
        index_of[case.name] = index
        cases.append(case)
    return cases


def _check_keys(path, where, mapping, op, allow):
    unknown = sorted(map(str, set(mapping) - allow))
    if unknown:
        raise RefgenError(
            f"{path}: {where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allow))}"
        )
    own = ops.declared()[op].case_keys
    for other_op in OPS:
        misplaced = [key for key in ops.declared()[other_op].case_keys if key in mapping and key not in own]
        if other_op != op and misplaced:
            raise RefgenError(
                f"{path}: {where}: key(s) {', '.join(misplaced)} apply only to op {other_op}, this family is op "
                f"{op}; remove them"
            )


def _build_case(path, family, op, label, values):
    def fail(what, fix):
        raise RefgenError(f"{path}: case '{label}': {what}; {fix}")

    def integer(key, value, minimum):
        if type(value) is not int or value < minimum:
            fail(f"{key} = {value!r} is not an integer >= {minimum}", f"set {key} to an integer >= {minimum}")
        return value

    def number(key, value):
        if type(value) not in (int, float) or not math.isfinite(value) or value <= 0:
            example = "1.0e-6" if key == "eps" else "10000.0"
            fail(f"{key} = {value!r} is not a positive number", f"write it with a decimal point, e.g. {key}: {example}")
        return float(value)

    def flag(key, value):
        if type(value) is not bool:
            fail(f"{key} = {value!r} is not true or false", f"set {key}: true or {key}: false")
        return value

    def choice(key, value, allowed):
        if value not in allowed:
            fail(f"{key} = {value!r} is not one of {', '.join(allowed)}", f"pick one of {', '.join(allowed)}")
        return value

    for key in ("name", "shape", "seed"):
        if key not in values:
            fail(f"{key} is missing", f"set {key} in the case" + ("" if key == "name" else " or in defaults"))
    name = values["name"]
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        fail(f"name {name!r} is not made of [a-z0-9_]", "rename it with lower-case letters, digits and _")
    shape = values["shape"]
    wanted = ops.declared()[op].shape_keys
    if not isinstance(shape, dict) or set(shape) != set(wanted):
        fail(
            f"shape {shape!r} does not have exactly the keys {', '.join(wanted)}",
            f"op {op} takes shape: {{{': .., '.join(wanted)}: ..}}",
        )
    dims = {key: integer(f"shape.{key}", shape[key], 1) for key in wanted}
    if dims["D"] % 2:
        fail(f"D = {dims['D']} is odd", "D must be even (positional embeddings work on pairs of dimensions)")

    pe = choice("pe", values["pe"], OP_PE_KINDS[op])
    storage = choice("storage", values["storage"], STORAGES)
    uses = values["use"]
    if not isinstance(uses, list) or not uses or any(u not in USES for u in uses) or len(set(uses)) != len(uses):
        fail(
            f"use = {uses!r} is not a non-empty list of distinct {', '.join(USES)}",
            "write use: [tests] or use: [tests, benchmarks]",
        )
    case = Case(
        family=family,
        name=name,
        op=op,
        pe=pe,
        **dims,
        q_offset=integer("q_offset", values["q_offset"], 0),
        k_offset=integer("k_offset", values["k_offset"], 0),
        offset=integer("offset", values["offset"], 0),
        eps=number("eps", values["eps"]),
        max_position=_max_position(fail, integer, op, values["max_position"]),
        causal=flag("causal", values["causal"]),
        base=number("base", values["base"]),
        scale=1.0 / math.sqrt(dims["D"]) if values["scale"] is None else number("scale", values["scale"]),
        seed=integer("seed", values["seed"], 0),
        use=tuple(uses),
        fixture=flag("fixture", values["fixture"]),
        storage=storage,
        sample_rows=integer("sample_rows", values["sample_rows"], 0),
        source=str(path),
    )

    if case.seed >= 1 << 63:
        fail(f"seed = {case.seed} does not fit in int64", "pick a smaller seed")
    if op in ("attention", "decode") and case.Hq % case.Hkv:
        fail(f"Hq = {case.Hq} is not a multiple of Hkv = {case.Hkv}", "pick Hkv dividing Hq")
    if op == "decode" and case.Sq > case.Skv:
        fail(f"Sq = {case.Sq} queries exceed the Skv = {case.Skv} cached keys",
             "choose Sq <= Skv (the queries are the last Sq tokens of the cache)")
    if case.causal and case.k_offset > case.q_offset:
        fail(
            f"causal with k_offset = {case.k_offset} > q_offset = {case.q_offset}: query 0 sees no key",
            "set k_offset <= q_offset",
        )
    last = {
        "attention": max(case.q_offset + case.Sq, case.k_offset + case.Sk) - 1,
        "rope": case.offset + case.S - 1,
        "qk_norm_rope": case.max_position,
        "decode": case.Skv - 1,
    }[op]
    if last >= MAX_POSITION:
        fail(f"positions reach {last}, not all exact in float32", f"keep every position below {MAX_POSITION}")
    if case.sampled and not 1 <= case.sample_rows <= case.out_rows:
        fail(
            f"storage sampled with sample_rows = {case.sample_rows}",
            f"set sample_rows between 1 and the {case.out_rows} output rows",
        )
    if not case.sampled and case.sample_rows:
        fail(f"sample_rows = {case.sample_rows} with storage full", "remove sample_rows or set storage: sampled")
    return case


def _max_position(fail, integer, op, value):
    """op qk_norm_rope's bound on its positions: required there, unused elsewhere."""
    if op != "qk_norm_rope":
        return 0
    if value is None:
        fail("max_position is missing (op qk_norm_rope draws positions in [0, max_position])",
             "add max_position: N to the case or its defaults")
    return integer("max_position", value, 0)
