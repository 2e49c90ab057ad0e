"""The runs of a study, through warpsim-sweep (doc/sweeps.md).

Each study names its runs in a SPEC, doc/studies/specs/NAME.ini; run(NAME, BUILD) sweeps it into
BUILD/studies/NAME (resuming what an interrupted `make studies` finished) and returns the
results: the rows of its merged CSV, each run's statistics, and lookups by swept values. A run
that failed stops the study with its error, since a page must not be written from part of its
runs.
"""
import configparser
import csv
import datetime
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class Sweep:
    def __init__(self, out):
        self.out = out
        with open(os.path.join(out, "results.csv"), newline="") as f:
            self.rows = list(csv.DictReader(f))
        self._stats = {}

    def stats(self, row):
        """The run's statistics (its --stats JSON)."""
        path = os.path.join(self.out, row["stats"])
        if path not in self._stats:
            with open(path) as f:
                self._stats[path] = json.load(f)
        return self._stats[path]

    def find(self, **values):
        """The one row whose swept values are `values` (CSV column names; use
        find(**{"l1d.sets": "64"}) for keys that are not identifiers)."""
        rows = [r for r in self.rows if all(r.get(k) == str(v) for k, v in values.items())]
        if len(rows) != 1:
            sys.exit("%s: %d runs match %s, expected one" % (self.out, len(rows), values))
        return rows[0]

    def stats_of(self, **values):
        return self.stats(self.find(**values))

    def values(self, column):
        """The distinct values of a swept column, in run-list order (the SPEC's order)."""
        return list(dict.fromkeys(r[column] for r in self.rows))

    def wall_seconds(self):
        return sum(float(r["wall_seconds"]) for r in self.rows)

    def folder(self, row):
        """The run's own folder, OUT/runs/ID ({run_dir} in the SPEC's options)."""
        return os.path.join(self.out, "runs", row["run"])

    def span(self):
        """(start, end) of its runs in seconds since the epoch: the first start and the last
        end (their result.json; starts are to the second)."""
        starts, ends = [], []
        for r in self.rows:
            with open(os.path.join(self.folder(r), "result.json")) as f:
                start = datetime.datetime.fromisoformat(json.load(f)["started"]).timestamp()
            starts.append(start)
            ends.append(start + float(r["wall_seconds"]))
        return min(starts), max(ends)


def elapsed(sweeps):
    """Seconds from the first start to the last end of the runs of `sweeps` (its wall time when
    they ran in one go)."""
    spans = [s.span() for s in sweeps]
    return max(e for _, e in spans) - min(b for b, _ in spans)


def variants(name):
    """[(label, options)] of the [variant LABEL] sections of doc/studies/specs/NAME.ini, in file
    order: another SPEC can run the same option bundles."""
    ini = configparser.ConfigParser(inline_comment_prefixes=("#", ";"), interpolation=None)
    ini.read(os.path.join(HERE, "specs", name + ".ini"))
    return [(section[len("variant "):], ini[section].get("options", ""))
            for section in ini.sections() if section.startswith("variant ")]


def run(name, build, jobs=None, spec=None):
    """Sweeps doc/studies/specs/NAME.ini, or the SPEC file `spec` (one a study writes, e.g.
    into BUILD), into BUILD/studies/NAME."""
    spec = spec or os.path.join(HERE, "specs", name + ".ini")
    out = os.path.join(build, "studies", name)
    command = [os.path.join(build, "bin", "warpsim-sweep"), spec, "--output", out,
               "--bin", os.path.join(build, "bin"), "--quiet"]
    if jobs:
        command += ["--jobs", str(jobs)]
    if subprocess.run(command).returncode != 0:
        sys.exit("%s: the sweep of %s did not finish: its summary is above, its runs in %s"
                 % (os.path.basename(sys.argv[0]), spec, out))
    return Sweep(out)
