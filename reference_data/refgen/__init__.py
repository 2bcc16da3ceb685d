"""Reference-data generator for fuselab (format: docs/reference-format.md).

Modules, one job each:
  cases       load and validate experiments/<family>/cases.yaml
  counter     the fuselab-counter-v1 input generator
  inputs      a case's input tensors, inv_freq and inputs hash
  pe          positional embeddings (angles, sinusoidal, RoPE) in torch
  reference   the float64 reference math
  torch_fp32  PyTorch's own float32 answer
  build       one case's datasets (full or sampled storage)
  h5file      writing and reading the HDF5 files
  manifest    reading and writing reference_data/MANIFEST
  provenance  generator version, source hash, library versions, device
  status      how a file on disk compares with its case and MANIFEST line
  runner      the generate loop (skip / force / fixture rules, progress)
  check       --check: verify files and inputs against MANIFEST
  errors      RefgenError, the one exception shown to the user
"""
