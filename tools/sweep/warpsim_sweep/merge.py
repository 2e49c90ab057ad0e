"""Merging a sweep's runs into OUT/results.csv: one row per run, in run-list order.

Columns: run, each swept dimension, each collected statistic, then status (ok, failed or
not run), outcome (the stats' `outcome`), wall_seconds, exit_status, error and stats (the
run's stats.json, relative to OUT).
"""
import csv
import fnmatch
import io
import os

from .files import read_json, read_result, write_atomic
from .spec import FIXED_COLUMNS

GLOB_CHARS = "*?["
TAIL_COLUMNS = ["status", "outcome", "wall_seconds", "exit_status", "error", "stats"]


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def children(node, segment):
    """The values under `node` that `segment` names (a key, a list index, or a glob)."""
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = [(str(i), v) for i, v in enumerate(node)]
    else:
        return []
    if any(c in segment for c in GLOB_CHARS):
        return [v for k, v in items if fnmatch.fnmatchcase(k, segment)]
    return [v for k, v in items if k == segment]


def lookup(stats, path):
    """The statistic at dotted `path`: a glob path gives the sum of its numeric matches. None
    when missing (or, for a plain path, when it names a group, not one statistic)."""
    nodes = [stats]
    for segment in path.split("."):
        nodes = [child for node in nodes for child in children(node, segment)]
    if any(c in path for c in GLOB_CHARS):
        numbers = [n for n in nodes if is_number(n)]
        return sum(numbers) if numbers else None
    if nodes and not isinstance(nodes[0], (dict, list)):
        return nodes[0]
    return None


def cell(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def default_collect(all_stats):
    """Every numeric top-level statistic of the runs, in first-seen order."""
    paths = []
    for stats in all_stats:
        for key, value in stats.items():
            if is_number(value) and key not in paths:
                paths.append(key)
    return paths


def collect_columns(paths, dims):
    """Column names of the collected statistics; one that clashes with another column is
    written stat:PATH."""
    taken = set(dims) | set(FIXED_COLUMNS)
    return [("stat:" + p) if p in taken else p for p in paths]


def merge(out, plan, collect):
    """Writes OUT/results.csv; returns [(run, result or None)] in run-list order."""
    results, all_stats = [], []
    for run in plan.runs:
        result = read_result(out, run.id)
        stats = None
        if result is not None and result.get("stats"):
            stats = read_json(os.path.join(out, result["stats"]))
        results.append((run, result, stats if isinstance(stats, dict) else None))
        if isinstance(stats, dict):
            all_stats.append(stats)
    paths = collect if collect is not None else default_collect(all_stats)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["run"] + plan.columns + collect_columns(paths, plan.columns) + TAIL_COLUMNS)
    for run, result, stats in results:
        row = [run.id] + [run.values.get(c, "") for c in plan.columns]
        row += [cell(lookup(stats, p)) if stats else "" for p in paths]
        if result is None:
            row += ["not run", "", "", "", "", ""]
        else:
            row += ["ok" if result["ok"] else "failed", result.get("outcome", ""),
                    cell(result.get("wall_seconds")), cell(result.get("exit_status")),
                    result.get("error", ""), result.get("stats", "")]
        writer.writerow(row)
    write_atomic(os.path.join(out, "results.csv"), buffer.getvalue())
    return [(run, result) for run, result, _ in results]
