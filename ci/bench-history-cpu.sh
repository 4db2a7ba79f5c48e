#!/usr/bin/env bash
# History recording's CPU, measured in a way the machine's load barely moves: the whole process's CPU
# (user + sys, from wait4's rusage) and wall time with and without --db (into a database that keeps
# growing), alternated over RUNS runs of the generated N-test suite of ci/bench-runner.sh (same nginx,
# same suite); prints each run and the median differences. With AFRUN_B, a second binary takes part in every run (the two alternated, each with its own
# databases) and both are summed up side by side: how a change moves recording's cost in one window.
#
#   ci/bench-history-cpu.sh                       # N=2000, C=64, RUNS=9
#   AFRUN=/path/to/afrun RUNS=15 ci/bench-history-cpu.sh
#   AFRUN=/tmp/afrun-before AFRUN_B=.build-release/release/afrun RUNS=21 ci/bench-history-cpu.sh
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-2000}
C=${C:-64}
RUNS=${RUNS:-9}
. ci/bench-server.sh
bench_init history
start_bench_server
bench_binary_b
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start; N=$N C=$C RUNS=$RUNS"
echo "A: $AFRUN${AFRUN_B:+
B: $AFRUN_B}"

python3 - "$SCRATCH" "$N" "$C" "$RUNS" "$AFRUN" $AFRUN_B <<'PY'
import os, re, statistics, subprocess, sys, time
scratch, n, c, runs = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
binaries = dict(zip("AB", sys.argv[5:]))
suite = f"{scratch}/suite"
def run(afrun, args):
    p = subprocess.run([afrun, "run", suite, "--jobs", c, "--quiet"] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if p.returncode != 0: sys.exit(f"afrun failed: {p.stderr.decode()[-1000:]}")
def rusage_run(afrun, args):
    """CPU per result (us) and wall time (ms) of one whole process."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
        os.execve(afrun, [afrun, "run", suite, "--jobs", c, "--quiet"] + args, os.environ)
    _, status, ru = os.wait4(pid, 0)
    if status != 0: sys.exit("afrun failed")
    return (ru.ru_utime + ru.ru_stime) * 1e6 / n, (time.perf_counter() - start) * 1000
m = {k: {"cpu0": [], "cpu1": [], "wall0": [], "wall1": []} for k in binaries}
for k, afrun in binaries.items():
    run(afrun, ["--db", f"{scratch}/warm{k}.sqlite"])
for i in range(runs):
    for k in (list(binaries) if i % 2 == 0 else list(binaries)[::-1]):
        afrun, r = binaries[k], m[k]
        cpu, wall = rusage_run(afrun, ["--no-history"]); r["cpu0"].append(cpu); r["wall0"].append(wall)
        cpu, wall = rusage_run(afrun, ["--db", f"{scratch}/grown2{k}.sqlite"]); r["cpu1"].append(cpu); r["wall1"].append(wall)
        print(f"run {i+1} {k}: process CPU {r['cpu0'][-1]:.0f} us/result --no-history, {r['cpu1'][-1]:.0f} with --db"
              f" | wall {r['wall0'][-1]:.1f} / {r['wall1'][-1]:.1f} ms", flush=True)
med = statistics.median
for k, r in m.items():
    cpu = med([w - o for w, o in zip(r["cpu1"], r["cpu0"])])
    wall = med([w - o for w, o in zip(r["wall1"], r["wall0"])])
    print(f"{k}: median process CPU per result: {med(r['cpu0']):.1f} us --no-history, {med(r['cpu1']):.1f} us --db,"
          f" difference {cpu:+.1f} us")
    print(f"{k}: median wall per run: {med(r['wall0']):.1f} ms --no-history, {med(r['wall1']):.1f} ms --db,"
          f" difference of pairs {wall:+.1f} ms ({100 * wall / med(r['wall0']):+.1f}%)")
print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
PY
