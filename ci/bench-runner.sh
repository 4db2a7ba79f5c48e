#!/usr/bin/env bash
# Runner benchmark: a generated suite of N GETs (default 2,000; three assertions each: status, contentType,
# a JSONPath; "parallel": true) run by afrun in three ways, and by `curl --parallel --parallel-max C` over
# the same N URLs, alternated for ROUNDS rounds in one script run:
#   afrun -q --no-history   `afrun run --jobs C --no-history --quiet`
#   afrun -q                the same with history recording on (`--db` in the scratch folder)
#   afrun                   history on and the default output (a line per test), written to a pipe
# Each command is timed as a whole process with a monotonic clock (time.perf_counter around the child, in
# Python). Prints req/s per round, each afrun's ratio to curl and history's cost, and the medians.
#
#   ci/bench-runner.sh                        # N=2000, C=64, ROUNDS=7
#   N=10000 ROUNDS=5 ci/bench-runner.sh       # a longer run per round (less start-up weight)
#   AFRUN=/path/to/afrun ci/bench-runner.sh   # skip the build, use this binary
#   SECRETS=1 ci/bench-runner.sh              # also `afrun -q --no-history` with two --secret values: the
#                                             # cost of redaction, beside the same run without them
#   AFRUN_B=/path/to/other/afrun ...          # a second binary, measured in the same rounds (names end in B)
#
# The server is a private nginx (one worker, loopback, a 40-byte JSON file served as application/json);
# nginx is required (apt-get install -y nginx) so that the server costs little next to the clients.
# Not a test: figures move with load; compare only the side-by-side figures of one run.
set -euo pipefail
cd "$(dirname "$0")/.."

N=${1:-${N:-2000}}   # `ci/bench-runner.sh 2000` (positional) or N=2000
C=${C:-64}
ROUNDS=${ROUNDS:-7}
. ci/bench-server.sh
bench_init runner
bench_binary_b

start_bench_server

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo "server: nginx $("$NGINX" -v 2>&1 | sed 's/.*\///'), 1 worker, $BASE/item.json (40 B JSON)"
echo "$(curl --version | head -1)"
echo "N=$N requests, C=$C in flight, $ROUNDS rounds"
echo "A: $AFRUN${AFRUN_B:+
B: $AFRUN_B}"

python3 - "$SCRATCH" "$N" "$C" "$ROUNDS" "${SECRETS:-0}" "$AFRUN" $AFRUN_B <<'PY'
import statistics, subprocess, sys, time
scratch, n, c, rounds, secrets, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5] == "1", sys.argv[6:]
suite = f"{scratch}/suite"
cmds = {"curl": ["curl", "-sf", "--parallel", "--parallel-max", c, "--config", f"{scratch}/urls.txt"]}
for binary, tag in zip(binaries, ["", " B"]):
    db = f"{scratch}/history{tag.strip()}.sqlite"
    cmds[f"afrun -q --no-history{tag}"] = [binary, "run", suite, "--jobs", c, "--no-history", "--quiet"]
    cmds[f"afrun -q{tag}"] = [binary, "run", suite, "--jobs", c, "--quiet", "--db", db]
    cmds[f"afrun{tag}"] = [binary, "run", suite, "--jobs", c, "--db", db]
if secrets:
    # Two run-wide secrets, one whose forms all differ (percent-encoded, JSON-escaped): every result is
    # redacted with all of their forms.
    cmds["afrun -q --no-history +secrets"] = cmds["afrun -q --no-history"] + [
        "--secret", "benchToken=b3nch+T0ken/with==\"q", "--secret", "pw=hunter2-long"]
names = list(cmds)
def timed(name):
    t0 = time.perf_counter()
    # The output goes to a pipe that is read to the end, as a CI log reads it.
    p = subprocess.run(cmds[name], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"bench-runner: {name} failed ({p.returncode}): {' '.join(cmds[name])}\n{p.stdout.decode()[-2000:]}")
    return n / dt
for name in names: timed(name)          # warm-up: page cache, nginx, history schema
rps = {k: [] for k in names}
for r in range(rounds):
    shift = r % len(names)
    for name in names[shift:] + names[:shift]: rps[name].append(timed(name))
    print(f"round {r+1}: " + " | ".join(f"{k} {rps[k][-1]:,.0f}" for k in names) + " req/s", flush=True)
def ratio(a, b): return statistics.median(x / y for x, y in zip(rps[a], rps[b]))
print("median req/s: " + " | ".join(f"{k} {statistics.median(rps[k]):,.0f}" for k in names))
for tag in ["", " B"][:len(binaries)]:
    base, history, output = f"afrun -q --no-history{tag}", f"afrun -q{tag}", f"afrun{tag}"
    print(f"{'B' if tag else 'A'}: median per-round ratio to curl: -q --no-history {ratio(base, 'curl'):.2f}x,"
          f" -q {ratio(history, 'curl'):.2f}x, default output {ratio(output, 'curl'):.2f}x;"
          f" history costs {100 * (1 - ratio(history, base)):.1f}% of -q --no-history's throughput")
if secrets:
    print(f"secrets cost {100 * (1 - ratio('afrun -q --no-history +secrets', 'afrun -q --no-history')):.1f}%"
          " of -q --no-history's throughput (target <= 3%)")
print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
PY
