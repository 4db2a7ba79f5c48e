#!/usr/bin/env bash
# Shared-history benchmark: P afrun processes at once (default 16), each running a generated suite of N tests
# (default 2,000 GETs against afrun-fixtures), first with --no-history, then each into a SQLite file of its
# own, then all recording into one PostgreSQL history (--db URL, one run group); prints each round's wall
# time and the results the server holds against those run (lost = expected − stored).
#
#   ci/bench-postgres.sh                 # starts a private cluster (ci/start-postgres.sh), P=16, N=2000
#   P=8 N=500 ci/bench-postgres.sh       # smaller
#   AFRUN_TEST_POSTGRES_URL=postgres://… ci/bench-postgres.sh   # an existing server
#   AFRUN=/path/to/afrun ci/bench-postgres.sh                   # a binary (default: .build/debug)
# Not a test: figures move with load; compare the two rounds of one run.
set -euo pipefail
cd "$(dirname "$0")/.."
P=${P:-16}
N=${N:-2000}
BIN=${AFRUN:-$PWD/.build/debug/afrun}
FIXTURES=$(dirname "$BIN")/afrun-fixtures
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

python3 - "$SCRATCH" "$BASE" "$N" "$P" "$BIN" "$AFRUN_TEST_POSTGRES_URL" <<'PY'
import json, subprocess, sys, time, uuid
scratch, base, n, p, afrun, url = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
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

off, _, codes = round_of(["--no-history"])
print(f"--no-history:      {off:6.2f} s for {p * n} results ({p * n / off:,.0f}/s), exit codes {set(codes)}")
local, _, codes = round_of(["--db", "local-{i}.sqlite"])
print(f"--db FILE (each):  {local:6.2f} s for {p * n} results ({p * n / local:,.0f}/s), exit codes {set(codes)}; "
      f"recording costs {100 * (local - off) / off:+.0f}% wall time")
group = f"bench-{uuid.uuid4()}"
on, warnings, codes = round_of(["--db", url, "--run-group", group])
print(f"--db postgres://…: {on:6.2f} s for {p * n} results ({p * n / on:,.0f}/s), exit codes {set(codes)}, "
      f"{len(warnings)} warnings; recording costs {100 * (on - off) / off:+.0f}% wall time")
runs = json.loads(subprocess.run([afrun, "history", "runs", "--db", url, "--last", "100000", "--format", "json"],
                                 cwd=scratch, capture_output=True, check=True).stdout)
mine = [r for r in runs if r.get("runGroup") == group]
stored = 0
for run in mine:
    shown = json.loads(subprocess.run([afrun, "history", "show", run["id"], "--db", url, "--format", "json"],
                                      cwd=scratch, capture_output=True, check=True).stdout)
    stored += len(shown["results"])
print(f"server: {len(mine)} runs, {stored} results stored of {p * n} ({p * n - stored} lost)")
PY
