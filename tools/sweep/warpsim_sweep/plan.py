"""The run list of a Spec, and the output folder that holds it.

OUT/runs.json holds the resolved run list (each run's id, swept values and program arguments,
the folder runs start in, each program's sha256), OUT/runs.txt the ids one per line (the job
list of GNU parallel and of a Slurm array: line K is array task K), OUT/spec.ini a copy of the
SPEC. runs.json is written last: an output folder with it is complete.
"""
import hashlib
import itertools
import json
import os
import re
import shutil

from .files import SweepError, read_json, remove, run_dir, write_atomic, write_json
from .programs import identity, program

PLAN_FORMAT = "warpsim-sweep run list 1"
MAX_ID = 120
RUN_DIR = "{run_dir}"  # in an option string: the run's folder, OUT/runs/ID
# What an output folder may hold without its runs.json (a preparation cut short, or a damaged
# runs.json removed): it is still taken as a sweep's.
OWN_ENTRIES = {"spec.ini", "runs.txt", "runs", "slurm", "lock", "joblog", "results.csv",
               "pending.txt", "ssh-parallel.sh"}


class Run:
    def __init__(self, run_id, values, argv):
        self.id, self.values, self.argv = run_id, values, argv


class Plan:
    def __init__(self, name, spec_path, cwd, bin_dir, columns, runs, programs):
        self.name, self.spec_path, self.cwd, self.bin_dir = name, spec_path, cwd, bin_dir
        self.columns, self.runs = columns, runs
        self.programs = programs  # program path: the sha256 of its file when planned

    def find(self, run_id):
        return next((r for r in self.runs if r.id == run_id), None)

    def identity(self, run):
        return self.programs.get(run.argv[0])

    def current(self, run, result):
        """Whether a finished run's result.json was made by the run's program as it is now
        (a result without the field, from an older warpsim-sweep, is not)."""
        return result.get("program_sha256") == self.identity(run)

    def to_json(self):
        return {"format": PLAN_FORMAT, "name": self.name, "spec": self.spec_path,
                "cwd": self.cwd, "bin": self.bin_dir, "columns": self.columns,
                "programs": self.programs,
                "runs": [{"id": r.id, "values": r.values, "argv": r.argv} for r in self.runs]}


def safe(part):
    """A part of a run id: letters, digits and . _ = + - only."""
    return re.sub(r"[^A-Za-z0-9._=+-]+", "_", part).strip("_") or "_"


def short_hash(values):
    return hashlib.sha1(json.dumps(values, sort_keys=True).encode()).hexdigest()[:6]


def make_ids(runs_parts):
    """Readable, filesystem-safe, unique ids: the parts joined by '.', a short hash of the
    swept values appended where two runs would share one or an id is too long."""
    ids = []
    for parts, values in runs_parts:
        run_id = ".".join(safe(p) for p in parts)
        if len(run_id) > MAX_ID:
            run_id = run_id[:MAX_ID - 7].rstrip(".") + "-" + short_hash(values)
        ids.append(run_id)
    shared = {i for i in ids if ids.count(i) > 1}
    ids = [i + "-" + short_hash(values) if i in shared else i
           for i, (_, values) in zip(ids, runs_parts)]
    if len(set(ids)) != len(ids):  # cannot happen: the swept values of two runs differ
        raise SweepError("internal error: two runs share the id %s"
                         % next(i for i in ids if ids.count(i) > 1))
    return ids


def build_plan(spec, bin_dir, out):
    """The runs of the cross product, in the SPEC's order: platform outermost, then workload,
    scheduler, variant, each [set] key in file order, repeat innermost. {run_dir} in the
    options and [set] values becomes the run's folder in `out`; each program's identity is
    taken once."""
    schedulers = spec.schedulers if spec.schedulers is not None else [None]
    variants = [label for label, _ in spec.variants] or [None]
    set_values = [values for _, values, _ in spec.sets]
    parts_values, heads, argvs = [], [], []
    for combo in itertools.product(spec.platforms, spec.workloads, schedulers, variants,
                                   *set_values, range(1, spec.repeat + 1)):
        platform, workload, scheduler, variant = combo[:4]
        chosen, repeat = combo[4:-1], combo[-1]
        values = {"platform": platform, "workload": workload.token}
        parts = [platform, workload.id_part()]
        heads.append([program(bin_dir, platform)] + workload.args())
        argv = []  # the options, where {run_dir} is expanded
        if scheduler is not None:
            values["scheduler"] = scheduler
            parts.append(scheduler)
            argv += ["--sched", scheduler]
        for options in spec.options_for(workload, variant):
            argv += options.args
        if variant is not None:
            values["variant"] = variant
            parts.append(variant)
        for (key, _, _), value in zip(spec.sets, chosen):
            values[key] = value
            parts.append("%s=%s" % (key, value))
            argv += ["--set", "%s=%s" % (key, value)]
        if spec.max_cycles is not None:
            argv += ["--max-cycles", str(spec.max_cycles)]
        if spec.repeat > 1:
            values["repeat"] = str(repeat)
            parts.append("r%d" % repeat)
        parts_values.append((parts, values))
        argvs.append(argv)
    ids = make_ids(parts_values)
    runs = [Run(i, pv[1], head + [a.replace(RUN_DIR, run_dir(out, i)) for a in argv])
            for i, pv, head, argv in zip(ids, parts_values, heads, argvs)]
    programs = {path: identity(path) for path in dict.fromkeys(head[0] for head in heads)}
    return Plan(spec.name, os.path.abspath(spec.path), spec.dir, bin_dir, spec.columns(), runs,
                programs)


