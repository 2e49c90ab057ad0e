#!/usr/bin/env python3
"""Address prediction coverage (PCOV) and accuracy (PACC): cooperative with and without LEC and
the per-SM CTA-aware baseline (Tripathy et al. §IV), on 1D and 2D-grid kernels, and the
cooperative table's sensitivity to its size (Fig. 12).

Regenerates doc/predictor-study.md from the sweeps doc/studies/specs/predictor*.ini of
warpsim-fermi (warpsim-sweep, doc/sweeps.md; runs in BUILD_DIR/studies/):
    python3 doc/studies/predictor_study.py [BUILD_DIR]
Every figure is read off the --stats JSON of one of their runs.
"""
import os
import sys

import sweep_runs
from headlines import write_headlines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
KINDS = ["cooperative", "cooperative-nolec", "cta-aware"]
SIZES = [16, 64, 128, 256, 1024]
WORKLOADS = [  # (workload, size, grid, what its loads are like)
    ("stream", 64, "1D (512)", "grid-stride loop: 2 loads x 4 executions"),
    ("scalarprod", 8, "1D (128)", "2 loads x 16 executions (Fig. 7)"),
    ("graph", 64, "1D (256)", "data-dependent gathers"),
    ("cp", 8, "2D (8, 32)", "2 loads, once each (Fig. 5)"),
    ("stencil", 8, "2D (16, 16) x 4 kernels", "5 loads, half-line tiles"),
    ("tile", 4, "2D (8, 8)", "2 loads x 8 executions, half-line rows"),
]

# The sweeps, one SPEC each (their runs are listed there): the table sizes, Table II's pairing
# with CTA-aware scheduling, the grid sizes of the 2D workloads, the prefetcher.
SWEEPS = ["predictor", "predictor-cta-aware", "predictor-grid", "predictor-prefetch"]
PREFETCH_WORKLOADS = [("stream", 64), ("scalarprod", 8), ("cp", 32)]
# PCOV against grid size: every 2D workload at three sizes, with the mispredict
# threshold of Table III (64) and without one.
GRID_SWEEP = [("cp", [8, 16, 32]), ("stencil", [8, 16, 32]), ("tile", [4, 8, 16])]
DISTANCES = [1, 4, 16, 64]
sweeps = {}


def stats(sweep, workload, size, **values):
    return sweeps[sweep].stats_of(workload="%s:%d" % (workload, size), **values)


def l2_hit_rate(gpu):
    hits = sum(b["hits"] for n, b in gpu.items() if n.startswith("l2_"))
    acc = sum(b["accesses"] for n, b in gpu.items() if n.startswith("l2_"))
    return 100.0 * hits / acc if acc else 0.0


