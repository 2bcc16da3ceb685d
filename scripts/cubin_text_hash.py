#!/usr/bin/env python3
"""Prints one line per .text.* section of each CUDA cubin (64-bit ELF):
the section name and the sha256 of its bytes, as a run record's
"device_code" hashes a kernel (docs/provenance.md).  scripts/cubin_diff.sh
compares these lines between two builds of the same experiment file."""
import hashlib
import struct
import sys


def text_sections(path):
    """(section name, section bytes) of every .text.* section of the cubin at path."""
    data = open(path, 'rb').read()
    if data[:4] != b'\x7fELF' or data[4] != 2:
        sys.exit(f'{path} is not a 64-bit ELF file (a cubin from nvcc -cubin)')
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3A)
    headers = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize) for i in range(shnum)]
    names_at = headers[shstrndx][4]
    for h in headers:
        name = data[names_at + h[0]:data.index(b'\0', names_at + h[0])].decode()
        if name.startswith('.text.'):
            yield name, data[h[4]:h[4] + h[5]]


if __name__ == '__main__':
    for cubin in sys.argv[1:]:
        for name, code in sorted(text_sections(cubin)):
            print(name, hashlib.sha256(code).hexdigest())
