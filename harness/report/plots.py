#!/usr/bin/env python3
"""Draws the plots of `fuselab report` from the JSON the C++ side writes.

usage: plots.py PLOT_DATA.json OUT_DIR

Per family: cold median time against head_dim, fraction of the copy ceiling,
and speedup over the fastest PyTorch peer (when peers were measured). SVG,
byte-reproducible: DejaVu Sans (shipped with matplotlib), no date or software
in the metadata, a fixed svg.hashsalt, inputs in the order the JSON gives.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({
    "font.family": "DejaVu Sans",
    "svg.hashsalt": "fuselab",
    "svg.fonttype": "path",
    "path.simplify": False,
    "figure.dpi": 100,
    "axes.grid": True,
    "grid.alpha": 0.3,
})
METADATA = {"Date": None, "Creator": None}


def save(fig, out_dir, name):
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, name), format="svg", metadata=METADATA)
    plt.close(fig)


def style(series):
    return {"linestyle": "--", "marker": "s"} if series["peer"] else {"linestyle": "-", "marker": "o"}


def case_axis(family):
    """Cases ordered by head_dim then name; x positions and tick labels."""
    cases = sorted(family["cases"], key=lambda c: (c["head_dim"], c["name"]))
    return [c["name"] for c in cases], {c["name"]: i for i, c in enumerate(cases)}


def per_case_plot(family, out_dir, name, title, ylabel, value, log_y, hline=None):
    names, x_of = case_axis(family)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.9 * len(names) + 3.0), 4.8))
    for s in family["series"]:
        pts = sorted((x_of[p["case"]], value(p)) for p in s["points"] if value(p) is not None)
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], label=s["label"], **style(s))
    if hline is not None:
        ax.axhline(hline, color="black", linewidth=0.8)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=35, ha="right", fontsize=8)
    if log_y:
        ax.set_yscale("log")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=7, loc="best")
    save(fig, out_dir, name)


def time_plot(family, out_dir):
    """Time against head_dim on the largest group of cases that differ only in
    head_dim (three head dims at least); otherwise per case, ordered by head_dim."""
    groups = {}
    for c in family["cases"]:
        key = c["name"].replace("_d%d" % c["head_dim"], "_d*", 1)
        groups.setdefault(key, []).append(c)
    key, sweep = max(sorted(groups.items()), key=lambda kv: len({c["head_dim"] for c in kv[1]}))
    name = family["files"]["time"]
    title = "%s: cold median time" % family["family"]
    if len({c["head_dim"] for c in sweep}) < 3:
        per_case_plot(family, out_dir, name, title, "cold median (µs)",
                      lambda p: p["median_us"], True)
        return
    dims = {c["name"]: c["head_dim"] for c in sweep}
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    for s in family["series"]:
        pts = sorted((dims[p["case"]], p["median_us"], p["q1_us"], p["q3_us"])
                     for p in s["points"] if p["case"] in dims)
        if not pts:
            continue
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        err = [[p[1] - p[2] for p in pts], [p[3] - p[1] for p in pts]]
        ax.errorbar(xs, ys, yerr=err, label=s["label"], capsize=2, **style(s))
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xticks(sorted(set(dims.values())))
    ax.set_xticklabels([str(d) for d in sorted(set(dims.values()))])
    ax.set_xlabel("head_dim (cases %s)" % key)
    ax.set_ylabel("cold median (µs), bars: IQR")
    ax.set_title(title + " against head_dim")
    ax.legend(fontsize=7, loc="best")
    save(fig, out_dir, name)


def vs_pytorch_plot(family, out_dir):
    peers = [s for s in family["series"] if s["peer"]]
    best = {}
    for s in peers:
        for p in s["points"]:
            best[p["case"]] = min(best.get(p["case"], float("inf")), p["median_us"])
    ours = {"series": [s for s in family["series"] if not s["peer"]],
            "cases": family["cases"], "files": family["files"]}
    per_case_plot(ours, out_dir, family["files"]["vs_pytorch"],
                  "%s: speedup over the fastest PyTorch peer" % family["family"],
                  "PyTorch median / our median (>1: faster)",
                  lambda p: best[p["case"]] / p["median_us"] if p["case"] in best else None,
                  True, hline=1.0)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: plots.py PLOT_DATA.json OUT_DIR")
    with open(sys.argv[1], encoding="utf-8") as f:
        data = json.load(f)
    os.makedirs(sys.argv[2], exist_ok=True)
    for family in data["families"]:
        time_plot(family, sys.argv[2])
        per_case_plot(family, sys.argv[2], family["files"]["copy"],
                      "%s: fraction of the copy ceiling" % family["family"],
                      "minimal traffic / time / copy ceiling (%)",
                      lambda p: None if p["copy_fraction"] is None else 100.0 * p["copy_fraction"],
                      False)
        if "vs_pytorch" in family["files"]:
            vs_pytorch_plot(family, sys.argv[2])


if __name__ == "__main__":
    main()
