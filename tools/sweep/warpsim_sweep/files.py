"""Files of an output folder: written through a temporary file renamed into place, so that a
file that exists is complete (an interrupted sweep never leaves one half written)."""
import fcntl
import json
import os


class SweepError(Exception):
    """A problem with the output folder or the command line (exit code 2)."""


def write_atomic(path, text):
    tmp = "%s.tmp.%d" % (path, os.getpid())
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SweepError("cannot write '%s': %s" % (path, e.strerror or e))


def write_json(path, value):
    write_atomic(path, json.dumps(value, indent=1, sort_keys=False) + "\n")


def read_json(path):
    """The JSON in `path`, or None if it is missing or not JSON."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def remove(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def run_dir(out, run_id):
    return os.path.join(out, "runs", run_id)


def read_result(out, run_id):
    """The run's result.json (it exists once the run has finished, ok or failed), or None."""
    result = read_json(os.path.join(run_dir(out, run_id), "result.json"))
    return result if isinstance(result, dict) and "ok" in result else None


def lock(out):
    """Holds OUT/lock for this process's life; SweepError if another warpsim-sweep holds it."""
    try:
        os.makedirs(out, exist_ok=True)
        fd = os.open(os.path.join(out, "lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise SweepError("cannot create output folder %s: %s" % (out, e.strerror or e))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise SweepError("another warpsim-sweep is working on %s (it holds %s/lock); wait for "
                         "it to end" % (out, out))
    return fd
