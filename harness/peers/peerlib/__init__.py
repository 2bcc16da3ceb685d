"""The pieces of harness/peers/torch_peers.py: statistics and the stopping
rule (stats), the PyTorch peer ops (ops), the output check (check), the cases
and their inputs (cases), GPU timing (timing) and run records (record).

Everything but timing runs without a GPU, so the CPU tests cover it.
"""
