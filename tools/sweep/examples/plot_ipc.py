#!/usr/bin/env python3
"""IPC of each scheduler against the L1D capacity, one panel per workload, read from the
results.csv of the l1-schedulers sweep (doc/sweeps.md). Needs matplotlib (Debian:
python3-matplotlib, for /usr/bin/python3).

    /usr/bin/python3 plot_ipc.py sweeps/l1-schedulers/results.csv l1-schedulers.png
"""
import csv
import sys
from collections import defaultdict

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

with open(sys.argv[1], newline="") as f:
    rows = [r for r in csv.DictReader(f) if r["status"] == "ok"]  # failed runs: empty cells
workloads = list(dict.fromkeys(r["workload"] for r in rows))  # in run-list order
fig, axes = plt.subplots(1, len(workloads), figsize=(4.5 * len(workloads), 3.2), squeeze=False)
for ax, workload in zip(axes[0], workloads):
    ipc = defaultdict(dict)  # scheduler -> {L1D KiB: IPC}
    for r in rows:
        if r["workload"] == workload:
            kib = int(r["l1d.sets"]) * 4 * 128 // 1024  # fermi's L1D: 4 ways of 128 B lines
            ipc[r["scheduler"]][kib] = float(r["ipc"])
    for scheduler, points in ipc.items():
        sizes = sorted(points)
        ax.plot(sizes, [points[s] for s in sizes], marker="o", label=scheduler)
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes, [str(s) for s in sizes])
    ax.set(title=workload, xlabel="L1D capacity (KiB)", ylabel="IPC")
axes[0][0].legend()
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=100)
