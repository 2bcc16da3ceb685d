"""fuselab from Python: `fuselab.torch` holds the PyTorch ops (docs/torch.md)."""
