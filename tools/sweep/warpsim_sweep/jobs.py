"""Running the job list: locally through GNU parallel, or emitted for a cluster (a Slurm job
array, or GNU parallel over ssh to hosts that share the filesystem).

Every job is `warpsim-sweep --run-one OUT ID` (or `--run-index OUT K`, K a line of
OUT/runs.txt); a job whose run has finished is skipped, so rerunning any of these resumes.
"""
import os
import shlex
import shutil
import signal
import subprocess

from .files import SweepError, write_atomic

PARALLEL_MISSING = ("GNU parallel is not installed (it runs the sweep's runs): apt-get install "
                    "parallel, or run the runs elsewhere with --emit-slurm or --emit-ssh")


def job_command(tool, out, retry_failed, report):
    """The shell command of one job; GNU parallel puts the (quoted) run id at {}."""
    words = [shlex.quote(w) for w in tool + ["--run-one", out]] + ["{}"]
    return " ".join(words + (["--retry-failed"] if retry_failed else [])
                    + (["--report"] if report else []))


def parallel_argv(tool, out, joblist, jobs=None, bar=False, retry_failed=False, report=False,
                  sshloginfile=None):
    argv = ["parallel", "--will-cite"]
    if sshloginfile:
        argv += ["--sshloginfile", sshloginfile, "--workdir", out]
    if jobs:
        argv += ["--jobs", str(jobs)]
    argv += ["--joblog", "+" + os.path.join(out, "joblog")]
    argv += ["--bar"] if bar else []
    return argv + [job_command(tool, out, retry_failed, report), "::::", joblist]


def run_parallel(tool, out, pending, jobs, bar, report, retry_failed):
    """Runs the pending run ids through GNU parallel; returns (parallel's exit code,
    interrupted). Ctrl-C or SIGTERM stops parallel, which stops the running jobs; finished
    runs keep their result.json."""
    if shutil.which("parallel") is None:
        raise SweepError(PARALLEL_MISSING)
    joblist = os.path.join(out, "pending.txt")
    write_atomic(joblist, "".join(run_id + "\n" for run_id in pending))
    argv = parallel_argv(tool, out, joblist, jobs, bar, retry_failed, report)
    env = dict(os.environ, PARALLEL_SHELL="/bin/sh")

    proc = None

    def terminate(signum, frame):  # SIGTERM to warpsim-sweep alone: pass it on at once
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminate)
    interrupted = False
    try:
        proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL)
        while True:
            try:
                if not interrupted:
                    return proc.wait(), False
                # Ctrl-C reached parallel too (it stops the jobs); a SIGINT sent to us alone
                # is passed on if parallel is still running after a moment.
                try:
                    proc.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    proc.send_signal(signal.SIGTERM)
                return proc.wait(), True
            except KeyboardInterrupt:
                interrupted = True
    finally:
        signal.signal(signal.SIGTERM, previous)


def ranges(indices):
    """'0-3,7,9-10' for [0, 1, 2, 3, 7, 9, 10]."""
    spans = []
    for i in indices:
        if spans and spans[-1][1] == i - 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    return ",".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in spans)


def slurm_script(tool, out, plan, pending_indices, max_parallel, options, retry_failed):
    """The text of a Slurm job-array script: one array task per run still to do."""
    n = len(plan.runs)
    indices = pending_indices or list(range(n))
    array = ranges(indices) + ("%%%d" % max_parallel if max_parallel else "")
    merge = shlex.join(tool + [os.path.join(out, "spec.ini"), "--merge"])
    task = tool + ["--run-index", out]
    lines = [
        "#!/bin/bash",
        "# Slurm job array of warpsim-sweep: sweep '%s' (SPEC %s), %d runs, %s."
        % (plan.name, plan.spec_path, n, "%d to do here" % len(indices) if pending_indices
           else "all finished (every task skips)"),
        "# Task K runs line K (from 0) of %s; a run that has finished (its" % os.path.join(
            out, "runs.txt"),
        "# runs/ID/result.json exists) is skipped, so submitting this again resumes the sweep.",
        "# Submit, then merge into %s once every task has ended (ok or not):"
        % os.path.join(out, "results.csv"),
        "#   jobid=$(sbatch --parsable %s)" % shlex.quote(os.path.abspath(options["file"])),
        "#   sbatch --dependency=afterany:$jobid --job-name=%s --output=%s --wrap=%s"
        % (shlex.quote(plan.name + "-merge"), shlex.quote(os.path.join(out, "slurm",
                                                                       "merge-%j.out")),
           shlex.quote(merge)),
        "# or by hand once they have ended: %s" % merge,
        "#SBATCH --job-name=%s" % ("warpsim-sweep-" + plan.name),
        "#SBATCH --array=%s" % array,
        "#SBATCH --output=%s" % os.path.join(out, "slurm", "%A_%a.out"),
        "#SBATCH --ntasks=1",
        "#SBATCH --cpus-per-task=1",
    ]
    lines += ["#SBATCH %s" % o for o in options["sbatch"]]
    lines.append("exec %s \"$SLURM_ARRAY_TASK_ID\"%s --report" % (
        shlex.join(task), " --retry-failed" if retry_failed else ""))
    return "\n".join(lines) + "\n"


def emit_slurm(tool, out, plan, pending_indices, path, max_parallel, sbatch_options,
               retry_failed):
    os.makedirs(os.path.join(out, "slurm"), exist_ok=True)
    text = slurm_script(tool, out, plan, pending_indices, max_parallel,
                        {"file": path, "sbatch": sbatch_options}, retry_failed)
    write_atomic(path, text)
    os.chmod(path, 0o755)


def emit_ssh(tool, out, plan, sshloginfile, jobs, retry_failed):
    """Writes OUT/ssh-parallel.sh (runs every run over ssh, then merges); returns the GNU
    parallel command line it holds."""
    argv = parallel_argv(tool, out, os.path.join(out, "runs.txt"), jobs,
                         retry_failed=retry_failed, report=True,
                         sshloginfile=os.path.abspath(sshloginfile))
    command = shlex.join(argv)
    merge = shlex.join(tool + [os.path.join(out, "spec.ini"), "--merge"])
    script = os.path.join(out, "ssh-parallel.sh")
    write_atomic(script, "\n".join([
        "#!/bin/sh",
        "# warpsim-sweep: sweep '%s' (SPEC %s), %d runs" % (plan.name, plan.spec_path,
                                                          len(plan.runs)),
        "# on the hosts of %s (they share this filesystem)," % os.path.abspath(sshloginfile),
        "# then the merge into %s." % os.path.join(out, "results.csv"),
        "# A finished run is skipped: run this again to resume.",
        command,
        "exec " + merge, ""]))
    os.chmod(script, 0o755)
    return command, script
