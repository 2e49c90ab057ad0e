#!/usr/bin/env python3
"""OWL's study (Jog et al., ASPLOS'13, section 5.1, Figures 7-8, Tables 3-4) on warpsim-owl28.

Regenerates doc/owl-study.md and doc/owl-study.png from the runs of doc/studies/specs/owl.ini
(warpsim-owl28), made through warpsim-sweep into BUILD_DIR/studies/owl:
    /usr/bin/python3 doc/studies/owl_study.py [BUILD_DIR]      (or: make owl-study)
The SPEC runs RR (lrr), cta-aware, cta-aware-locality, cta-aware-locality-blp, owl, Perfect-L2
(with -Locality-BLP) and Perfect-L1 (with RR) on the memory-intensive kernels; this reports IPC,
L1 miss rate, BLP, RBL, L2 hit rate and MemoryBlockCycles normalised to RR, plus OWL Table 4's
row-sharing metrics (the platform's --row-sharing query, asked directly). Every other figure is
read off the --stats JSON of one of the SPEC's runs.
Needs matplotlib (Debian: python3-matplotlib, for /usr/bin/python3).
"""
import math
import os
import subprocess
import sys

import sweep_runs
from headlines import write_headlines

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("owl_study.py needs matplotlib: apt-get install python3-matplotlib, then run it "
             "with /usr/bin/python3 (or: make owl-study)")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
PROGRAM = os.path.join(BUILD, "bin", "warpsim-owl28")

# OWL 5.1's mean IPC over RR (arithmetic mean over its Type-1 applications).
PAPER_IPC = {"CTA-Aware": 1.14, "-Locality": 1.25, "-Locality-BLP": 1.31, "OWL": 1.33}
METRICS = ["IPC", "L1 miss rate", "BLP", "RBL", "L2 hit rate", "MemoryBlockCycles"]


def ratio(num, den):
    return num / den if den else None


def metrics(s):
    """The study's metrics of one run; None where the build has no such statistic."""
    gpu = s["gpu"]
    sms = [b for n, b in gpu.items() if n.startswith("sm") and n[2:].isdigit()]
    l1 = lambda k: sum(sm[c][k] for sm in sms for c in ("l1d", "l1t", "l1c"))
    l2s = [b for n, b in gpu.items() if n.startswith("l2_")]
    parts = [b for n, b in gpu.items() if n.startswith("part") and n[4:].isdigit()]
    mean_of = lambda key: (sum(p[key] for p in parts) / len(parts)
                           if parts and all(key in p for p in parts) else None)
    l2sum = lambda key: sum(b.get(key, 0) for b in l2s)
    useful, fills, late = l2sum("prefetch_useful"), l2sum("prefetch_fills"), l2sum("prefetch_late")
    return {
        # The prefetcher's accuracy, coverage and lateness, over all L2 slices.
        "prefetches": sum(p.get("prefetches", 0) for p in parts),
        "prefetch dropped": l2sum("prefetch_dropped"),
        "accuracy": ratio(useful, fills),
        "coverage": ratio(useful, useful + l2sum("misses")),
        "lateness": ratio(late, fills + l2sum("prefetch_dropped")),
        "IPC": s["ipc"],
        # OWL Table 3: the combined miss rate of the texture, constant and data L1s.
        "L1 miss rate": ratio(l1("misses"), l1("accesses")),
        "BLP": mean_of("blp"),
        "RBL": mean_of("rbl"),
        "L2 hit rate": ratio(sum(b["hits"] for b in l2s), sum(b["accesses"] for b in l2s)),
        "MemoryBlockCycles": gpu["sm_total"]["memory_block_cycles"],
        "cycles": s["cycles"],
        "warp_instructions": s["warp_instructions"],
    }


