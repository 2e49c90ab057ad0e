#!/usr/bin/env python3
"""Where one run's time goes beside where its host instructions go, per function.

Reads the text of `perf report --no-children --sort sym --stdio` (time: cpu-clock samples) and
of `callgrind_annotate --inclusive=no --tree=caller` (host instructions) for the same run, and
prints a Markdown table of the functions that take the most time: their share of the samples,
their share of the instructions, and the ratio. A ratio well above 1 marks a function whose
samples pile up behind loads; below 1, one whose instructions run faster than the program's
average. Used by `make profile` (doc/performance.md, "Measuring"). Standard library only.
"""
import argparse
import re
import sys
from collections import Counter


def function_name(text):
    """A symbol as both tools print it, reduced to its qualified name: no parameters, no thunk."""
    text = text.strip()
    text = re.sub(r"^(non-)?virtual thunk to ", "", text)
    depth = 0
    for i, c in enumerate(text):  # cut at the parameter list's opening parenthesis
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0 and i > 0:
            return text[:i]
    return text


def read_time(lines):
    shares = Counter()
    for line in lines:
        m = re.match(r"\s*([\d.]+)%\s+(?:\S+\s+\S+\s+)?\[\.\]\s+(.*)", line)
        if m:
            shares[function_name(m.group(2))] += float(m.group(1))
    return shares


def read_instructions(lines):
    """Exclusive host instructions per function, from callgrind_annotate's text, plain or with a
    call tree (a caller's line starts with <, a callee's with >; neither is the function's own
    count). With LTO, GCC emits some functions' bodies under local aliases (.LTHUNK*) that a
    thunk calls; with the callers listed, each alias is counted as the function its thunk names."""
    own, callers, total = [], {}, 0
    caller = None
    for line in lines:
        m = re.match(r"\s*([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", line)
        if m:
            total = int(m.group(1).replace(",", ""))
            continue
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(?:([<*>])\s+)?[^:\s]*:(.*?)"
                     r"(?: \([\d,]+x\))?(?: \[[^\]]*\])?$", line)
        if not m:
            continue
        count, mark, name = int(m.group(1).replace(",", "")), m.group(2), m.group(3)
        if mark == "<":
            caller = caller or name
            continue
        if mark == ">":
            continue
        if mark == "*" and name.startswith(".LTHUNK") and caller and " thunk to " in caller:
            callers.setdefault(name, function_name(caller))
        caller = None
        own.append((name, count))
    counts = Counter()
    for name, count in own:
        counts[callers.get(name, function_name(name))] += count
    return counts, total


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("perf_report", help="text of perf report --no-children --sort sym --stdio")
    ap.add_argument("callgrind_annotate",
                    help="text of callgrind_annotate --inclusive=no [--tree=caller]")
    ap.add_argument("--top", type=int, default=25, help="functions to list (default 25)")
    args = ap.parse_args(argv)
    try:
        with open(args.perf_report) as f:
            time = read_time(f)
        with open(args.callgrind_annotate) as f:
            instructions, total = read_instructions(f)
    except OSError as e:
        print(f"profile_table: {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    if not time:
        print(f"profile_table: {args.perf_report}: no samples (not perf report --stdio text?)",
              file=sys.stderr)
        return 1
    if total == 0:
        print(f"profile_table: {args.callgrind_annotate}: no PROGRAM TOTALS line "
              "(not callgrind_annotate text?)", file=sys.stderr)
        return 1
    print("| time % | host instructions % | ratio | function |")
    print("|---|---|---|---|")
    for name, t in time.most_common(args.top):
        share = 100.0 * instructions[name] / total
        # Without the caller tree, an LTO alias (.LTHUNK*) keeps a function's instructions.
        ratio = f"{t / share:.2f}" if share >= 0.05 else "-"
        shown = f"{share:.1f}" if share >= 0.05 else "-"
        print(f"| {t:.1f} | {shown} | {ratio} | `{name}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
