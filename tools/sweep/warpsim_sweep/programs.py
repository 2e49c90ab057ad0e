"""The platform programs a SPEC names, and what they accept (their own listings).

A SPEC is checked before anything runs: that each platform's program exists, and that its
workloads, schedulers and [set] keys are ones the program lists (--list-workloads,
--list-policies, --help-config). A program that cannot answer a listing (one that is not a
warpsim platform program) is not checked for it; its runs then fail with their own errors.
"""
import difflib
import hashlib
import os
import subprocess

from .files import SweepError
from .ini import SpecError

NOT_PLATFORMS = {"sweep", "bench", "best-swl", "belady", "test-cuda-host", "plot-series"}


def program(bin_dir, platform):
    return os.path.join(bin_dir, "warpsim-" + platform)


def identity(path):
    """The program's identity: the sha256 of its file's bytes (a rebuilt program has another)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
    except OSError as e:
        raise SweepError("cannot read program %s: %s" % (path, e.strerror or e))
    return digest.hexdigest()


def platform_programs(bin_dir):
    """The platform names whose programs are in bin_dir (for error messages)."""
    try:
        names = sorted(os.listdir(bin_dir))
    except OSError:
        return []
    return [n[len("warpsim-"):] for n in names
            if n.startswith("warpsim-") and n[len("warpsim-"):] not in NOT_PLATFORMS
            and os.access(os.path.join(bin_dir, n), os.X_OK)]


class Listings:
    """A program's answers to its listing options, asked once each."""

    def __init__(self, prog, plugin_args, cwd):
        self.prog, self.plugin_args, self.cwd = prog, plugin_args, cwd
        self.cache = {}

    def ask(self, option):
        """The first word of each line the program prints for `option`, or None."""
        if option not in self.cache:
            try:
                done = subprocess.run([self.prog, option] + self.plugin_args, cwd=self.cwd,
                                      stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                      timeout=60)
                ok = done.returncode == 0
            except (OSError, subprocess.SubprocessError):
                ok = False
            if not ok:
                self.cache[option] = None
            elif option == "--help-config":  # "  key (type, default ...)" lines
                self.cache[option] = [line.split()[0] for line in done.stdout.splitlines()
                                      if line.startswith("  ") and not line.startswith("   ")
                                      and line.strip()]
            else:  # "name   description" lines
                self.cache[option] = [line.split()[0] for line in done.stdout.splitlines()
                                      if line.strip() and not line[0].isspace()]
        return self.cache[option]


def plugin_args(args):
    """The --plugin LIB arguments among `args` (they add workloads and policies)."""
    found = []
    for i, a in enumerate(args):
        if a == "--plugin" and i + 1 < len(args):
            found += [a, args[i + 1]]
        elif a.startswith("--plugin="):
            found.append(a)
    return found


def check_known(spec, line, what, value, names, prog, known):
    if known is not None and value not in known:
        close = difflib.get_close_matches(value, known, n=3)
        hint = "; did you mean: %s" % ", ".join(close) if close else ""
        raise SpecError("%s: %s: '%s' is not known to %s%s; allowed: %s"
                        % (spec.where(line), what, value, os.path.basename(prog), hint, names))


def check_programs(spec, bin_dir):
    """Raises SpecError unless every platform's program exists and accepts the SPEC's names."""
    for platform in spec.platforms:
        prog = program(bin_dir, platform)
        if not (os.path.isfile(prog) and os.access(prog, os.X_OK)):
            found = platform_programs(bin_dir)
            raise SpecError("%s: [sweep] platforms = '%s': no program warpsim-%s in %s; allowed: "
                            "%s (or another folder with --bin DIR)"
                            % (spec.where(spec.platforms_line), " ".join(spec.platforms),
                               platform, bin_dir,
                               ", ".join(found) if found else "none there"))
        listings = Listings(prog, plugin_args(spec.options.args), spec.dir)
        for w in spec.workloads:
            if w.kind == "workloads":
                known = listings.ask("--list-workloads")
                check_known(spec, w.line, "[sweep] workloads = '%s'" % w.token, w.name,
                            "the workloads of %s --list-workloads" % os.path.basename(prog),
                            prog, known)
        for s in spec.schedulers or []:
            known = listings.ask("--list-policies")
            check_known(spec, spec.schedulers_line,
                        "[sweep] schedulers = '%s'" % " ".join(spec.schedulers), s,
                        "the policies of %s --list-policies" % os.path.basename(prog),
                        prog, known)
        for key, values, line in spec.sets:
            known = listings.ask("--help-config")
            check_known(spec, line, "[set] %s = '%s'" % (key, " ".join(values)), key,
                        "the options of %s --help-config" % os.path.basename(prog), prog, known)
