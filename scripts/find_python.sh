#!/bin/sh
# Prints the path of a python3 that can import torch, h5py, numpy and yaml
# (what reference_data/generate.py and its tests need). Tries python3 on PATH,
# then /usr/bin/python3 (Debian's python3-torch). Usage:
#   $(scripts/find_python.sh) reference_data/generate.py
tried=""
for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
        found=$("$candidate" -c 'import sys, torch, h5py, numpy, yaml; print(sys.executable)' 2>/dev/null) &&
        [ -n "$found" ]; then
        echo "$found"
        exit 0
    fi
    tried="$tried $candidate"
done
echo "find_python.sh: no python3 that imports torch, h5py, numpy and yaml (tried:$tried);" \
    "install them, e.g. apt-get install python3-torch python3-h5py python3-numpy python3-yaml python3-pytest" >&2
exit 1
