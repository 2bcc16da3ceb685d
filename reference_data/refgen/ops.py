"""The ops' declarations as the bench exports them (reference_data/op_declarations.json).

The C++ harness declares each op once (harness/ops/<op>/); `fuselab export --ops`
writes its parameters and tensors as data, and the generator reads them from
here: the shape keys and op-only case keys a cases.yaml may set, and each
tensor's name, role, dtype, counter stream and extents. The float64 math of
the references stays the generator's own (reference.py). A test keeps the
committed file equal to the export (cli.op_declarations).
"""
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .errors import RefgenError

DECLARATIONS = Path(__file__).resolve().parent.parent / "op_declarations.json"
_TERM = re.compile(r"([+-]?)(?:(\d+)|([A-Za-z0-9_]+)(?:/(\d+))?)")


@dataclass(frozen=True)
class Tensor:
    name: str
    role: str  # counter_input, stored_input or output
    dtype: str  # float32 or int64
    extents: tuple  # text over the shape keys: "T", "Hq+Hkv", "D/2"
    dims: tuple
    stream: int = -1  # the counter stream of a counter input
    max_value_key: str = ""  # an int64 input's bound: the case key that holds it


@dataclass(frozen=True)
class Op:
    name: str
    shape_keys: tuple
    case_keys: tuple
    limits: tuple
    tensors: tuple

    @property
    def counter_inputs(self):
        """The inputs the counter generator draws, in inputs-hash order."""
        return [t for t in self.tensors if t.role == "counter_input"]

    @property
    def output(self):
        return next(t for t in self.tensors if t.role == "output")


def extent(expression, values):
    """The value of an extent (harness/core/extent_expression.h) with the shape keys bound to `values`."""
    total, position = 0, 0
    for match in _TERM.finditer(expression):
        if match.start() != position or (position and not match.group(1)):
            break
        sign, number, key, divisor = match.groups()
        value = int(number) if number else values[key] // int(divisor or 1)
        total += -value if sign == "-" else value
        position = match.end()
    if position != len(expression) or not expression:
        raise RefgenError(f"{DECLARATIONS}: extent {expression!r} is not keys and integers joined by + or -; "
                          "regenerate the file with fuselab export --ops")
    return total


def shape(tensor, values):
    return tuple(extent(e, values) for e in tensor.extents)


@lru_cache(maxsize=None)
def declared(path=DECLARATIONS):
    """name -> Op, from the exported file."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        return {
            name: Op(name, tuple(op["shape_keys"]), tuple(op["case_keys"]), tuple(op["limits"]),
                     tuple(Tensor(t["name"], t["role"], t["dtype"], tuple(t["extents"]), tuple(t["dims"]),
                                  t.get("stream", -1), t.get("max_value_key", "")) for t in op["tensors"]))
            for name, op in doc["ops"].items()
        }
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise RefgenError(f"{path}: cannot read the op declarations ({err}); regenerate it with "
                          "build/harness/cli/fuselab export --ops reference_data/op_declarations.json") from err
