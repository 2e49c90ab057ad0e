#!/usr/bin/env python3
"""Tests of warpsim-sweep (tools/sweep, doc/sweeps.md), on tiny runs of the built programs.

    python3 tests/sweep/test_sweep.py [SpecTest | RunTest | ResumeTest | ClusterTest ...]

WARPSIM_SWEEP names the warpsim-sweep under test (default: tools/sweep/warpsim-sweep) and
WARPSIM_BIN_DIR the folder of warpsim-fermi and warpsim-owl28 (default: build/bin). The classes
that run GNU parallel exit with 77 (ctest: skipped) when it is not installed.
"""
import csv
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWEEP = os.environ.get("WARPSIM_SWEEP") or os.path.join(ROOT, "tools", "sweep", "warpsim-sweep")
BIN = os.environ.get("WARPSIM_BIN_DIR") or os.path.join(ROOT, "build", "bin")
NEEDS_PARALLEL = {"RunTest", "ResumeTest"}
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._=+-]*$")

# 2 workloads x 2 values of sm.max_threads on fermi: stream's 256-thread CTAs do not fit in 128
# threads, so exactly one run fails (with the program's own error).
FOUR_RUNS = """\
[sweep]
name = four
platforms = fermi
workloads = ctareuse:1 stream:2
collect = ipc cycles warp_instructions gpu.sm*.l1d.misses gpu.sm[0-9]*.warp_instructions
          gpu.sm_total.memory_block_cycles gpu.nosuch.stat
max-cycles = 20000

[set]
sm.max_threads = 128 1536
"""
FAILING = "fermi.stream-2.sm.max_threads=128"