def load_plan(out):
    """The Plan an output folder holds; SweepError if it holds none."""
    data = read_json(os.path.join(out, "runs.json"))
    if not isinstance(data, dict) or data.get("format") != PLAN_FORMAT:
        raise SweepError("%s holds no sweep (no readable runs.json): run warpsim-sweep SPEC "
                         "with this output folder first" % out)
    try:
        runs = [Run(r["id"], r["values"], r["argv"]) for r in data["runs"]]
        return Plan(data["name"], data["spec"], data["cwd"], data["bin"], data["columns"], runs,
                    data.get("programs", {}))  # none in the runs.json of an older version
    except (KeyError, TypeError) as e:
        raise SweepError("%s/runs.json is damaged (%s): remove it, or give another --output"
                         % (out, e))


def differences(old, new):
    """What differs between two run lists: (added, removed, changed) ids."""
    old_argv = {r.id: r.argv for r in old.runs}
    new_argv = {r.id: r.argv for r in new.runs}
    added = [r.id for r in new.runs if r.id not in old_argv]
    removed = [r.id for r in old.runs if r.id not in new_argv]
    changed = [r.id for r in new.runs if r.id in old_argv and old_argv[r.id] != r.argv]
    return added, removed, changed


def describe(added, removed, changed):
    said = []
    for ids, what in ((added, "added"), (removed, "removed"), (changed, "with another command")):
        if ids:
            said.append("%d run%s %s (e.g. %s)" % (len(ids), "" if len(ids) == 1 else "s", what,
                                                   ids[0]))
    return ", ".join(said)


def existing_plan(out):
    """The Plan already in `out`, None for a new or empty folder; SweepError for a folder
    that is not a sweep's."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise SweepError("output %s exists and is not a folder" % out)
    if os.path.exists(os.path.join(out, "runs.json")):
        return load_plan(out)
    if os.path.isdir(out) and not set(os.listdir(out)) <= OWN_ENTRIES:
        raise SweepError("output folder %s already holds other files and no sweep (no "
                         "runs.json); give another --output" % out)
    return None


def prepare_output(out, spec_path, plan, force):
    """Makes `out` hold `plan`. A folder that holds another run list is refused unless
    `force`: then the results of runs whose command changed are discarded. Returns a note on
    what --force changed, or ''."""
    old = existing_plan(out)
    note = ""
    if old is not None:
        added, removed, changed = differences(old, plan)
        if (added or removed or changed) and not force:
            raise SweepError("%s holds a sweep with another run list (its SPEC is %s/spec.ini): "
                             "this SPEC has %s; give another --output, or --force to make it "
                             "this SPEC's (runs whose command is unchanged keep their results)"
                             % (out, out, describe(added, removed, changed)))
        for run_id in changed:
            remove(os.path.join(run_dir(out, run_id), "result.json"))
        if added or removed or changed:
            note = "--force: %s; the results of changed runs were discarded" % describe(
                added, removed, changed)
    try:
        os.makedirs(os.path.join(out, "runs"), exist_ok=True)
        shutil.copyfile(spec_path, os.path.join(out, "spec.ini.tmp"))
        os.replace(os.path.join(out, "spec.ini.tmp"), os.path.join(out, "spec.ini"))
    except OSError as e:
        raise SweepError("cannot prepare output folder %s: %s" % (out, e.strerror or e))
    write_atomic(os.path.join(out, "runs.txt"), "".join(r.id + "\n" for r in plan.runs))
    write_json(os.path.join(out, "runs.json"), plan.to_json())
    return note
