#!/usr/bin/python3
"""The four papers' comparisons on warpsim's own CUDA benchmarks (benchmarks/README.md), beside
the synthetic kernels of the other studies: the same platforms, schemes and metrics, on real
programs at study sizes.

Regenerates doc/cuda-study.md, doc/cuda-study.png and doc/studies/results/cuda.json:
    /usr/bin/python3 doc/studies/cuda_study.py [BUILD_DIR]      (or: make cuda-study)
Needs the benchmarks built (nvcc; build/bin/bench-NAME): it records each one's whole run at its
study scale once (WARPSIM_RECORD_PROGRAM, in BUILD_DIR/benchmarks/study-records), then replays
the records under every scheme of each paper on that paper's platform through warpsim-sweep
(doc/sweeps.md): since the records are in BUILD_DIR, it writes a SPEC per paper there,
BUILD_DIR/studies/cuda-PAPER.ini (the paper's schemes are the variants of its own study's SPEC,
doc/studies/specs/PAPER.ini), and sweeps it into BUILD_DIR/studies/cuda-PAPER. Every figure is
read off the --stats JSON of one of those runs. Needs matplotlib (python3-matplotlib).
"""
import json
import math
import os
import subprocess
import sys

import ccws_study
import mascar_study
import owl_study
import sweep_runs
from headlines import write_headlines

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
BIN = os.path.join(BUILD, "bin")
RECORDS = os.path.join(BUILD, "benchmarks", "study-records")
JOBS = int(os.environ.get("JOBS", "2"))

# Study scales: hundreds to thousands of CTAs per program, 1-3 M warp instructions.
SCALES = {"bfs": 32, "kmeans": 8, "backprop": 16, "srad": 32, "streamcluster": 16,
          "scalarprod": 32, "sgemm": 32, "spmv": 8, "histogram": 32, "reduce": 64}

# Per paper: its platform, schemes (label, options; the first is the baseline: the variants of
# its study's SPEC), the benchmarks shaped like the ones it evaluates, the metric function of its
# own study, and the directions it reports: (scheme, over scheme, metric, the paper's ratio or
# None).
PAPERS = [
    {"paper": "OWL", "platform": "owl28", "study": "owl-study.md",
     "schemes": [s for s in sweep_runs.variants("owl") if not s[0].startswith("Perfect")],
     "benchmarks": ["bfs", "kmeans", "streamcluster", "scalarprod", "spmv", "sgemm", "reduce"],
     "metrics": owl_study.metrics, "shown": ["IPC", "L1 miss rate", "L2 hit rate", "BLP", "RBL"],
     "directions": [("CTA-Aware", "RR", "IPC", 1.14), ("-Locality", "CTA-Aware", "IPC", 1.10),
                    ("-Locality-BLP", "-Locality", "IPC", 1.05),
                    ("-Locality-BLP", "-Locality", "BLP", 1.11),
                    ("OWL", "-Locality-BLP", "IPC", 1.02),
                    ("OWL", "-Locality-BLP", "L2 hit rate", 1.12)]},
    {"paper": "CCWS", "platform": "ccws30", "study": "ccws-study.md",
     "schemes": sweep_runs.variants("ccws"),
     "benchmarks": ["bfs", "kmeans", "streamcluster", "srad"],
     "metrics": ccws_study.metrics, "shown": ["IPC", "L1D MPKI"],
     "directions": [("CCWS", "GTO", "IPC", 1.63), ("LRR", "GTO", "IPC", 0.36),
                    ("2LVL-GTO", "GTO", "IPC", None), ("CCWS", "GTO", "L1D MPKI", None)]},
    {"paper": "Mascar", "platform": "fermi", "study": "mascar-study.md",
     "schemes": sweep_runs.variants("mascar"),
     "benchmarks": ["bfs", "kmeans", "backprop", "srad", "spmv", "sgemm", "histogram"],
     "metrics": mascar_study.metrics, "shown": ["ipc", "l1_hit", "lsu_stall"],
     "directions": [("Mascar", "LRR", "ipc", 1.34), ("GTO", "LRR", "ipc", 1.13),
                    ("Mascar", "GTO", "ipc", 1.19), ("OWL", "LRR", "ipc", 1.04)]},
]
PREDICTOR = {"paper": "Predictor", "platform": "fermi",
             "schemes": [("gto", "--sched gto --set predictor.enable=true "
                                 "--set predictor.kind=all --set predictor.entries=1024")],
             "benchmarks": ["bfs", "scalarprod", "srad"],
             "kinds": ["cooperative", "cooperative-nolec", "cta-aware"]}