def sweep(*args, cwd):
    return subprocess.run([sys.executable, SWEEP] + list(args), cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def read_json(path):
    with open(path) as f:
        return json.load(f)


def text(path):
    with open(path) as f:
        return f.read()


class Folder(unittest.TestCase):
    """Each test in a fresh temporary folder holding its SPEC files."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="warpsim-sweep-test-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def run_sweep(self, *args):
        return sweep(*(list(args) + ["--bin", BIN]), cwd=self.dir)


class SpecTest(Folder):
    CROSS = """\
# 2 platforms x 2 workloads x 2 schedulers x 2 values = 16 runs
[sweep]
name = cross
platforms = fermi owl28   ; trailing comment
workloads = stream:1 thrash:1
schedulers = lrr gto
max-cycles = 1000
[set]
l1d.sets = 32 64
"""

    def test_cross_product_count_order_and_ids(self):
        self.write("cross.ini", self.CROSS)
        done = self.run_sweep("cross.ini", "--dry-run")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertIn("16 runs", lines[0])
        ids = [line.split()[0] for line in lines[1:]]
        self.assertEqual(len(ids), 16)
        self.assertEqual(len(set(ids)), 16)
        for run_id in ids:
            self.assertRegex(run_id, ID_RE)
        # Spec order: platform outermost, then workload, scheduler, [set] values.
        self.assertEqual(ids[:4], [
            "fermi.stream-1.lrr.l1d.sets=32", "fermi.stream-1.lrr.l1d.sets=64",
            "fermi.stream-1.gto.l1d.sets=32", "fermi.stream-1.gto.l1d.sets=64"])
        self.assertEqual(ids[-1], "owl28.thrash-1.gto.l1d.sets=64")
        first = lines[1]
        self.assertIn("warpsim-fermi --workload stream --set workload.size=1 --sched lrr "
                      "--set l1d.sets=32 --max-cycles 1000", first)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "sweeps")),
                         "--dry-run wrote an output folder")

    def test_variants_workload_options_repeat_and_continuation(self):
        self.write("v.ini", """\
[sweep]
platforms = fermi
workloads = stream:1 thrash
options = --set gpu.sms=2
  --set l2.perfect=false
repeat = 2
[variant Perfect L2]
options = --sched cta-aware-locality-blp --set l2.perfect=true
[variant RR]
options = --sched lrr
[workload thrash]
options = --set sm.max_warps=8
""")
        done = self.run_sweep("v.ini", "--dry-run")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()[1:]
        self.assertEqual(len(lines), 2 * 2 * 2)
        self.assertTrue(lines[0].startswith("fermi.stream-1.Perfect_L2.r1 "), lines[0])
        self.assertIn("--workload stream --set workload.size=1 --set gpu.sms=2 "
                      "--set l2.perfect=false --sched cta-aware-locality-blp "
                      "--set l2.perfect=true", lines[0])
        thrash = [line for line in lines if line.startswith("fermi.thrash.RR.r2 ")]
        self.assertEqual(len(thrash), 1)
        self.assertIn("--set gpu.sms=2 --set l2.perfect=false --set sm.max_warps=8 --sched lrr",
                      thrash[0])

    def test_colliding_ids_get_a_hash(self):
        for sub in ("a/bfs", "b/bfs"):
            os.makedirs(os.path.join(self.dir, sub))
        self.write("t.ini", "[sweep]\nplatforms = fermi\ntraces = a/bfs b/bfs\n")
        done = self.run_sweep("t.ini", "--dry-run")
        self.assertEqual(done.returncode, 0, done.stderr)
        ids = [line.split()[0] for line in done.stdout.splitlines()[1:]]
        self.assertEqual(len(set(ids)), 2)
        for run_id in ids:
            self.assertRegex(run_id, r"^fermi\.bfs-[0-9a-f]{6}$")
        self.assertIn("--trace %s" % os.path.join(self.dir, "a", "bfs"), done.stdout)

    def assert_spec_error(self, text, line, *fragments):
        path = self.write("bad.ini", text)
        done = self.run_sweep("bad.ini")
        self.assertEqual(done.returncode, 2, done.stdout + done.stderr)
        self.assertEqual(done.stdout, "")
        message = done.stderr.strip()
        self.assertEqual(len(message.splitlines()), 1, message)
        self.assertTrue(message.startswith("warpsim-sweep: error: bad.ini:%d: " % line), message)
        for fragment in fragments + ("allowed:",):
            self.assertIn(fragment, message)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "sweeps")), message)
        os.unlink(path)

    def test_errors_name_file_line_key_value_and_what_is_allowed(self):
        base = "[sweep]\nplatforms = fermi\nworkloads = stream:1\n"
        self.assert_spec_error(base + "schedulerz = gto\n", 4, "unknown key 'schedulerz'",
                               "'gto'", "did you mean 'schedulers'?")
        self.assert_spec_error(base + "[sets]\nl1d.sets = 32\n", 4, "unknown section [sets]",
                               "[variant LABEL]")
        self.assert_spec_error("[sweep]\nplatforms = fermi\nworkloads =\n", 3,
                               "workloads = ''", "empty list")
        self.assert_spec_error(base + "[set]\nl1d.sets =   # nothing\n", 5, "l1d.sets = ''",
                               "empty list")
        self.assert_spec_error(base + "repeat = twice\n", 4, "repeat = 'twice'",
                               "not a whole number", ">= 1")
        self.assert_spec_error(base + "repeat = 0\n", 4, "repeat = '0'", "below 1")
        self.assert_spec_error("[sweep]\nplatforms = fermi nosuch\nworkloads = stream\n", 2,
                               "platforms = 'fermi nosuch'", "no program warpsim-nosuch",
                               "fermi", "owl28")
        self.assert_spec_error(base + "schedulers = gto lru\n", 4, "'lru'", "did you mean: lrr")
        self.assert_spec_error(base + "[set]\nl1d.size = 16KiB\n", 5, "l1d.size = '16KiB'",
                               "--help-config")
        self.assert_spec_error(base + "schedulers = gto\n[variant a]\noptions = --sched lrr\n",
                               6, "--sched", "line 4")
        self.assert_spec_error(base + "options = --stats x.json\n", 4, "--stats")
        self.assert_spec_error(base + "platforms = owl28\n", 4, "given twice")
        self.assert_spec_error("[sweep]\nplatforms fermi\n", 2, "malformed line")
        self.assert_spec_error(base + "options = --series {rundir}/s.csv\n", 4,
                               "'{rundir}' is not {run_dir}", "--series {rundir}/s.csv")
        self.assert_spec_error(base + "[variant a]\noptions =\n[set]\nl1d.trace = {RUN_DIR}/t\n",
                               7, "[set] l1d.trace", "'{RUN_DIR}'", "{run_dir}")

    def test_run_dir_becomes_each_runs_folder(self):
        self.write("d.ini", """\
[sweep]
platforms = fermi
workloads = stream:1 thrash:1
options = --timeline {run_dir}/t.json --set x={other}
[workload thrash]
options = --series {run_dir}/s.csv
[variant a]
options = --sample-every 100
[set]
l1d.trace = {run_dir}/l1d.trc
""")
        done = self.run_sweep("d.ini", "--dry-run")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()[1:]
        self.assertEqual(len(lines), 2)
        for line, run_id in zip(lines, ["fermi.stream-1.a.l1d.trace=_run_dir_l1d.trc",
                                        "fermi.thrash-1.a.l1d.trace=_run_dir_l1d.trc"]):
            folder = os.path.join(self.dir, "sweeps", "d", "runs", run_id)
            self.assertTrue(line.startswith(run_id + " "), line)
            self.assertIn("--timeline %s/t.json --set x={other} " % folder, line)
            self.assertTrue(line.endswith("--set l1d.trace=%s/l1d.trc" % folder), line)
            self.assertNotIn("{run_dir}", line)
        self.assertIn("--series %s/s.csv " % folder, lines[1])

    def test_changed_spec_is_refused_unless_forced(self):
        spec = self.write("s.ini", "[sweep]\nplatforms = fermi\nworkloads = stream:1\n"
                          "schedulers = lrr gto\n")
        done = self.run_sweep("s.ini", "--emit-slurm", "s.sbatch")  # prepares OUT, runs nothing
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(spec, "a") as f:  # a new statistic does not change the run list
            f.write("collect = ipc\n")
        self.assertEqual(self.run_sweep("s.ini", "--emit-slurm", "s.sbatch").returncode, 0)
        with open(spec, "a") as f:
            f.write("max-cycles = 5\n")
        done = self.run_sweep("s.ini", "--emit-slurm", "s.sbatch")
        self.assertEqual(done.returncode, 2)
        self.assertIn("another run list", done.stderr)
        self.assertIn("2 runs with another command", done.stderr)
        self.assertIn("--force", done.stderr)
        done = self.run_sweep("s.ini", "--emit-slurm", "s.sbatch", "--force")
        self.assertEqual(done.returncode, 0, done.stderr)
        plan = read_json(os.path.join(self.dir, "sweeps", "s", "runs.json"))
        self.assertEqual(plan["runs"][0]["argv"][-2:], ["--max-cycles", "5"])

    def test_foreign_output_folder_is_refused(self):
        self.write("s.ini", "[sweep]\nplatforms = fermi\nworkloads = stream:1\n")
        self.write("mine/notes.txt", "mine")
        done = self.run_sweep("s.ini", "--output", "mine", "--emit-slurm", "x.sbatch")
        self.assertEqual(done.returncode, 2)
        self.assertIn("already holds other files", done.stderr)
        self.assertEqual(os.listdir(os.path.join(self.dir, "mine")), ["notes.txt"])


class RunTest(Folder):
    """The four-run sweep through GNU parallel, one run failing."""

    def test_sweep_through_parallel(self):
        self.write("four.ini", FOUR_RUNS)
        done = self.run_sweep("four.ini", "--jobs", "2")
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("4 runs: 3 ok, 1 failed; 0 skipped as already done", done.stdout)
        failed_line = [l for l in done.stdout.splitlines() if l.strip().startswith("failed:")]
        self.assertEqual(len(failed_line), 1, done.stdout)
        self.assertIn(FAILING, failed_line[0])
        self.assertIn("one CTA does not fit on an SM", failed_line[0])

        out = os.path.join(self.dir, "sweeps", "four")
        rows = read_csv(os.path.join(out, "results.csv"))
        self.assertEqual([r["run"] for r in rows], [
            "fermi.ctareuse-1.sm.max_threads=128", "fermi.ctareuse-1.sm.max_threads=1536",
            FAILING, "fermi.stream-2.sm.max_threads=1536"])
        self.assertEqual([(r["platform"], r["workload"], r["sm.max_threads"]) for r in rows], [
            ("fermi", "ctareuse:1", "128"), ("fermi", "ctareuse:1", "1536"),
            ("fermi", "stream:2", "128"), ("fermi", "stream:2", "1536")])
        header = list(rows[0].keys())
        self.assertEqual(header[-6:], ["status", "outcome", "wall_seconds", "exit_status",
                                       "error", "stats"])
        for row in rows:
            result = read_json(os.path.join(out, "runs", row["run"], "result.json"))
            self.assertTrue(os.path.exists(os.path.join(out, "runs", row["run"], "cmd")))
            self.assertGreaterEqual(float(row["wall_seconds"]), 0.0)
            if row["run"] == FAILING:
                self.assertEqual(row["status"], "failed")
                self.assertNotEqual(row["exit_status"], "0")
                self.assertIn("error:", row["error"])
                self.assertIn("sm.max_threads = 128", row["error"])
                self.assertEqual(result["ok"], False)
                self.assertEqual(row["ipc"], "")
                self.assertEqual(row["stats"], "")
                continue
            self.assertEqual((row["status"], row["exit_status"], row["error"]), ("ok", "0", ""))
            stats = read_json(os.path.join(out, row["stats"]))
            self.assertEqual(row["outcome"], stats["outcome"])
            for key in ("ipc", "cycles", "warp_instructions"):
                self.assertEqual(float(row[key]), float(stats[key]), key)
            self.assertEqual(row["gpu.sm_total.memory_block_cycles"],
                             str(stats["gpu"]["sm_total"]["memory_block_cycles"]))
            self.assertEqual(row["gpu.nosuch.stat"], "")  # missing: an empty cell
            sms = {k: v for k, v in stats["gpu"].items() if re.fullmatch(r"sm[0-9]+", k)}
            self.assertGreater(len(sms), 1)
            self.assertEqual(int(row["gpu.sm*.l1d.misses"]),
                             sum(v["l1d"]["misses"] for v in sms.values()))
            self.assertEqual(int(row["gpu.sm[0-9]*.warp_instructions"]),
                             sum(v["warp_instructions"] for v in sms.values()))
            self.assertEqual(int(row["gpu.sm[0-9]*.warp_instructions"]),
                             stats["warp_instructions"])
        # The joblog is GNU parallel's: one line per job it ran.
        with open(os.path.join(out, "joblog")) as f:
            self.assertEqual(len(f.read().splitlines()), 4)

        # --merge alone writes the same CSV.
        before = text(os.path.join(out, "results.csv"))
        os.unlink(os.path.join(out, "results.csv"))
        done = self.run_sweep("four.ini", "--merge")
        self.assertEqual(done.returncode, 1)
        self.assertEqual(text(os.path.join(out, "results.csv")), before)

    def test_watchdog_stop_is_a_failed_run_with_its_stopped_line(self):
        self.write("stop.ini", "[sweep]\nplatforms = fermi\nworkloads = stream:2\n"
                   "options = --set sim.watchdog_cycles=100 --set gpu.kernel_launch_latency=0\n")
        done = self.run_sweep("stop.ini", "--jobs", "1")
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        row = read_csv(os.path.join(self.dir, "sweeps", "stop", "results.csv"))[0]
        self.assertEqual((row["status"], row["exit_status"], row["stats"]), ("failed", "3", ""))
        self.assertIn("stopped: no progress (watchdog)", row["error"])
        self.assertIn("stopped: no progress (watchdog)", done.stdout)

    def test_default_collect_is_every_numeric_top_level_statistic(self):
        self.write("one.ini", "[sweep]\nplatforms = fermi\nworkloads = stream:1\n"
                   "max-cycles = 5000\n")
        done = self.run_sweep("one.ini", "--jobs", "1", "--quiet")
        self.assertEqual((done.returncode, done.stdout), (0, ""), done.stderr)
        out = os.path.join(self.dir, "sweeps", "one")
        row = read_csv(os.path.join(out, "results.csv"))[0]
        stats = read_json(os.path.join(out, row["stats"]))
        numeric = [k for k, v in stats.items()
                   if isinstance(v, (int, float)) and not isinstance(v, bool)]
        self.assertTrue({"cycles", "ipc", "warp_instructions"} <= set(numeric))
        self.assertEqual(list(row.keys()), ["run", "platform", "workload"] + numeric + [
            "status", "outcome", "wall_seconds", "exit_status", "error", "stats"])
        for key in numeric:
            self.assertEqual(float(row[key]), float(stats[key]), key)


    def test_run_dir_gives_each_run_its_own_series(self):
        self.write("series.ini", "[sweep]\nplatforms = fermi\nworkloads = stream:1 thrash:1\n"
                   "options = --sample-every 500 --series {run_dir}/series.csv\n")
        done = self.run_sweep("series.ini", "--jobs", "2")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        out = os.path.join(self.dir, "sweeps", "series")
        series = {}
        for run_id in ("fermi.stream-1", "fermi.thrash-1"):
            folder = os.path.join(out, "runs", run_id)
            self.assertIn("--series %s/series.csv " % folder, text(os.path.join(folder, "cmd")))
            series[run_id] = text(os.path.join(folder, "series.csv"))
            self.assertTrue(series[run_id].startswith("start,end,"), series[run_id][:80])
            self.assertGreater(len(series[run_id].splitlines()), 2)
        self.assertNotEqual(series["fermi.stream-1"], series["fermi.thrash-1"])
        self.assertFalse(os.path.exists(os.path.join(self.dir, "{run_dir}")))


class ResumeTest(Folder):
    def test_only_unfinished_runs_run_again(self):
        self.write("four.ini", FOUR_RUNS)
        self.assertEqual(self.run_sweep("four.ini", "--jobs", "2").returncode, 1)
        out = os.path.join(self.dir, "sweeps", "four")
        runs = os.path.join(out, "runs")
        again = "fermi.ctareuse-1.sm.max_threads=1536"
        os.unlink(os.path.join(runs, again, "result.json"))  # as if interrupted in that run
        mtimes = {r: os.stat(os.path.join(runs, r, "result.json")).st_mtime_ns
                  for r in os.listdir(runs) if r != again}
        done = self.run_sweep("four.ini", "--jobs", "2")
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("4 runs: 3 ok, 1 failed; 3 skipped as already done", done.stdout)
        with open(os.path.join(out, "joblog")) as f:
            jobs = f.read().splitlines()
        self.assertEqual(len(jobs), 5)  # 4, then 1
        self.assertIn(again, jobs[-1])
        for run_id, mtime in mtimes.items():
            self.assertEqual(os.stat(os.path.join(runs, run_id, "result.json")).st_mtime_ns,
                             mtime, run_id)
        self.assertEqual(len(read_csv(os.path.join(out, "results.csv"))), 4)

        # --retry-failed runs the failed run again, and only it.
        done = self.run_sweep("four.ini", "--jobs", "2", "--retry-failed")
        self.assertEqual(done.returncode, 1)
        self.assertIn("3 skipped as already done", done.stdout)
        with open(os.path.join(out, "joblog")) as f:
            jobs = f.read().splitlines()
        self.assertEqual(len(jobs), 6)
        self.assertIn(FAILING, jobs[-1])

        # Nothing left: nothing runs.
        done = self.run_sweep("four.ini")
        self.assertIn("4 skipped as already done", done.stdout)
        with open(os.path.join(out, "joblog")) as f:
            self.assertEqual(len(f.read().splitlines()), 6)


    def test_rebuilt_program_runs_again(self):
        """Each run records its program's sha256; a finished run whose program changed since
        (or whose result.json does not say, from an older warpsim-sweep) runs again."""
        bin_dir = os.path.join(self.dir, "bin")
        wrappers = {}
        for platform in ("fermi", "owl28"):
            wrappers[platform] = self.write("bin/warpsim-" + platform, "#!/bin/sh\nexec %s \"$@\"\n"
                                            % os.path.join(BIN, "warpsim-" + platform))
            os.chmod(wrappers[platform], 0o755)
        self.write("two.ini", "[sweep]\nplatforms = fermi owl28\nworkloads = stream:1\n")
        out = os.path.join(self.dir, "sweeps", "two")
        fermi, owl28 = "fermi.stream-1", "owl28.stream-1"

        def run(*args):
            return sweep("two.ini", "--bin", bin_dir, "--jobs", "2", *args, cwd=self.dir)

        def result(run_id):
            return read_json(os.path.join(out, "runs", run_id, "result.json"))

        def sha256(path):
            with open(path, "rb") as f:
                return hashlib.sha256(f.read()).hexdigest()

        def jobs():
            with open(os.path.join(out, "joblog")) as f:
                return f.read().splitlines()

        done = run()
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertEqual(len(jobs()), 2)
        for platform in ("fermi", "owl28"):
            self.assertEqual(result(platform + ".stream-1")["program"], wrappers[platform])
            self.assertEqual(result(platform + ".stream-1")["program_sha256"],
                             sha256(wrappers[platform]))
        # The same programs: nothing runs again.
        done = run()
        self.assertIn("2 runs: 2 ok, 0 failed; 2 skipped as already done; wall", done.stdout)
        self.assertNotIn("again", done.stdout)
        self.assertEqual(len(jobs()), 2)

        # warpsim-fermi rebuilt: its run, and only it, runs again.
        with open(wrappers["fermi"], "a") as f:
            f.write("# rebuilt\n")
        owl28_mtime = os.stat(os.path.join(out, "runs", owl28, "result.json")).st_mtime_ns
        done = run("--dry-run")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertIn("2 runs, 1 to run, 1 already done (1 run to run again: warpsim-fermi was "
                      "rebuilt)", lines[0])
        self.assertTrue(lines[1].startswith(fermi + "  [to run again]  "), lines[1])
        self.assertTrue(lines[2].startswith(owl28 + "  [done]  "), lines[2])
        done = run()
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("warpsim-sweep: 1 run to run again: warpsim-fermi was rebuilt\n",
                      done.stdout)
        self.assertIn("2 runs: 2 ok, 0 failed; 1 skipped as already done, 1 run again as their "
                      "program changed", done.stdout)
        self.assertEqual(len(jobs()), 3)
        self.assertIn(fermi, jobs()[-1])
        self.assertEqual(result(fermi)["program_sha256"], sha256(wrappers["fermi"]))
        self.assertEqual(os.stat(os.path.join(out, "runs", owl28, "result.json")).st_mtime_ns,
                         owl28_mtime)

        # A result.json of an older warpsim-sweep, which did not record the program: stale too.
        old = result(owl28)
        del old["program"], old["program_sha256"]
        self.write("sweeps/two/runs/%s/result.json" % owl28, json.dumps(old))
        done = run()
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("1 run to run again: 1 finished by an older warpsim-sweep", done.stdout)
        self.assertEqual(len(jobs()), 4)
        self.assertIn(owl28, jobs()[-1])
        self.assertIn("2 skipped as already done", run().stdout)
        self.assertEqual(len(jobs()), 4)


class ClusterTest(Folder):
    def test_slurm_script(self):
        self.write("four.ini", FOUR_RUNS)
        done = self.run_sweep("four.ini", "--emit-slurm", "four.sbatch",
                              "--slurm-max-parallel", "3", "--slurm-option=--partition=short")
        self.assertEqual(done.returncode, 0, done.stderr)
        out = os.path.join(self.dir, "sweeps", "four")
        script = text(os.path.join(self.dir, "four.sbatch"))
        tool = os.path.realpath(SWEEP)
        self.assertTrue(script.startswith("#!/bin/bash\n"))
        self.assertIn("\n#SBATCH --array=0-3%3\n", script)
        self.assertIn("\n#SBATCH --job-name=warpsim-sweep-four\n", script)
        self.assertIn("\n#SBATCH --output=%s/slurm/%%A_%%a.out\n" % out, script)
        self.assertIn("\n#SBATCH --partition=short\n", script)
        self.assertIn('\nexec %s --run-index %s "$SLURM_ARRAY_TASK_ID" --report\n'
                      % (tool, out), script)
        self.assertIn("sbatch --dependency=afterany:$jobid", script)
        self.assertIn("%s %s/spec.ini --merge" % (tool, out), script)
        self.assertTrue(os.path.isdir(os.path.join(out, "slurm")))
        self.assertEqual(text(os.path.join(out, "runs.txt")).split(), [
            "fermi.ctareuse-1.sm.max_threads=128", "fermi.ctareuse-1.sm.max_threads=1536",
            FAILING, "fermi.stream-2.sm.max_threads=1536"])
        # Every #SBATCH line comes before the first command (sbatch stops reading there).
        lines = script.splitlines()
        first_command = next(i for i, l in enumerate(lines) if l and not l.startswith("#"))
        self.assertFalse(any(l.startswith("#SBATCH") for l in lines[first_command:]))

        # The array tasks, run as Slurm would (without Slurm): task 2 is the failing run.
        env = dict(os.environ, SLURM_ARRAY_TASK_ID="2")
        task = subprocess.run(["bash", os.path.join(self.dir, "four.sbatch")], env=env,
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(task.returncode, 1, task.stderr)
        self.assertIn(FAILING + ": FAILED", task.stdout)
        env["SLURM_ARRAY_TASK_ID"] = "3"
        task = subprocess.run(["bash", os.path.join(self.dir, "four.sbatch")], env=env,
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(task.returncode, 0, task.stderr)
        # The merge the script's comment shows: two runs done, two not run yet.
        done = sweep(os.path.join(out, "spec.ini"), "--merge", cwd="/")
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("4 runs: 1 ok, 1 failed, 2 not run", done.stdout)
        rows = read_csv(os.path.join(out, "results.csv"))
        self.assertEqual([r["status"] for r in rows], ["not run", "not run", "failed", "ok"])
        # Emitted again, the array holds only the runs still to do.
        done = self.run_sweep("four.ini", "--emit-slurm", "four.sbatch")
        self.assertIn("\n#SBATCH --array=0-1\n", text(os.path.join(self.dir, "four.sbatch")))

    def test_ssh_invocation(self):
        self.write("four.ini", FOUR_RUNS)
        self.write("hosts", ":\n")  # ':' is this machine for GNU parallel: no ssh needed
        done = self.run_sweep("four.ini", "--emit-ssh", "hosts")
        self.assertEqual(done.returncode, 0, done.stderr)
        out = os.path.join(self.dir, "sweeps", "four")
        command = done.stdout.strip()
        self.assertTrue(command.startswith("parallel --will-cite "), command)
        self.assertIn("--sshloginfile %s" % os.path.join(self.dir, "hosts"), command)
        self.assertIn("--workdir %s" % out, command)
        self.assertIn("--joblog +%s/joblog" % out, command)
        self.assertIn("--run-one %s {}" % out, command)
        self.assertTrue(command.endswith(":::: %s/runs.txt" % out), command)
        script = os.path.join(out, "ssh-parallel.sh")
        self.assertIn(command + "\n", text(script))
        if shutil.which("parallel") is None:
            self.skipTest("GNU parallel is not installed: the ssh invocation is not run")
        ran = subprocess.run([script], capture_output=True, text=True, timeout=300)
        self.assertEqual(ran.returncode, 1, ran.stdout + ran.stderr)  # one run fails
        self.assertIn("4 runs: 3 ok, 1 failed", ran.stdout)
        self.assertEqual(len(read_csv(os.path.join(out, "results.csv"))), 4)


if __name__ == "__main__":
    wanted = [a for a in sys.argv[1:] if not a.startswith("-")]
    if shutil.which("parallel") is None and wanted and set(wanted) <= NEEDS_PARALLEL:
        print("skipped: GNU parallel is not installed (apt-get install parallel)")
        sys.exit(77)
    if not os.path.exists(os.path.join(BIN, "warpsim-fermi")):
        print("error: no %s/warpsim-fermi: build it, or set WARPSIM_BIN_DIR" % BIN)
        sys.exit(1)
    if shutil.which("parallel") is None:
        for name in NEEDS_PARALLEL:
            setattr(sys.modules[__name__], name, unittest.skip("GNU parallel is not installed")(
                globals()[name]))
    unittest.main(verbosity=2)
