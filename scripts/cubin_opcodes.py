#!/usr/bin/env python3
"""Counts a kernel's SASS instructions from its cubin, without a GPU or
cuobjdump: per kernel (.text section), how many instructions, and how many
of the opcodes named below. An sm_90 instruction is 16 bytes; its opcode is
the low 12 bits of the first 8. The codes below were read off cuobjdump
listings (reports/device-logs/20261126T0948Z-sass-v083-flash-nope-vs-sinpe.txt).
  scripts/cubin_opcodes.py EXPERIMENT_ID [KERNEL_SUBSTRING]
builds the experiment file (scripts/cubin_build.sh) and prints its kernels
whose mangled name contains KERNEL_SUBSTRING (default: all).
R2UR moves a value from a vector to a uniform register: a wgmma descriptor
formed in vector registers costs one per 32-bit half before each product.
HGMMA counts the wgmma form with A in registers only (0xdf0); the form with
both operands in shared memory has another code, not read off yet."""
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cubin_text_hash import text_sections  # noqa: E402

OPCODES = {'R2UR': 0x2ca, 'HGMMA': 0xdf0}  # HGMMA: A in registers


def counts(code):
    ops = [struct.unpack_from('<Q', code, i)[0] & 0xfff for i in range(0, len(code), 16)]
    return len(ops), {name: ops.count(op) for name, op in OPCODES.items()}


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit('usage: scripts/cubin_opcodes.py EXPERIMENT_ID [KERNEL_SUBSTRING]')
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pattern = sys.argv[2] if len(sys.argv) == 3 else ''
    with tempfile.TemporaryDirectory() as work:
        cubin = os.path.join(work, 'kernels.cubin')
        subprocess.run([os.path.join(root, 'scripts', 'cubin_build.sh'), root, sys.argv[1], cubin], check=True)
        rows = [(name[len('.text.'):], *counts(code)) for name, code in sorted(text_sections(cubin))
                if pattern in name]
    if not rows:
        sys.exit(f'no kernel of {sys.argv[1]} has "{pattern}" in its name')
    names = subprocess.run(['c++filt'], input='\n'.join(r[0] for r in rows), capture_output=True, text=True).stdout
    print('| instructions | ' + ' | '.join(OPCODES) + ' | kernel |')
    print('|---:|' + '---:|' * len(OPCODES) + '---|')
    for (_, total, ops), name in zip(rows, names.splitlines()):
        print(f'| {total} | ' + ' | '.join(str(ops[k]) for k in OPCODES) + f' | {name} |')


if __name__ == '__main__':
    main()
