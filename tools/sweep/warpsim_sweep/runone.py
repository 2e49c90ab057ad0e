"""One run of a sweep: the job each GNU parallel slot or Slurm array task executes.

OUT/runs/ID/ gets `cmd` (the exact command line), `stdout.txt`, `stderr.txt`, `stats.json`
(the program's --stats) and, as the last step, `result.json` (renamed into place): its presence
means the run finished, ok or failed. It records the identity of the run's program (the sha256
runs.json holds, taken when the sweep was planned); a result of another identity is stale, and
the run runs again. A run stopped by SIGINT or SIGTERM (Ctrl-C, a killed sweep, a Slurm time
limit) leaves no result.json, so it runs again when the sweep resumes.
"""
import datetime
import os
import shlex
import signal
import socket
import subprocess
import time

from .files import read_json, read_result, remove, run_dir, write_json

INTERRUPTED = {130, 143, -signal.SIGINT, -signal.SIGTERM}


def error_line(stderr_path, exit_status):
    """The last `error:` or `stopped:` line of the run's stderr, else its last line."""
    try:
        with open(stderr_path, encoding="utf-8", errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        lines = []
    marked = [line for line in lines if "error:" in line or "stopped:" in line]
    if marked:
        return marked[-1]
    if lines:
        return lines[-1]
    if exit_status < 0:
        return "killed by signal %s" % signal.Signals(-exit_status).name
    return "exit status %d" % exit_status


def already_done(out, plan, run, retry_failed):
    result = read_result(out, run.id)
    return (result is not None and plan.current(run, result)
            and (result["ok"] or not retry_failed))


def execute(argv, cwd, stdout_path, stderr_path):
    """Runs argv; returns (exit status, signal that stopped this job or None)."""
    stopped_by = []

    def forward(signum, frame):
        stopped_by.append(signum)
        if proc is not None:
            proc.send_signal(signum)

    proc = None
    previous = {s: signal.signal(s, forward) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
            try:
                proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out,
                                        stderr=err)
            except OSError as e:
                err.write(("warpsim-sweep: error: cannot start %s: %s\n"
                           % (argv[0], e.strerror or e)).encode())
                return 127, None
            if stopped_by:  # a signal arrived before the program started
                proc.send_signal(stopped_by[0])
            status = proc.wait()
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    return status, (stopped_by[0] if stopped_by else None)


def run_one(out, plan, run_id, retry_failed=False, report=False):
    """Runs one run of `plan` into `out`; returns the exit code of the job: 0 the run is ok
    (or was already done), 1 it failed (recorded), 128+N stopped by signal N (not recorded)."""
    run = plan.find(run_id)
    if already_done(out, plan, run, retry_failed):
        if report:
            print("%s: already done" % run_id, flush=True)
        return 0
    folder = run_dir(out, run_id)
    os.makedirs(folder, exist_ok=True)
    stats = os.path.join(folder, "stats.json")
    for name in ("result.json", "stats.json"):
        remove(os.path.join(folder, name))
    argv = run.argv + ["--stats", stats]
    with open(os.path.join(folder, "cmd"), "w", encoding="utf-8") as f:
        f.write("cd %s && %s\n" % (shlex.quote(plan.cwd), shlex.join(argv)))
    started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    t0 = time.monotonic()
    status, stopped_by = execute(argv, plan.cwd, os.path.join(folder, "stdout.txt"),
                                 os.path.join(folder, "stderr.txt"))
    wall = time.monotonic() - t0
    if stopped_by is not None or status in INTERRUPTED:
        remove(stats)  # figures of an interrupted run: it runs again on resume
        return 128 + (stopped_by or (-status if status < 0 else status - 128))
    exit_status = status if status >= 0 else 128 - status
    data = read_json(stats) if os.path.exists(stats) else None
    ok = status == 0 and isinstance(data, dict)
    error = "" if ok else error_line(os.path.join(folder, "stderr.txt"), status)
    if status == 0 and not ok:
        error = "exit status 0 but no statistics in %s" % stats
    result = {"id": run_id, "ok": ok, "exit_status": exit_status,
              "wall_seconds": round(wall, 3), "error": error,
              "outcome": data.get("outcome", "") if isinstance(data, dict) else "",
              "stats": "runs/%s/stats.json" % run_id if isinstance(data, dict) else "",
              "started": started, "host": socket.gethostname(),
              "program": run.argv[0], "program_sha256": plan.identity(run)}
    write_json(os.path.join(folder, "result.json"), result)
    if report:
        print("%s: %s (%.2f s)" % (run_id, "ok" if ok else "FAILED, " + error, wall), flush=True)
    return 0 if ok else 1