IPC_KEY = {"OWL": "IPC", "CCWS": "IPC", "Mascar": "ipc"}
# (platform, benchmark): [runs, wall seconds, warp instructions, cycles] of its replays
RATES = {}


def record(name):
    """BUILD/benchmarks/study-records/NAME-sSCALE: the program's whole run, made if missing."""
    scale = SCALES[name]
    out = os.path.join(RECORDS, "%s-s%d" % (name, scale))
    program = os.path.join(BIN, "bench-" + name)
    if not os.path.exists(program):
        sys.exit("cuda_study.py: %s is missing: the benchmarks are built where CMake finds nvcc "
                 "(benchmarks/README.md)" % program)
    done = os.path.join(out, "launch.json")
    if os.path.exists(done) and os.path.getmtime(done) > os.path.getmtime(program):
        return out
    subprocess.run(["rm", "-rf", out], check=True)
    env = dict(os.environ, WARPSIM_QUIET="1", WARPSIM_RECORD_PROGRAM=out)
    log = os.path.join(BUILD, "benchmarks", name + ".ptxas.txt")
    if os.path.exists(log):
        env["WARPSIM_PTXAS_LOG"] = log
    print("recording %s at scale %d" % (name, scale), flush=True)
    subprocess.run([program, str(scale)], check=True, env=env, stdout=subprocess.DEVNULL)
    return out


def sweep(p, records):
    """The paper's schemes on its benchmarks' records: writes BUILD/studies/cuda-PAPER.ini and
    sweeps it. {(benchmark, scheme): the run's statistics}; adds its runs to RATES."""
    name = "cuda-" + p["paper"].lower()
    spec = os.path.join(BUILD, "studies", name + ".ini")
    entries = {b: os.path.relpath(records[b], os.path.dirname(spec)) for b in p["benchmarks"]}
    text = ["# Written by doc/studies/cuda_study.py: %s's schemes on the study records of the CUDA"
            " benchmarks." % p["paper"], "[sweep]", "name = " + name,
            "platforms = " + p["platform"], "launch-records = " + " ".join(entries.values()),
            "collect = cycles warp_instructions"]
    for label, options in p["schemes"]:
        text += ["[variant %s]" % label, "options = " + options]
    os.makedirs(os.path.dirname(spec), exist_ok=True)
    with open(spec, "w") as f:
        f.write("\n".join(text) + "\n")
    result = sweep_runs.run(name, BUILD, JOBS, spec)
    stats = {}
    for b in p["benchmarks"]:
        for label, _ in p["schemes"]:
            row = result.find(workload=entries[b], variant=label)
            stats[(b, label)] = result.stats(row)
            rate = RATES.setdefault((p["platform"], b), [0, 0.0, 0, 0])
            rate[0] += 1
            rate[1] += float(row["wall_seconds"])
            rate[2] += int(row["warp_instructions"])
            rate[3] += int(row["cycles"])
    return stats


def gmean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(v, spec="%.2f"):
    return "n/a" if v is None else spec % v


def run_paper(p, records):
    return {key: (s, p["metrics"](s)) for key, s in sweep(p, records).items()}


