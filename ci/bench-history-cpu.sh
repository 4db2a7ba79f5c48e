#!/usr/bin/env bash
# History recording's CPU, measured in a way the machine's load barely moves: the writer thread's own CPU
# time (CLOCK_THREAD_CPUTIME_ID, printed by afrun with AFRUN_HISTORY_CPU=1) over RUNS runs of the
# generated N-test suite of ci/bench-runner.sh (same nginx, same suite), each into a fresh database and
# into one that keeps growing; prints each run and the medians per result. Also the whole process's CPU
# (user + sys, from wait4's rusage) with and without --db, alternated, and the median difference.
#
#   ci/bench-history-cpu.sh                       # N=2000, C=64, RUNS=9
#   AFRUN=/path/to/afrun RUNS=15 ci/bench-history-cpu.sh
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-2000}
C=${C:-64}
RUNS=${RUNS:-9}
. ci/bench-server.sh
bench_init history
start_bench_server
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start; N=$N C=$C RUNS=$RUNS"

python3 - "$AFRUN" "$SCRATCH" "$N" "$C" "$RUNS" <<'PY'
import os, re, statistics, subprocess, sys
afrun, scratch, n, c, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
suite = f"{scratch}/suite"
env = dict(os.environ, AFRUN_HISTORY_CPU="1")
def run(args):
    p = subprocess.Popen([afrun, "run", suite, "--jobs", c, "--quiet"] + args, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, err = p.communicate()
    if p.returncode != 0: sys.exit(f"afrun failed: {err.decode()[-1000:]}")
    m = re.search(rb"writer: ([0-9.]+) ms CPU for (\d+) results", err)
    return float(m.group(1)) * 1000 / n if m else None
def rusage_run(args):
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
        os.execve(afrun, [afrun, "run", suite, "--jobs", c, "--quiet"] + args, os.environ)
    _, status, ru = os.wait4(pid, 0)
    if status != 0: sys.exit("afrun failed")
    return (ru.ru_utime + ru.ru_stime) * 1e6 / n
run(["--db", f"{scratch}/warm.sqlite"])
fresh, grown, with_db, without = [], [], [], []
for i in range(runs):
    fresh.append(run(["--db", f"{scratch}/fresh{i}.sqlite"]))
    grown.append(run(["--db", f"{scratch}/grown.sqlite"]))
    without.append(rusage_run(["--no-history"]))
    with_db.append(rusage_run(["--db", f"{scratch}/grown2.sqlite"]))
    print(f"run {i+1}: writer {fresh[-1]:.1f} us/result (new db) {grown[-1]:.1f} us/result (growing db)"
          f" | process CPU {without[-1]:.0f} us/result --no-history, {with_db[-1]:.0f} with --db", flush=True)
diff = [w - o for w, o in zip(with_db, without)]
print(f"median writer CPU per result: {statistics.median(fresh):.1f} us (new db), {statistics.median(grown):.1f} us (growing db)")
print(f"median process CPU per result: {statistics.median(without):.1f} us --no-history, {statistics.median(with_db):.1f} us --db,"
      f" difference {statistics.median(diff):+.1f} us")
print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
PY
