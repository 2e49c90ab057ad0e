"""What a SPEC means: the values to cross and the statistics to collect, checked key by key.

Every error names the SPEC file and line, the section and key, the value and what is allowed.
Relative paths in a SPEC (traces, launch records, output) are relative to the SPEC's folder.
"""
import difflib
import os
import re
import shlex

from .ini import SpecError, read_ini

SWEEP_KEYS = {  # key: what is allowed, for the error messages
    "name": "letters, digits, '.', '_' and '-' (default: the SPEC's file name without .ini)",
    "platforms": "platform names separated by blanks, each run by the program warpsim-NAME "
                 "(e.g. fermi owl28)",
    "workloads": "built-in workloads separated by blanks, each NAME or NAME:SIZE "
                 "(e.g. stream:4 thrash)",
    "traces": "Accel-Sim traces (a kernelslist.g or its folder) separated by blanks, relative "
              "to the SPEC's folder",
    "launch-records": "launch record folders separated by blanks, relative to the SPEC's folder",
    "schedulers": "warp scheduling policies separated by blanks (e.g. lrr gto)",
    "collect": "statistics separated by blanks: dotted paths into the stats JSON, a segment may "
               "hold a glob whose matches are summed (e.g. ipc gpu.sm*.l1d.misses)",
    "options": "program arguments added to every run, split like a shell line "
               "(e.g. --set gpu.sms=4)",
    "repeat": "a whole number >= 1 (default 1)",
    "output": "a folder, relative to the SPEC's folder (default: sweeps/NAME in the current "
              "folder)",
    "max-cycles": "a whole number of core cycles (0: no limit)",
}
WORKLOAD_KEYS = ("workloads", "traces", "launch-records")
SECTION_KEYS = {"variant": {"options": SWEEP_KEYS["options"]},
                "workload": {"options": SWEEP_KEYS["options"]}}
# Options a SPEC may not pass in `options`: warpsim-sweep gives them itself.
RESERVED = {"--stats": "warpsim-sweep writes each run's statistics to OUT/runs/ID/stats.json",
            "--workload": "use the workloads key", "--trace": "use the traces key",
            "--launch-record": "use the launch-records key",
            "--stats-format": "warpsim-sweep reads the JSON statistics"}
# Options a program takes at most once; the SPEC may give each at one level only.
ONCE = {"--sched": "schedulers", "--max-cycles": "max-cycles"}
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
WORKLOAD_RE = re.compile(r"^([A-Za-z0-9_.-]+)(?::([0-9]+))?$")
SET_KEY_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.]*$")
# {run_dir} in an option string becomes the run's folder (plan.py); other {...} text is passed
# on as it is, but one that looks like a misspelt {run_dir} is an error.
PLACEHOLDER_RE = re.compile(r"\{([^{}]*)\}")
PLACEHOLDER_ALLOWED = ("{run_dir}, the run's folder OUT/runs/ID (other {...} text is passed on "
                       "as it is)")
FIXED_COLUMNS = ("run", "platform", "workload", "scheduler", "variant", "repeat", "status",
                 "outcome", "wall_seconds", "exit_status", "error", "stats")


class Workload:
    """One value of the workload dimension: a built-in workload, a trace or a launch record."""

    def __init__(self, kind, token, line, name, size=None, path=None):
        self.kind, self.token, self.line = kind, token, line
        self.name, self.size, self.path = name, size, path

    def args(self):
        if self.kind == "workloads":
            args = ["--workload", self.name]
            return args + (["--set", "workload.size=" + self.size] if self.size else [])
        return ["--trace" if self.kind == "traces" else "--launch-record", self.path]

    def id_part(self):
        if self.kind == "workloads":
            return self.name + ("-" + self.size if self.size else "")
        path = self.path.rstrip("/")
        if os.path.basename(path) == "kernelslist.g":
            path = os.path.dirname(path)
        return os.path.basename(path)


class Options:
    """Program arguments from one `options` key, with where they came from."""

    def __init__(self, args, line, where):
        self.args, self.line, self.where = args, line, where

    def gives(self, option):
        return any(a == option or a.startswith(option + "=") for a in self.args)


class Spec:
    def __init__(self, path, base_dir=None):
        self.path = path
        self.dir = base_dir or os.path.dirname(os.path.abspath(path))
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.platforms, self.platforms_line = [], 0
        self.workloads = []
        self.schedulers, self.schedulers_line = None, 0
        self.collect, self.collect_line = None, 0
        self.options = Options([], 0, "[sweep] options")
        self.repeat = 1
        self.output = None
        self.max_cycles, self.max_cycles_line = None, 0
        self.sets = []  # (key, [values], line), in file order
        self.variants = []  # (label, Options), in file order
        self.workload_options = []  # (NAME, Options), in file order

    def where(self, line):
        return "%s:%d" % (self.path, line)

    def fail(self, line, section, key, value, problem, allowed):
        raise SpecError("%s: %s %s = '%s': %s; allowed: %s"
                        % (self.where(line), section, key, value, problem, allowed))

    def options_for(self, workload, variant):
        """The Options that apply to a run of `workload` with `variant` (None: no variants)."""
        found = [self.options]
        found += [o for name, o in self.workload_options if matches(name, workload)]
        found += [o for label, o in self.variants if label == variant]
        return found

    def columns(self):
        """The swept dimensions, in the cross product's order (outermost first)."""
        columns = ["platform", "workload"]
        columns += ["scheduler"] if self.schedulers is not None else []
        columns += ["variant"] if self.variants else []
        columns += [key for key, _, _ in self.sets]
        return columns + (["repeat"] if self.repeat > 1 else [])