def paper_section(p, res, synthetic):
    labels = [label for label, _ in p["schemes"]]
    base = labels[0]
    ipc = IPC_KEY[p["paper"]]
    lines = ["", "## %s on %s" % (p["paper"], p["platform"]), "",
             "Schemes and metrics as in [%s](%s); the benchmarks shaped like the paper's." % (
                 p["study"], p["study"]), "",
             "| benchmark | scale | launches | warp instructions | %s cycles | " % base +
             " | ".join(p["shown"]) + " |",
             "|---|---|---|---|---|" + "---|" * len(p["shown"])]
    for b in p["benchmarks"]:
        s, m = res[(b, base)]
        lines.append("| %s | %d | %d | %d | %d | " % (b, SCALES[b], s["totals"]["kernels_finished"],
                                                    s["warp_instructions"], s["cycles"]) +
                     " | ".join(fmt(m[k], "%.3f") for k in p["shown"]) + " |")
    lines += ["", "IPC over %s:" % base, "", "| benchmark | " + " | ".join(labels[1:]) + " |",
              "|---|" + "---|" * (len(labels) - 1)]
    for b in p["benchmarks"]:
        lines.append("| %s | " % b + " | ".join(
            fmt(ratio(res[(b, l)][1][ipc], res[(b, base)][1][ipc])) for l in labels[1:]) + " |")
    lines.append("| **gmean** | " + " | ".join(
        fmt(gmean([ratio(res[(b, l)][1][ipc], res[(b, base)][1][ipc]) for b in p["benchmarks"]]))
        for l in labels[1:]) + " |")
    lines += ["", "The paper's directions (gmean over the benchmarks; synthetic: the same ratio "
              "in the synthetic study's headline figures, where it reports it):", "",
              "| figure | paper | synthetic kernels | CUDA benchmarks | direction |",
              "|---|---|---|---|---|"]
    headlines = {}
    for a, over, metric, paper in p["directions"]:
        value = gmean([ratio(res[(b, a)][1][metric], res[(b, over)][1][metric])
                       for b in p["benchmarks"]])
        name = "%s over %s, %s" % (a, over, metric)
        headlines[name] = {"paper": paper, "synthetic": synthetic.get(name), "cuda": value}
        agree = "n/a"
        if value is not None and paper is not None:
            agree = "agree" if (value - 1) * (paper - 1) > 0 or abs(value - 1) < 0.02 and \
                abs(paper - 1) < 0.02 else "disagree"
        lines.append("| %s | %s | %s | %s | %s |" % (name, fmt(paper), fmt(synthetic.get(name)),
                                                     fmt(value), agree))
    return lines, headlines


def predictor_section(records):
    stats = sweep(PREDICTOR, records)
    lines = ["", "## Address prediction on fermi", "",
             "As in [predictor-study.md](predictor-study.md): GTO, a 1024-entry table, every "
             "predictor observing the same run. PCOV = predictions / load requests, PACC = "
             "correct / predictions.", "",
             "| benchmark | " + " | ".join("%s PCOV | PACC" % k for k in PREDICTOR["kinds"]) +
             " |", "|---|" + "---|---|" * len(PREDICTOR["kinds"])]
    pcov = {k: [] for k in PREDICTOR["kinds"]}
    for b in PREDICTOR["benchmarks"]:
        pred = stats[(b, "gto")]["gpu"]["predictor"]
        cells = []
        for k in PREDICTOR["kinds"]:
            pcov[k].append(pred[k]["pcov"])
            cells += ["%.1f%%" % (100 * pred[k]["pcov"]),
                      "%.1f%%" % (100 * pred[k]["pacc"]) if pred[k]["predictions"] else "-"]
        lines.append("| %s | " % b + " | ".join(cells) + " |")
    mean = lambda xs: sum(xs) / len(xs)
    name = "cooperative PCOV over cta-aware PCOV (mean)"
    value = ratio(mean(pcov["cooperative"]), mean(pcov["cta-aware"]))
    synthetic = synthetic_headlines("predictor").get(name)
    h = {name: {"paper": None, "synthetic": synthetic, "cuda": value}}
    lines += ["", "Cooperative PCOV over CTA-aware PCOV (mean): %s on the CUDA benchmarks, %s on "
              "the synthetic kernels (paper, Fig. 10: above 1)." % (fmt(value), fmt(synthetic))]
    return lines, h


