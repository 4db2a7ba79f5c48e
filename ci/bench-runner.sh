#!/usr/bin/env bash
# Runner benchmark: a generated suite of N GETs (default 2,000; three assertions each: status, contentType,
# a JSONPath; "parallel": true) run by `afrun run --jobs C --no-history --quiet`, by `curl --parallel
# --parallel-max C` over the same N URLs, and by afrun with history recording on, alternated for ROUNDS
# rounds in one script run. Each command is timed as a whole process with a monotonic clock
# (time.perf_counter around the child, in Python). Prints req/s per round, the ratios and the medians.
#
#   ci/bench-runner.sh                        # N=2000, C=64, ROUNDS=7
#   N=20000 ROUNDS=5 ci/bench-runner.sh       # a longer run per round (less start-up weight)
#   AFRUN=/path/to/afrun ci/bench-runner.sh   # skip the build, use this binary
#   SECRETS=1 ci/bench-runner.sh              # also afrun with two --secret values defined: the cost of
#                                             # redaction, beside the same run without them
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

start_bench_server

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo "server: nginx $("$NGINX" -v 2>&1 | sed 's/.*\///'), 1 worker, $BASE/item.json (40 B JSON)"
echo "$(curl --version | head -1)"
echo "N=$N requests, C=$C in flight, $ROUNDS rounds"

python3 - "$AFRUN" "$SCRATCH" "$N" "$C" "$ROUNDS" "${SECRETS:-0}" <<'PY'
import os, statistics, subprocess, sys, time
afrun, scratch, n, c, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
secrets = sys.argv[6] == "1"
suite, db = f"{scratch}/suite", f"{scratch}/history.sqlite"
cmds = {
    "curl": ["curl", "-sf", "--parallel", "--parallel-max", c, "--config", f"{scratch}/urls.txt"],
    "afrun": [afrun, "run", suite, "--jobs", c, "--no-history", "--quiet"],
    "afrun+history": [afrun, "run", suite, "--jobs", c, "--quiet", "--db", db],
}
if secrets:
    # Two run-wide secrets, one whose forms all differ (percent-encoded, JSON-escaped): every result is
    # redacted with all of their forms.
    cmds["afrun+secrets"] = cmds["afrun"] + ["--secret", "benchToken=b3nch+T0ken/with==\"q", "--secret", "pw=hunter2-long"]
def timed(name):
    t0 = time.perf_counter()
    p = subprocess.run(cmds[name], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"bench-runner: {name} failed ({p.returncode}): {' '.join(cmds[name])}\n{p.stdout.decode()[-2000:]}")
    return n / dt
for name in cmds: timed(name)          # warm-up: page cache, nginx, history schema
rps = {k: [] for k in cmds}
orders = [["afrun", "curl", "afrun+history"], ["curl", "afrun+history", "afrun"], ["afrun+history", "afrun", "curl"]]
if secrets: orders = [o + ["afrun+secrets"] if r % 2 else ["afrun+secrets"] + o for r, o in enumerate(orders)]
for r in range(rounds):
    for name in orders[r % 3]: rps[name].append(timed(name))
    a, cu, h = rps["afrun"][-1], rps["curl"][-1], rps["afrun+history"][-1]
    print(f"round {r+1}: curl {cu:7.0f} req/s | afrun {a:7.0f} req/s | afrun+history {h:7.0f} req/s"
          f" | afrun/curl {a/cu:.2f}x | history overhead {100*(a-h)/a:+.1f}%", flush=True)
med = {k: statistics.median(v) for k, v in rps.items()}
ratios = [a / cu for a, cu in zip(rps["afrun"], rps["curl"])]
over = [100 * (a - h) / a for a, h in zip(rps["afrun"], rps["afrun+history"])]
print(f"median: curl {med['curl']:.0f} req/s | afrun {med['afrun']:.0f} req/s | afrun+history {med['afrun+history']:.0f} req/s")
print(f"median of per-round ratios: afrun/curl {statistics.median(ratios):.2f}x"
      f" | history overhead {statistics.median(over):+.1f}% (target < 10%)")
if secrets:
    cost = [100 * (a - s) / a for a, s in zip(rps["afrun"], rps["afrun+secrets"])]
    print(f"secrets: median afrun+secrets {statistics.median(rps['afrun+secrets']):.0f} req/s"
          f" | per-round cost {', '.join(f'{x:+.1f}%' for x in cost)} | median {statistics.median(cost):+.1f}% (target <= 3%)")
print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
PY