def matches(name, workload):
    return name == workload.token or (workload.kind == "workloads" and name == workload.name)


def split_list(spec, section, item, allowed, unique=True):
    try:
        values = shlex.split(item.value)
    except ValueError as e:
        spec.fail(item.line, section, item.key, item.value, "cannot split it (%s)" % e, allowed)
    if not values:
        spec.fail(item.line, section, item.key, item.value, "empty list", allowed)
    for i, v in enumerate(values):
        if unique and v in values[:i]:
            spec.fail(item.line, section, item.key, item.value, "'%s' listed twice" % v, allowed)
    return values


def check_placeholders(spec, section, item, words):
    """Refuses {rundir}, {run-dir}, {RUN_DIR}, {run_id} and the like: anything in braces that
    starts with 'run' or is close to it, but {run_dir}."""
    for word in words:
        for m in PLACEHOLDER_RE.finditer(word):
            folded = re.sub(r"[^a-z]", "", m.group(1).lower())
            if m.group(1) != "run_dir" and (folded.startswith("run") or difflib.get_close_matches(
                    folded, ["rundir"], n=1, cutoff=0.75)):
                spec.fail(item.line, section, item.key, item.value,
                          "'%s' is not {run_dir}, the one placeholder warpsim-sweep knows"
                          % m.group(0), PLACEHOLDER_ALLOWED)


def split_options(spec, section, item):
    try:
        args = shlex.split(item.value)
    except ValueError as e:
        spec.fail(item.line, section, item.key, item.value, "cannot split it (%s)" % e,
                  SWEEP_KEYS["options"])
    for arg in args:
        name = arg.split("=", 1)[0]
        if name in RESERVED:
            spec.fail(item.line, section, item.key, item.value, "holds %s" % name,
                      "any program option but %s (%s)" % (name, RESERVED[name]))
    check_placeholders(spec, section, item, args)
    return Options(args, item.line, "%s options" % section)


def whole_number(spec, item, minimum):
    allowed = SWEEP_KEYS[item.key]
    if not re.fullmatch(r"[0-9]+", item.value):
        spec.fail(item.line, "[sweep]", item.key, item.value, "not a whole number", allowed)
    if int(item.value) < minimum:
        spec.fail(item.line, "[sweep]", item.key, item.value, "below %d" % minimum, allowed)
    return int(item.value)


def unknown_key(spec, section, item, keys):
    close = difflib.get_close_matches(item.key, list(keys), n=1)
    hint = "; did you mean '%s'?" % close[0] if close else ";"
    raise SpecError("%s: %s unknown key '%s' (value '%s')%s allowed: %s"
                    % (spec.where(item.line), section, item.key, item.value, hint,
                       ", ".join(keys)))


def workload_entries(spec, item):
    entries = []
    for token in split_list(spec, "[sweep]", item, SWEEP_KEYS[item.key]):
        if item.key == "workloads":
            m = WORKLOAD_RE.match(token)
            if not m:
                spec.fail(item.line, "[sweep]", item.key, item.value,
                          "'%s' is not NAME or NAME:SIZE" % token, SWEEP_KEYS[item.key])
            entries.append(Workload(item.key, token, item.line, m.group(1), size=m.group(2)))
            continue
        path = os.path.normpath(os.path.join(spec.dir, os.path.expanduser(token)))
        exists = os.path.isdir(path) or (item.key == "traces" and os.path.isfile(path))
        if not exists:
            spec.fail(item.line, "[sweep]", item.key, item.value, "'%s' does not exist (%s)"
                      % (token, path), SWEEP_KEYS[item.key])
        entries.append(Workload(item.key, token, item.line, token, path=path))
    return entries