def synthetic_headlines(paper):
    """The synthetic study's figures under this study's names, where it reports the same ratio
    (doc/studies/results/<study>.json)."""
    try:
        with open(os.path.join(ROOT, "doc", "studies", "results", paper.lower() + ".json")) as f:
            raw = json.load(f)
    except FileNotFoundError:
        return {}
    if paper == "OWL":
        ipc, blp, l2 = (raw.get(k, {}) for k in
                        ("IPC over RR, gmean", "BLP over RR, mean", "L2 hit rate over RR, mean"))
        steps = ["RR", "CTA-Aware", "-Locality", "-Locality-BLP", "OWL"]
        flat = {"%s over %s, IPC" % (cur, prev): ratio(ipc.get(cur), ipc.get(prev))
                for prev, cur in zip(steps, steps[1:])}
        flat["-Locality-BLP over -Locality, IPC"] = ratio(ipc.get("-Locality-BLP"),
                                                          ipc.get("-Locality"))
        flat["-Locality-BLP over -Locality, BLP"] = ratio(blp.get("-Locality-BLP"),
                                                          blp.get("-Locality"))
        flat["OWL over -Locality-BLP, L2 hit rate"] = ratio(l2.get("OWL"), l2.get("-Locality-BLP"))
        return flat
    if paper == "CCWS":
        return {"%s over GTO, IPC" % a: raw.get("%s over GTO, HMEAN cache-sensitive" % a)
                for a in ("CCWS", "LRR")}
    if paper == "Mascar":
        return {"%s over %s, ipc" % (a, b): raw.get("%s over %s, memory-intensive gmean" % (a, b))
                for a, b in (("Mascar", "LRR"), ("GTO", "LRR"), ("Mascar", "GTO"),
                             ("OWL", "LRR"))}
    return raw


def plot(all_results, path):
    fig, axes = plt.subplots(1, len(PAPERS), figsize=(6 * len(PAPERS), 4.5))
    for ax, (p, res) in zip(axes, all_results):
        labels = [label for label, _ in p["schemes"]]
        ipc = IPC_KEY[p["paper"]]
        width = 0.8 / (len(labels) - 1)
        for i, l in enumerate(labels[1:]):
            vals = [ratio(res[(b, l)][1][ipc], res[(b, labels[0])][1][ipc]) or 0
                    for b in p["benchmarks"]]
            ax.bar([j + i * width for j in range(len(vals))], vals, width, label=l)
        ax.axhline(1.0, color="black", linewidth=0.6)
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(p["benchmarks"]))])
        ax.set_xticklabels(p["benchmarks"], rotation=30, fontsize=8)
        ax.set_title("%s (%s): IPC over %s" % (p["paper"], p["platform"], labels[0]))
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main():
    os.makedirs(RECORDS, exist_ok=True)
    records = {name: record(name) for name in SCALES}
    lines = [
        "# The papers on warpsim's CUDA benchmarks",
        "",
        "Generated by `make cuda-study` (doc/studies/cuda_study.py; do not edit the tables by",
        "hand). Each benchmark (benchmarks/README.md) is recorded once at its study scale and the",
        "record replayed under each paper's schemes on the paper's platform. Plot:",
        "[cuda-study.png](cuda-study.png). doc/fidelity.md sets these beside the synthetic",
        "kernels' figures.",
    ]
    headlines, all_results = {}, []
    for p in PAPERS:
        res = run_paper(p, records)
        all_results.append((p, res))
        section, h = paper_section(p, res, synthetic_headlines(p["paper"]))
        lines += section
        headlines[p["paper"]] = h
    section, h = predictor_section(records)
    lines += section
    headlines["Address prediction"] = h
    runs, sec, wi, cyc = (sum(r[i] for r in RATES.values()) for i in range(4))
    lines += ["", "## Simulation rate", "",
              "Replays only (the recording runs aside): %d runs, %.1f s in the simulator "
              "processes, %.0f K warp instructions/s and %.0f K cycles/s overall." % (
                  runs, sec, wi / sec / 1e3, cyc / sec / 1e3), "",
              "| platform | benchmark | runs' warp instructions/s | cycles/s |", "|---|---|---|---|"]
    for (platform, b), (_, sec, wi, cyc) in sorted(RATES.items()):
        lines.append("| %s | %s | %.0f K | %.0f K |" % (platform, b, wi / sec / 1e3,
                                                       cyc / sec / 1e3))
    headlines["rates"] = {"%s %s" % (platform, b): {"warp_instructions_per_s": wi / sec,
                                                    "cycles_per_s": cyc / sec}
                          for (platform, b), (_, sec, wi, cyc) in RATES.items()}
    write_headlines("cuda", headlines)
    out = os.path.join(ROOT, "doc", "cuda-study.md")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    png = os.path.join(ROOT, "doc", "cuda-study.png")
    plot(all_results, png)
    print("wrote", out, "and", png)


if __name__ == "__main__":
    main()