def row_sharing(workload, size):
    """OWL Table 4 per kernel: [(kernel, CTAs, rows, sharing %, CTAs per row)]."""
    out = subprocess.run([PROGRAM, "--workload", workload, "--set", "workload.size=%d" % size,
                          "--row-sharing"], check=True, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines()[1:]:
        name, ctas, nrows, sharing, per_row = line.split()
        rows.append((name, int(ctas), int(nrows), float(sharing.rstrip("%")), float(per_row)))
    return rows


def fmt(v, spec="%.2f"):
    return "n/a" if v is None else spec % v


def normalised(results, kernel, label, metric):
    base = results[kernel]["RR"][metric]
    value = results[kernel][label][metric]
    if base is None or value is None or base == 0:
        return None
    return value / base


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def gmean(values):
    values = [v for v in values if v is not None and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def plot(results, path):
    labels = list(results[next(iter(results))])
    kernels = list(results) + ["mean"]
    shown = ["IPC", "L1 miss rate", "MemoryBlockCycles", "L2 hit rate", "BLP", "RBL"]
    fig, axes = plt.subplots(3, 2, figsize=(13, 10))
    width = 0.8 / len(labels)
    for ax, metric in zip(axes.flat, shown):
        # L2 hit rates near 0 under RR make ratios meaningless: that panel shows the rates.
        absolute = metric == "L2 hit rate"
        for i, label in enumerate(labels):
            vals = [results[k][label][metric] if absolute else normalised(results, k, label, metric)
                    for k in results]
            vals.append(mean(vals))
            xs = [j + (i - len(labels) / 2 + 0.5) * width for j in range(len(kernels))]
            ax.bar(xs, [0 if v is None else v for v in vals], width, label=label)
        if not absolute:
            ax.axhline(1.0, color="black", linewidth=0.6)
        ax.set_xticks(range(len(kernels)))
        ax.set_xticklabels(kernels)
        missing = all(results[k]["RR"][metric] is None for k in results)
        ax.set_title(metric + (" (absolute)" if absolute else " / RR") +
                     (" (no such statistic in this build)" if missing else ""))
    axes.flat[0].legend(fontsize=8, ncol=2)
    fig.suptitle("warpsim-owl28: OWL's schemes normalised to RR")
    fig.tight_layout()
    fig.savefig(path, dpi=90)


DISCUSSION = "<!-- Hand-written below this line; owl_study.py keeps it when it regenerates. -->"


def kept_discussion(path):
    """The hand-written discussion at the end of the previous doc, from its marker line on."""
    try:
        with open(path) as f:
            text = f.read()
    except FileNotFoundError:
        return "\n" + DISCUSSION + "\n"
    at = text.find(DISCUSSION)
    return "\n" + (text[at:] if at >= 0 else DISCUSSION + "\n")


def main():
    sweep = sweep_runs.run("owl", BUILD)
    results = {}  # kernel -> scheme (the SPEC's variant) -> metrics, in the SPEC's order
    for r in sweep.rows:
        results.setdefault(r["workload"].split(":")[0], {})[r["variant"]] = metrics(sweep.stats(r))
    kernels = [(w, int(size)) for w, size in (e.split(":") for e in sweep.values("workload"))]
    labels = sweep.values("variant")
    sharing = [(w, size) + r for w, size in kernels for r in row_sharing(w, size)]
    runs, wall = len(sweep.rows), sweep.wall_seconds()
    cycles = sum(m["cycles"] for k in results.values() for m in k.values())
    insts = sum(m["warp_instructions"] for k in results.values() for m in k.values())
    lines = [
        "# OWL on warpsim-owl28: CTA-aware scheduling vs RR",
        "",
        "Generated by `make owl-study` (or `/usr/bin/python3 doc/studies/owl_study.py [BUILD_DIR]`;",
        "do not edit by hand): %d runs of `warpsim-owl28` (OWL Table 1; minimum CTA group" % runs,
        "`sched.owl_group_size` = 8 warps, OWL 5.2). Schemes as in OWL 5.1: RR is `lrr`;",
        "CTA-Aware, -Locality and -Locality-BLP are `cta-aware`, `cta-aware-locality`,",
        "`cta-aware-locality-blp`; OWL is `owl`; Perfect-L2 is -Locality-BLP with `l2.perfect=true`",
        "(OWL 5.1 compares it with -Locality-BLP: the bound of what the prefetcher can add);",
        "Perfect-L1 is RR with `l1d.perfect=true` (OWL 3's PMEM). The plot is",
        "[owl-study.png](owl-study.png)",
        "(every panel normalised to RR, except the L2 hit rates, shown as they are).",
        "",
        "Metrics: IPC is thread instructions per core cycle; L1 miss rate is misses / accesses",
        "of the data, texture and constant L1s together (OWL Table 3; MSHR merges are accesses",
        "that are neither hits nor misses); BLP and RBL are the mean over memory partitions of",
        "`gpu.partP.blp` and `gpu.partP.rbl` (BLP: busy banks averaged over the cycles with a",
        "bank busy, a bank busy from a demand's first command to its last data beat, OWL 2.2);",
        "L2 hit rate is hits / accesses over all slices;",
        "MemoryBlockCycles is `gpu.sm_total.memory_block_cycles` (OWL section 3: SM cycles with",
        'warps resident, all waiting on memory). "mean" is the arithmetic mean OWL 5.1 reports,',
        '"gmean" the geometric mean (less swayed by one kernel\'s large ratio).',
        "",
        "## RR, absolute",
        "",
        "| kernel | size | cycles | IPC | L1 miss rate | BLP | RBL | L2 hit rate | MemoryBlockCycles |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for workload, size in kernels:
        m = results[workload]["RR"]
        lines.append("| %s | %d | %d | %.2f | %s | %s | %s | %s | %d |" % (
            workload, size, m["cycles"], m["IPC"], fmt(m["L1 miss rate"], "%.3f"),
            fmt(m["BLP"]), fmt(m["RBL"], "%.3f"), fmt(m["L2 hit rate"], "%.3f"),
            m["MemoryBlockCycles"]))

    for metric in METRICS:
        lines += ["", "## %s, normalised to RR" % metric, "",
                  "| kernel | " + " | ".join(labels[1:]) + " |",
                  "|---|" + "---|" * (len(labels) - 1)]
        for workload, _ in kernels:
            lines.append("| %s | " % workload + " | ".join(
                fmt(normalised(results, workload, l, metric)) for l in labels[1:]) + " |")
        for name, average in (("mean", mean), ("gmean", gmean)):
            lines.append("| **%s** | " % name + " | ".join(
                fmt(average([normalised(results, k, l, metric) for k, _ in kernels]))
                for l in labels[1:]) + " |")

    lines += ["", "## The prefetcher (OWL 4.4), in the OWL runs", "",
              "Over all L2 slices: accuracy = prefetch_useful / prefetch_fills; coverage =",
              "useful / (useful + demand L2 misses); lateness = prefetch_late / pushed lines",
              "received; dropped: pushed lines the L2 already held or awaited. Cycles are OWL's",
              "over -Locality-BLP's (the same scheduler without the prefetcher).", "",
              "| kernel | prefetches | dropped | accuracy | coverage | lateness | cycles vs -Locality-BLP |",
              "|---|---|---|---|---|---|---|"]
    for workload, _ in kernels:
        m, base = results[workload]["OWL"], results[workload]["-Locality-BLP"]
        lines.append("| %s | %d | %d | %s | %s | %s | %s |" % (
            workload, m["prefetches"], m["prefetch dropped"], fmt(m["accuracy"], "%.3f"),
            fmt(m["coverage"], "%.3f"), fmt(m["lateness"], "%.3f"),
            fmt(ratio(m["cycles"], base["cycles"]))))

    lines += ["", "## Row sharing (OWL Table 4)", "",
              "From `warpsim-owl28 --workload W --set workload.size=N --row-sharing`: every",
              "device-memory access of the kernel mapped to its DRAM row by owl28's address map",
              "(8 partitions, 256 B chunks, 4 banks, 2 KiB rows), caches ignored. Consecutive-CTA",
              "row sharing: per row, the fraction of its CTAs whose id +-1 also accesses it,",
              "averaged over rows; CTAs/row: CTAs per row, averaged over rows.", "",
              "| workload | size | kernel | CTAs | rows | consecutive-CTA row sharing | CTAs/row |",
              "|---|---|---|---|---|---|---|"]
    for workload, size, kernel, ctas, nrows, share, per_row in sharing:
        lines.append("| %s | %d | %s | %d | %d | %.1f%% | %.2f |" % (
            workload, size, kernel, ctas, nrows, share, per_row))

    ipc = {l: mean([normalised(results, k, l, "IPC") for k, _ in kernels]) for l in labels}
    lines += ["", "## The paper's directions, checked", ""]
    steps = labels[:5]
    for prev, cur in zip(steps, steps[1:]):
        better = ipc[cur] is not None and ipc[prev] is not None and ipc[cur] > ipc[prev]
        lines.append("- %s over RR: %s (paper: %s); %s %s on average." % (
            cur, fmt(ipc[cur]), "%.2f" % PAPER_IPC[cur], "improves on" if better else
            "does not improve on", prev))
    blp = [normalised(results, k, "-Locality-BLP", "BLP") for k, _ in kernels]
    if all(v is None for v in blp):
        lines.append("- BLP and RBL: n/a, this build's partitions report no `blp`/`rbl` "
                     "(no banked DRAM controller), so -BLP's effect on them cannot be checked.")
    else:
        for metric in ("BLP", "RBL"):
            a = mean([normalised(results, k, "-Locality-BLP", metric) for k, _ in kernels])
            b = mean([normalised(results, k, "-Locality", metric) for k, _ in kernels])
            lines.append("- %s: -Locality-BLP %s vs -Locality %s (paper: BLP +11%%, RBL -14%%)."
                         % (metric, fmt(a), fmt(b)))
    same = all(results[k]["OWL"]["cycles"] == results[k]["-Locality-BLP"]["cycles"]
               for k, _ in kernels)
    l2 = {l: mean([normalised(results, k, l, "L2 hit rate") for k, _ in kernels])
          for l in ("-Locality-BLP", "OWL")}
    lines.append("- L2 hit rate: OWL %s vs -Locality-BLP %s (paper: +12%% from the prefetcher)%s."
                 % (fmt(l2["OWL"]), fmt(l2["-Locality-BLP"]),
                    "; `owl` ran cycle for cycle as -Locality-BLP: no prefetcher in this build"
                    if same else ""))
    gap = ratio(ipc["OWL"], ipc["Perfect-L2"]) if ipc["OWL"] and ipc["Perfect-L2"] else None
    lines.append("- OWL reaches %s of Perfect-L2's mean IPC (paper: within 11%%)." % (
        "n/a" if gap is None else "%.0f%%" % (100 * gap)))

    # The headline figures doc/fidelity.md compares with the paper (doc/studies/fidelity.py).
    headlines = {"IPC over RR, mean": ipc,
                 "IPC over RR, gmean": {l: gmean([normalised(results, k, l, "IPC")
                                                  for k, _ in kernels]) for l in labels},
                 "L2 hit rate over RR, mean": l2, "OWL / Perfect-L2 IPC": gap}
    for metric in ("BLP", "RBL"):
        headlines[metric + " over RR, mean"] = {
            l: mean([normalised(results, k, l, metric) for k, _ in kernels])
            for l in ("-Locality", "-Locality-BLP")}
    write_headlines("owl", headlines)

    lines += ["", "## Simulation rate", "",
              "%d runs, %.1f s of wall time in the simulator processes: %.0f Kwarp inst/s, "
              "%.0f Kcycles/s overall (%d warp instructions, %d core cycles)." % (
                  runs, wall, insts / wall / 1e3, cycles / wall / 1e3, insts, cycles)]

    out = os.path.join(ROOT, "doc", "owl-study.md")
    kept = kept_discussion(out)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n" + kept)
    png = os.path.join(ROOT, "doc", "owl-study.png")
    plot(results, png)
    print("wrote", out, "and", png)


if __name__ == "__main__":
    main()