def read_sweep(spec, section):
    for item in section.items:
        key, value = item.key, item.value
        if key not in SWEEP_KEYS:
            unknown_key(spec, "[sweep]", item, SWEEP_KEYS)
        allowed = SWEEP_KEYS[key]
        if key == "name":
            if not NAME_RE.match(value):
                spec.fail(item.line, "[sweep]", key, value, "not a plain name", allowed)
            spec.name = value
        elif key == "platforms":
            spec.platforms = split_list(spec, "[sweep]", item, allowed)
            spec.platforms_line = item.line
            for p in spec.platforms:
                if not NAME_RE.match(p):
                    spec.fail(item.line, "[sweep]", key, value, "'%s' is not a plain name" % p,
                              allowed)
        elif key in WORKLOAD_KEYS:
            spec.workloads += workload_entries(spec, item)
        elif key == "schedulers":
            spec.schedulers = split_list(spec, "[sweep]", item, allowed)
            spec.schedulers_line = item.line
        elif key == "collect":
            spec.collect = split_list(spec, "[sweep]", item, allowed)
            spec.collect_line = item.line
            for path in spec.collect:
                if "" in path.split("."):
                    spec.fail(item.line, "[sweep]", key, value,
                              "'%s' has an empty path segment" % path, allowed)
        elif key == "options":
            spec.options = split_options(spec, "[sweep]", item)
        elif key == "repeat":
            spec.repeat = whole_number(spec, item, 1)
        elif key == "output":
            if not value:
                spec.fail(item.line, "[sweep]", key, value, "empty", allowed)
            spec.output = os.path.normpath(os.path.join(spec.dir, os.path.expanduser(value)))
        elif key == "max-cycles":
            spec.max_cycles, spec.max_cycles_line = whole_number(spec, item, 0), item.line


def read_set(spec, section):
    for item in section.items:
        allowed = "config option values separated by blanks (e.g. l1d.sets = 32 64)"
        if not SET_KEY_RE.match(item.key):
            raise SpecError("%s: [set] '%s' (value '%s') is not a config option name; allowed: "
                            "names like l1d.sets (warpsim-fermi --help-config lists them)"
                            % (spec.where(item.line), item.key, item.value))
        if item.key in FIXED_COLUMNS:
            spec.fail(item.line, "[set]", item.key, item.value,
                      "the name of a column of results.csv", "config option names")
        values = split_list(spec, "[set]", item, allowed)
        check_placeholders(spec, "[set]", item, values)
        spec.sets.append((item.key, values, item.line))


def read_labelled(spec, section):
    options = Options([], section.line, "%s options" % section.title())
    for item in section.items:
        if item.key not in SECTION_KEYS[section.kind]:
            unknown_key(spec, section.title(), item, SECTION_KEYS[section.kind])
        options = split_options(spec, section.title(), item)
    if section.kind == "variant":
        spec.variants.append((section.label, options))
    else:
        spec.workload_options.append((section.label, options))


def check_once(spec):
    """--sched and --max-cycles: a program takes them once, so one level of the SPEC gives them."""
    for option, key in ONCE.items():
        levels = []  # (line, what) of each level that gives the option
        key_line = spec.schedulers_line if key == "schedulers" else spec.max_cycles_line
        if key_line:
            levels.append((key_line, "[sweep] %s" % key))
        for group in ([spec.options], [o for _, o in spec.workload_options],
                      [o for _, o in spec.variants]):
            giving = [o for o in group if o.gives(option)]
            for o in giving:
                if sum(a == option or a.startswith(option + "=") for a in o.args) > 1:
                    raise SpecError("%s: %s give %s twice; allowed: once (a warpsim program "
                                    "takes it once)" % (spec.where(o.line), o.where, option))
            if giving:
                levels.append((giving[0].line, giving[0].where))
        if len(levels) > 1:
            (l1, w1), (l2, w2) = levels[0], levels[1]
            raise SpecError("%s: %s gives %s, and so does %s at line %d; allowed: one of them "
                            "(a warpsim program takes %s once)"
                            % (spec.where(l2), w2, option, w1, l1, option))


def parse_spec(path, base_dir=None):
    """The Spec of the file at `path`, its relative paths taken from `base_dir` (default: the
    file's folder); raises SpecError."""
    spec = Spec(path, base_dir)
    sections = read_ini(path)
    sweep = [s for s in sections if s.kind == "sweep"]
    if not sweep:
        raise SpecError("%s:1: no [sweep] section; allowed: a [sweep] section with at least "
                        "platforms and one of %s" % (path, ", ".join(WORKLOAD_KEYS)))
    for section in sections:
        {"sweep": read_sweep, "set": read_set}.get(section.kind, read_labelled)(spec, section)
    line = sweep[0].line
    if not spec.platforms:
        raise SpecError("%s: [sweep] has no platforms; allowed: %s"
                        % (spec.where(line), SWEEP_KEYS["platforms"]))
    if not spec.workloads:
        raise SpecError("%s: [sweep] has none of %s; allowed: %s" % (
            spec.where(line), ", ".join(WORKLOAD_KEYS), SWEEP_KEYS["workloads"]))
    tokens = [w.token for w in spec.workloads]
    for i, w in enumerate(spec.workloads):
        if w.token in tokens[:i]:
            raise SpecError("%s: [sweep] %s: '%s' listed twice; allowed: each workload once"
                            % (spec.where(w.line), w.kind, w.token))
    for name, options in spec.workload_options:
        if not any(matches(name, w) for w in spec.workloads):
            raise SpecError("%s: [workload %s] names no workload of the sweep; allowed: one of "
                            "%s (or a built-in workload's name without :SIZE)"
                            % (spec.where(options.line), name, ", ".join(tokens)))
    check_once(spec)
    return spec