def prefetch_section():
    lines = [
        "",
        "## Beyond the paper: prefetching into the L2 with the cooperative table",
        "",
        "`--set predictor.prefetch=true --set predictor.prefetch_distance=D`: for every load",
        "request seen, the cooperative table's prediction for the same load (PC, LEC) of the same",
        "local warp in the CTA D CTAs after the newest CTA seen so far is prefetched into its L2",
        "slice (models/predictor/README.md). Useful: the demand left the SM after the prefetch",
        "completed and found the line in the L2; early: completed but evicted again; late: still",
        "in flight; useless: never demanded. The L2 hit rate counts the prefetches' own lookups.",
        "",
        "| workload | prefetch | cycles | IPC | L2 hit rate | issued | useful | late | early | useless |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for w, size in PREFETCH_WORKLOADS:
        base = stats("predictor-prefetch", w, size, variant="off")
        lines.append("| %s:%d | off | %d | %.2f | %.1f%% | - | - | - | - | - |" % (
            w, size, base["cycles"], base["ipc"], l2_hit_rate(base["gpu"])))
        for d in DISTANCES:
            s = stats("predictor-prefetch", w, size, variant="distance-%d" % d)
            f = s["gpu"]["predictor"]["prefetch"]
            lines.append("| %s:%d | distance %d | %d | %.2f | %.1f%% | %d | %d | %d | %d | %d |" % (
                w, size, d, s["cycles"], s["ipc"], l2_hit_rate(s["gpu"]), f["issued"],
                f["useful"], f["late"], f["early"], f["useless"]))
        # OWL 4.4's memory-side prefetcher, for comparison: lines sent / hit by a demand in the L2.
        o = stats("predictor-prefetch", w, size, variant="owl-opportunistic")
        sent = sum(b["prefetches"] for n, b in o["gpu"].items() if n.startswith("part"))
        hit = sum(b["prefetch_useful"] for n, b in o["gpu"].items() if n.startswith("l2_"))
        lines.append("| %s:%d | OWL opportunistic (DRAM) | %d | %.2f | %.1f%% | %d | %d | - | - | - |"
                     % (w, size, o["cycles"], o["ipc"], l2_hit_rate(o["gpu"]), sent, hit))
    lines += [
        "",
        "Reading: the table predicts well, but these kernels gain little or lose from it. cp is",
        "compute-bound (its loads come once, after the atom loop), so prefetching its lines,",
        "even all of them in time at larger distances, moves its cycles by about 1%. stream and",
        "scalarprod are bandwidth-bound: every prefetch that is early (evicted from the L2",
        "before its demand, because the CTA D after the newest one seen starts only when a",
        "resident CTA retires) or useless is an extra DRAM read, and the prefetches share the",
        "slices' request ports with demand, so they run slower. A prefetcher that targets the",
        "CTAs about to be dispatched (the dispatcher knows them) and throttles on DRAM",
        "bandwidth would be the next step. OWL's opportunistic prefetcher (the DRAM controller",
        "reading out the open row's unsent lines, OWL 4.4) raises the L2 hit rate much more but",
        "costs far more time on these bandwidth-bound kernels: most of its lines take bus time",
        "and are never used or are already in the L2 (doc/memory-study.md).",
    ]
    return lines


def grid_section():
    """PCOV / PACC of the 2D workloads against their grid size."""
    lines = ["", "## PCOV against grid size (2D workloads)", "",
             "1024 entries; *no threshold*: `predictor.mispredict_threshold` raised to 4e9, so",
             "no entry ever stops predicting. The grid grows with the size (doc/workloads.md).", "",
             "| workload | size | load requests | cooperative PCOV / PACC | "
             "cooperative, no threshold | cta-aware PCOV / PACC |",
             "|---|---|---|---|---|---|"]
    figures = {}
    for w, sizes in GRID_SWEEP:
        for size in sizes:
            s = stats("predictor-grid", w, size, variant="threshold")
            t = stats("predictor-grid", w, size, variant="no-threshold")
            p, q = s["gpu"]["predictor"], t["gpu"]["predictor"]["cooperative"]
            cell = lambda x: "%s / %s" % (pct(x["pcov"]),
                                          pct(x["pacc"]) if x["predictions"] else "-")
            lines.append("| %s | %d | %d | %s | %s | %s |" % (
                w, size, p["cooperative"]["loads"], cell(p["cooperative"]), cell(q),
                cell(p["cta-aware"])))
            figures[(w, size)] = (p, q)
    return lines, figures


def pct(x):
    return "%.1f%%" % (100.0 * x)


def main():
    for name in SWEEPS:
        sweeps[name] = sweep_runs.run(name, BUILD)
    results = {(w, e): stats("predictor", w, size, **{"predictor.entries": e})
               for w, size, _, _ in WORKLOADS for e in SIZES}  # (workload, entries) -> stats
    # Table II pairs the CTA-aware predictor with CTA-aware scheduling
    paired = {w: stats("predictor-cta-aware", w, size)["gpu"]["predictor"]["cta-aware"]
              for w, size, _, _ in WORKLOADS}
    lines = [
        "# Address prediction: cooperative (with and without LEC) vs CTA-aware",
        "",
        "Generated by `python3 doc/studies/predictor_study.py` (do not edit by hand). Every run",
        "is warpsim-fermi (15 SMs, Table II of the paper) with the GTO scheduler and",
        "`--set predictor.enable=true --set predictor.kind=all`, so the three predictors observe",
        "side by side in one run (they only observe: timing is identical). For the cooperative",
        "tables a *load request* is a global load line request leaving an SM's L1D for the memory",
        "partitions (an L1D miss, §III-C); the CTA-aware baseline is each SM's own predictor and",
        "sees every global load line request its LSU issues, L1 hits included (§IV-A, Jeon et al.",
        "[4]), so the table gives both counts (below the L1s / at the LSUs).",
        "PCOV = predictions / load requests (Eq. 3), PACC = correct / predictions (Eq. 4);",
        "what counts as a prediction is defined in models/predictor/README.md. Figures are",
        "whole-run (for stencil: its 4 kernels together; the tables restart at every kernel).",
        "Table II pairs the CTA-aware predictor with CTA-aware scheduling (GTO/CTA-aware): the",
        "last two columns rerun it under warpsim's `cta-aware` scheduler (OWL's CTA-Aware, the",
        "nearest warpsim has to the scheduler of Jeon et al.), whose load streams differ.",
        "",
        "## PCOV and PACC, 1024-entry table (Table III)",
        "",
        "| workload | grid | its global loads | load requests (below L1 / at LSUs) | " +
        " | ".join("%s PCOV | %s PACC" % (k, k) for k in KINDS) +
        " | cta-aware, CTA-aware scheduling: PCOV | PACC |",
        "|---|---|---|---|" + "---|---|" * (len(KINDS) + 1),
    ]
    for w, size, grid, what in WORKLOADS:
        p = results[(w, 1024)]["gpu"]["predictor"]
        cells = []
        for q in [p[k] for k in KINDS] + [paired[w]]:
            cells += [pct(q["pcov"]), pct(q["pacc"]) if q["predictions"] else "-"]
        lines.append("| %s:%d | %s | %s | %d / %d | %s |" % (
            w, size, grid, what, p[KINDS[0]]["loads"], p["cta-aware"]["loads"], " | ".join(cells)))
    lines += [
        "",
        "## Table size (Fig. 12): cooperative predictor, PCOV / PACC",
        "",
        "The CTA-aware baseline has fixed per-SM tables (32 PCs x 8 CTAs) and does not vary.",
        "",
        "| workload | predictor | " + " | ".join("%d entries" % e for e in SIZES) + " |",
        "|---|---|" + "---|" * len(SIZES),
    ]
    for w, size, _, _ in WORKLOADS:
        for k in KINDS[:2]:
            cells = []
            for e in SIZES:
                p = results[(w, e)]["gpu"]["predictor"][k]
                cells.append("%s / %s" % (pct(p["pcov"]),
                                          pct(p["pacc"]) if p["predictions"] else "-"))
            lines.append("| %s:%d | %s | %s |" % (w, size, k, " | ".join(cells)))
    lines += [
        "",
        "## Reading the tables",
        "",
        "- Where every CTA's loads are whole lines at constant strides (stream, scalarprod, cp),",
        "  the cooperative predictor with LEC predicts nearly every request, all correctly: it",
        "  learns each (PC, LEC) once for the whole GPU from the first CTAs running concurrently",
        "  on different SMs, then predicts CTAs it has never seen. The CTA-aware baseline never",
        "  predicts the first warp of a CTA on each SM and relearns per SM, hence its lower",
        "  coverage, and its base follows the base warp's latest execution, so warps at other",
        "  iterations mispredict (stream, scalarprod).",
        "- LEC matters for iterated loads: without it the executions of a load share one entry",
        "  whose four address slots hold the reference warp's first four executions. stream runs",
        "  exactly four executions, which all fit, yet the no-LEC variant covers %s of its"
        % pct(results[("stream", 1024)]["gpu"]["predictor"]["cooperative-nolec"]["pcov"]),
        "  requests here (99.8% under the latency model before commit 253e9e6: its coverage",
        "  depends on the timing, not only on the kernel); scalarprod runs 16 and the no-LEC",
        "  variant collapses.",
        "- stencil and tile read 16-float (64 B) row segments per CTA: in line addresses the",
        "  stride between CTAs along x alternates (0, 128 B, 0, ...), which no constant",
        "  stride captures; their neighbour loads also straddle lines. The per-CTA bases of",
        "  the CTA-aware baseline do not need CTA strides and do better there. The paper's",
        "  predictor observes line requests too (§III-C), so this is a property of the scheme.",
        "- graph's gathers are data-dependent: little is predictable. With 16 entries, entries",
        "  (and their mispredict counters) are evicted before they reach the threshold, so",
        "  coverage rises and accuracy falls, as the paper reports for BFS (§IV-C).",
        "- Table size matters only when the live (PC, LEC) pairs exceed it: scalarprod has 32",
        "  (2 loads x 16 executions), so 16 entries thrash; the other kernels fit in 16.",
    ]
    grid_lines, grid = grid_section()
    lines += grid_lines
    st_small, st_large = grid[("stencil", 8)], grid[("stencil", 32)]
    lines += [
        "",
        "Coverage falls with grid size where the table mispredicts systematically (stencil,",
        "tile: half-line tiles, above) and holds where it does not (cp). The cause is the",
        "global mispredict counter (§III-C: \"when the number of mispredictions exceeds the",
        "misprediction threshold, the entry is not considered for further predictions\"): it",
        "is never reset while the entry lives, so an entry whose predictions are wrong at a",
        "fixed rate stops after about threshold / rate predictions per entry, a number that",
        "grows far more slowly than the load requests (stencil: %d correct predictions of %d"
        % (st_small[0]["cooperative"]["correct"], st_small[0]["cooperative"]["loads"]),
        "requests at size 8, %d of %d at size 32). Without the threshold the same table"
        % (st_large[0]["cooperative"]["correct"], st_large[0]["cooperative"]["loads"]),
        "covers %s and %s of stencil's requests at sizes 8 and 32, at %s and %s accuracy."
        % (pct(st_small[1]["pcov"]), pct(st_large[1]["pcov"]), pct(st_small[1]["pacc"]),
           pct(st_large[1]["pacc"])),
        "The paper names this trade-off for BFS (§IV-B: \"our global mispredict counter",
        "threshold can be increased to allow higher prediction coverage with medium accuracy\");",
        "the mechanism implies it, so warpsim keeps the counter as written. The CTA-aware baseline's counters (one per",
        "SM and PC, never reset either) cap it the same way on tile.",
    ]
    coop = lambda w, k, f: results[(w, 1024)]["gpu"]["predictor"][k][f]
    mean = lambda xs: sum(xs) / len(xs)
    write_headlines("predictor", {
        "cooperative PCOV over cta-aware PCOV (mean)":
            mean([coop(w, "cooperative", "pcov") for w, *_ in WORKLOADS]) /
            mean([coop(w, "cta-aware", "pcov") for w, *_ in WORKLOADS]),
        "cooperative PCOV over no-LEC PCOV, iterated loads":
            sum(coop(w, "cooperative", "pcov") for w in ("stream", "scalarprod", "tile")) /
            sum(coop(w, "cooperative-nolec", "pcov") for w in ("stream", "scalarprod", "tile")),
        "cooperative PACC over cta-aware PACC (mean)":
            mean([coop(w, "cooperative", "pacc") for w, *_ in WORKLOADS]) /
            mean([coop(w, "cta-aware", "pacc") for w, *_ in WORKLOADS]),
        "stencil PCOV at size 32 over size 8": st_large[0]["cooperative"]["pcov"] /
                                               st_small[0]["cooperative"]["pcov"],
        "cp PCOV at size 32 over size 8": grid[("cp", 32)][0]["cooperative"]["pcov"] /
                                          grid[("cp", 8)][0]["cooperative"]["pcov"],
    })
    lines += prefetch_section()
    runs = [r for name in SWEEPS for r in sweeps[name].rows]
    seconds = sum(sweeps[name].wall_seconds() for name in SWEEPS)
    cycles = sum(int(r["cycles"]) for r in runs)
    warp_instructions = sum(int(r["warp_instructions"]) for r in runs)
    lines += [
        "",
        "## Simulation rate",
        "",
        "%d runs, %d core cycles and %d warp instructions in %.1f s of wall time: %.0f Kcycles/s,"
        % (len(runs), cycles, warp_instructions, seconds, cycles / seconds / 1e3),
        "%.2f Mwarp inst/s, with the predictors observing (process start-up included), on the"
        % (warp_instructions / seconds / 1e6),
        "2-core machine shared with other jobs: the rate varies with its load.",
    ]
    out = os.path.join(ROOT, "doc", "predictor-study.md")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", out)


if __name__ == "__main__":
    main()
