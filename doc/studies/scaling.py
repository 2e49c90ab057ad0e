#!/usr/bin/python3
"""How simulation cost grows with the work and the machine (doc/performance.md, "Scaling").

Runs warpsim-bench on fermi and writes doc/scaling.png and doc/studies/results/scaling.json:
    /usr/bin/python3 doc/studies/scaling.py [BUILD_DIR]
(a) workload size, memory-bound (stream) and compute-bound (tile); (b) SMs, 15 to 120, at a
fixed size; (c) resident warps per SM, 8 to 64; each point's wall time, simulated cycles, warp
instructions and peak RSS, read off warpsim-bench --json. Needs matplotlib.
"""
import json
import os
import subprocess
import sys
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from headlines import write_headlines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
BENCH = os.path.join(BUILD, "bin", "warpsim-bench")

SIZES = {"stream": [256, 512, 1024, 2048, 4096], "tile": [3, 6, 9, 12, 15]}
SMS = [15, 30, 60, 120]
WARPS = [8, 16, 32, 48, 64]


def bench(workload, size, *sets):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "b.json")
        args = [BENCH, "--platform", "fermi", "--workload", workload, "--sched", "gto",
                "--set", "workload.size=%d" % size, "--quiet", "--json", out]
        for s in sets:
            args += ["--set", s]
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        with open(out) as f:
            r = json.load(f)
    print("%-7s size %5d %-22s %9d warp inst %9d cycles %7.2f s %6.1f MiB" % (
        workload, size, " ".join(sets), r["warp_instructions"], r["cycles"], r["wall_seconds"],
        r["peak_rss_kib"] / 1024), flush=True)
    return r


def main():
    res = {"size": {w: [bench(w, s) for s in sizes] for w, sizes in SIZES.items()},
           # Fixed work (stream, 1024) on ever more SMs (memory partitions as fermi has).
           "sms": [bench("stream", 1024, "gpu.sms=%d" % n) for n in SMS],
           # Resident warps per SM: CTAs of 8 warps, so max_ctas follows the warp slots.
           "warps": [bench("stream", 1024, "sm.max_warps=%d" % w, "sm.max_threads=%d" % (32 * w),
                           "sm.max_ctas=%d" % max(1, w // 8)) for w in WARPS]}
    write_headlines("scaling", res)
    fig, ax = plt.subplots(1, 3, figsize=(15, 4.2))
    for w, runs in res["size"].items():
        ax[0].plot([r["warp_instructions"] / 1e6 for r in runs], [r["wall_seconds"] for r in runs],
                   "o-", label="%s (wall s)" % w)
    ax[0].set_xlabel("warp instructions (M)")
    ax[0].set_ylabel("wall seconds")
    ax[0].set_title("(a) workload size, fermi, GTO")
    ax[0].legend()
    per = lambda runs, what: [r["wall_seconds"] / r[what] * 1e6 for r in runs]
    panels = [(ax[1], SMS, res["sms"], "SMs", "(b) machine size",
               [r["peak_rss_kib"] / 1024 for r in res["sms"]], "peak RSS (MiB)"),
              (ax[2], WARPS, res["warps"], "resident warps per SM", "(c) warps per SM",
               per(res["warps"], "warp_instructions"), "wall us per warp instruction")]
    for a, xs, runs, xlabel, title, second, label in panels:
        a.plot(xs, per(runs, "cycles"), "o-", label="wall us per simulated cycle")
        a.plot(xs, second, "s--", label=label)
        a.set_xlabel(xlabel + " (stream, size 1024)")
        a.set_title(title)
        a.legend()
    fig.tight_layout()
    png = os.path.join(ROOT, "doc", "scaling.png")
    fig.savefig(png, dpi=90)
    print("wrote", png)


if __name__ == "__main__":
    main()
