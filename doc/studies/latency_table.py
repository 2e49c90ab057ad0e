#!/usr/bin/env python3
"""Unloaded load latencies per level and platform, measured with the pchase workload.

Usage: latency_table.py BUILD_DIR [--platform NAME ...]
For each level, runs pchase with 1 and with 2 passes; the mean LSU load latency (issue to data
return, core cycles) of the second, warm pass is (sum2 - sum1) / (count2 - count1). The DRAM
levels shrink the L1D and L2 to one line each, so every load misses both, and pick strides that
stay in one open row (row hit) or change row in the same bank every load (row miss).
"""
import json
import subprocess
import sys
import tempfile


def dump(build, platform):
    out = subprocess.run([f"{build}/bin/warpsim-{platform}", "--dump-config"], check=True,
                         capture_output=True, text=True).stdout
    cfg, section = {}, ""
    for line in out.splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("["):
            section = line.strip("[]")
        elif "=" in line:
            k, v = (x.strip() for x in line.split("=", 1))
            cfg[f"{section}.{k}"] = v
    return cfg


def size(v):
    units = {"B": 1, "KiB": 1024, "MiB": 1 << 20}
    for u, m in sorted(units.items(), key=lambda x: -len(x[0])):
        if v.endswith(u):
            return int(float(v[: -len(u)]) * m)
    return int(v)


def levels(cfg):
    line = max(size(cfg["l1d.line_size"]), size(cfg["l2.line_size"]))
    l1 = int(cfg["l1d.sets"]) * int(cfg["l1d.ways"]) * size(cfg["l1d.line_size"])
    parts, banks, row = int(cfg["mem.partitions"]), int(cfg["mem.banks"]), size(cfg["mem.row_size"])
    l2 = int(cfg["l2.sets"]) * int(cfg["l2.ways"]) * size(cfg["l2.line_size"]) * parts
    tiny = ["l1d.sets=1", "l1d.ways=1", "l2.sets=1", "l2.ways=1"]
    return [
        ("L1 hit", 4096, line, []),
        ("L2 hit", min(4 * l1, l2 // 2), line, []),
        ("DRAM row hit", row * parts, line, tiny),
        ("DRAM row miss", 4 * row * banks * parts, row * banks * parts, tiny),
    ]


def run(build, platform, passes, footprint, stride, sets):
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        cmd = [f"{build}/bin/warpsim-{platform}", "--workload", "pchase", "--quiet",
               "--set", f"workload.size={passes}", "--set", f"workload.pchase_footprint={footprint}B",
               "--set", f"workload.pchase_stride={stride}B", "--stats", f.name]
        for s in sets:
            cmd += ["--set", s]
        subprocess.run(cmd, check=True)
        gpu = json.load(open(f.name))["gpu"]
    lat = [v["lsu"]["load_latency"] for k, v in gpu.items() if k[:2] == "sm" and k[2:].isdigit()]
    dram = [v for k, v in gpu.items() if k.startswith("part")]
    return sum(h["sum"] for h in lat), sum(h["count"] for h in lat), dram


def measure(build, platform):
    cfg = dump(build, platform)
    result = {}
    for name, footprint, stride, sets in levels(cfg):
        s1, c1, _ = run(build, platform, 1, footprint, stride, sets)
        s2, c2, _ = run(build, platform, 2, footprint, stride, sets)
        result[name] = (s2 - s1) / (c2 - c1)
    return result


def main():
    build = sys.argv[1]
    platforms = sys.argv[2:] or ["fermi", "owl28", "ccws30"]
    print("| platform | L1 hit | L2 hit | DRAM row hit | DRAM row miss |")
    print("|---|---|---|---|---|")
    for p in platforms:
        r = measure(build, p)
        print(f"| {p} | " + " | ".join(f"{r[k]:.0f}" for k in
                                        ("L1 hit", "L2 hit", "DRAM row hit", "DRAM row miss")) + " |")


if __name__ == "__main__":
    main()
