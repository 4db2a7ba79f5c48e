#!/usr/bin/env bash
# Shared-history benchmark: P afrun processes at once (default 16), each running a generated suite of N tests
# (default 2,000 GETs against afrun-fixtures), with --no-history, each into a SQLite file of its own, and all
# recording into one PostgreSQL history (--db URL, one run group per round). ROUNDS rounds (default 3), the
# three modes in a rotated order each round, so load that drifts falls on every mode; prints each wall time,
# the medians, each mode's cost against --no-history, and the results the server holds against those run
# (lost = expected − stored; a run still in a spool counts as lost).
#
#   ci/bench-postgres.sh                 # starts a private cluster (ci/start-postgres.sh), P=16, N=2000
#   P=8 N=500 ROUNDS=1 ci/bench-postgres.sh                     # smaller
#   AFRUN_TEST_POSTGRES_URL=postgres://… ci/bench-postgres.sh   # an existing server
#   AFRUN=/path/to/afrun ci/bench-postgres.sh                   # a binary (default: .build/debug)
#   FIXTURES=/path/to/afrun-fixtures …                          # default: beside AFRUN
# Not a test: figures move with load; read the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
P=${P:-16}
N=${N:-2000}
BIN=${AFRUN:-$PWD/.build/debug/afrun}
FIXTURES=${FIXTURES:-$(dirname "$BIN")/afrun-fixtures}
ROUNDS=${ROUNDS:-3}
if [ -z "${AFRUN_TEST_POSTGRES_URL:-}" ]; then
  # shellcheck source=ci/start-postgres.sh
  source ci/start-postgres.sh
  trap stop_postgres EXIT
fi
SCRATCH=$(mktemp -d /tmp/afrun-bench-postgres.XXXXXX)
"$FIXTURES" --port 0 --no-tls >"$SCRATCH/fixtures.log" 2>&1 &
FIXTURES_PID=$!
trap 'kill $FIXTURES_PID 2>/dev/null; rm -rf "$SCRATCH"; declare -F stop_postgres >/dev/null && stop_postgres' EXIT
for _ in $(seq 50); do grep -q '^http ' "$SCRATCH/fixtures.log" && break; sleep 0.1; done
BASE=$(awk '/^http /{print $2}' "$SCRATCH/fixtures.log")
[ -n "$BASE" ] || { cat "$SCRATCH/fixtures.log" >&2; exit 1; }
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $P processes × $N tests; $BIN"

python3 - "$SCRATCH" "$BASE" "$N" "$P" "$BIN" "$AFRUN_TEST_POSTGRES_URL" "$ROUNDS" <<'PY'
import json, statistics, subprocess, sys, time, uuid
scratch, base, n, p, afrun, url = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
rounds = int(sys.argv[7])
tests = [{"name": f"t{i}", "request": {"url": "get"}, "expect": {"status": 200}} for i in range(n)]
json.dump({"name": "Bench", "parallel": True, "baseURL": base, "tests": tests}, open(f"{scratch}/s.json", "w"))

def round_of(extra):
    start = time.perf_counter()
    children = [subprocess.Popen([afrun, "s.json", "--quiet"] + [a.replace("{i}", str(i)) for a in extra], cwd=scratch,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for i in range(p)]
    errors = [c.communicate()[1].decode() for c in children]
    elapsed = time.perf_counter() - start
    warnings = [e for e in errors if "warning" in e]
    return elapsed, warnings, [c.returncode for c in children]

modes = {
    "--no-history": lambda: ["--no-history"],
    "--db FILE (each)": lambda: ["--db", "local-{i}.sqlite"],
    "--db postgres://…": lambda: ["--db", url, "--run-group", groups[-1]],
}
times = {mode: [] for mode in modes}
groups = []
total_warnings = 0
for r in range(rounds):
    names = list(modes)
    names = names[r % 3:] + names[:r % 3]
    for mode in names:
        if mode.startswith("--db postgres"):
            groups.append(f"bench-{uuid.uuid4()}")
        elapsed, warnings, codes = round_of(modes[mode]())
        total_warnings += len(warnings) if mode.startswith("--db postgres") else 0
        times[mode].append(elapsed)
        print(f"round {r + 1}: {mode:18} {elapsed:6.2f} s ({p * n / elapsed:,.0f} results/s), exit codes {set(codes)}"
              + (f", {len(warnings)} warnings" if warnings else ""))
off = statistics.median(times["--no-history"])
for mode, values in times.items():
    median = statistics.median(values)
    cost = "" if mode == "--no-history" else f", recording costs {100 * (median - off) / off:+.0f}% wall time"
    print(f"median {mode:18} {median:6.2f} s of {len(values)}{cost}")
runs = json.loads(subprocess.run([afrun, "history", "runs", "--db", url, "--last", "100000", "--format", "json"],
                                 cwd=scratch, capture_output=True, check=True).stdout)
mine = [r for r in runs if r.get("runGroup") in groups]
stored = 0
for run in mine:
    shown = json.loads(subprocess.run([afrun, "history", "show", run["id"], "--db", url, "--format", "json"],
                                      cwd=scratch, capture_output=True, check=True).stdout)
    stored += len(shown["results"])
expected = p * n * len(groups)
print(f"server: {len(mine)} runs, {stored} results stored of {expected} ({expected - stored} lost), "
      f"{total_warnings} warnings")
PY
