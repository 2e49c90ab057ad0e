#!/usr/bin/env bash
# Runs the libFuzzer harnesses one after another (tests/fuzz/README.md); make fuzz and
# make fuzz-ci call it.
#   tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS [HARNESS...]
# Each harness BUILD_DIR/bin/fuzz-NAME runs for SECONDS on a fresh copy of tests/fuzz/corpus/NAME
# in BUILD_DIR/fuzz-run/NAME (so the checked-in seeds stay as they are), with its log and any
# reproducer beside it; with FUZZ_KEEP_CORPUS=1 it goes on from the corpus the last run left
# there instead. Prints each harness's executions (libFuzzer's "Done N runs" line) and
# exits 1 if any harness found a crash, a leak, a timeout or an out-of-memory, naming the file
# that reproduces it: BUILD_DIR/bin/fuzz-NAME FILE runs it again.
set -uo pipefail

build=${1:?usage: run_fuzzers.sh BUILD_DIR SECONDS [HARNESS...]}
seconds=${2:?usage: run_fuzzers.sh BUILD_DIR SECONDS [HARNESS...]}
shift 2
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(ini command-line gpgpusim trace ptx launch-record)
source_dir=$(cd "$(dirname "$0")" && pwd)

summary=()
failed=0
for h in "${harnesses[@]}"; do
  bin="$build/bin/fuzz-$h"
  work="$build/fuzz-run/$h"
  if [ ! -x "$bin" ]; then
    echo "fuzz: $bin is not built" >&2
    exit 2
  fi
  if [ "${FUZZ_KEEP_CORPUS:-0}" = 1 ] && [ -d "$work/corpus" ]; then
    # Go on from the corpus the last run grew (the seeds added again), so runs add up.
    rm -rf "$work/artifacts" "$work/log"
    mkdir -p "$work/artifacts"
    cp -r "$source_dir/corpus/$h/." "$work/corpus/"
  else
    rm -rf "$work"
    mkdir -p "$work/artifacts"
    cp -r "$source_dir/corpus/$h" "$work/corpus"
  fi
  # PTX modules (the ptx harness, and a launch record followed by its module) run longer than
  # the other inputs.
  case "$h" in
    ptx | launch-record) max_len=16384 ;;
    *) max_len=4096 ;;
  esac
  echo "== fuzz-$h: ${seconds} s, inputs up to $max_len bytes (log: $work/log)"
  "$bin" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" > "$work/log" 2>&1
  rc=$?
  done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$work/log" | tail -1)
  rate=$(grep -E '^stat::average_exec_per_sec' "$work/log" | awk '{print $2}')
  artifacts=$(find "$work/artifacts" -type f | sort)
  if [ "$rc" -ne 0 ] || [ -n "$artifacts" ]; then
    failed=1
    echo "fuzz-$h FOUND SOMETHING (exit $rc):"
    grep -E 'ERROR: |SUMMARY: |fuzz check failed|what\(\)|terminate called' "$work/log" | head -8
    for a in $artifacts; do echo "  reproducer: $a  (run: $bin $a)"; done
    summary+=("fuzz-$h: FOUND (see $work/log) ${done_line:-no final line}")
  else
    summary+=("fuzz-$h: ok, ${done_line:-no final line} (${rate:-?} exec/s)")
  fi
done

echo "== fuzz summary (${seconds} s per harness)"
printf '%s\n' "${summary[@]}"
exit "$failed"
