#!/usr/bin/env bash
# History queries on a large shared history: afrun records one real run of TESTS tests (every result kept,
# one in 50 failing) into PostgreSQL; the server then copies it into RUNS runs (default 10,000 × 1,000 =
# 10,000,000 results) with generate_series, outcomes and times varied at random; then each `afrun history`
# query is timed against it, best of REPEAT.
#
#   ci/bench-postgres-queries.sh                          # a private cluster (ci/start-postgres.sh)
#   RUNS=1000 TESTS=1000 ci/bench-postgres-queries.sh     # 1,000,000 results, quicker
#   AFRUN=.build-release/release/afrun ci/bench-postgres-queries.sh   # default: .build/debug/afrun
#   AFRUN_TEST_POSTGRES_URL=postgres://… ci/bench-postgres-queries.sh # an existing, empty database
#
# The generated runs reuse the recorded run's columns (host, versions…) and results (URLs, sizes…), so the
# rows are as wide as real ones. Loading 10,000,000 results takes minutes. Not a test: figures move with load.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-10000}
TESTS=${TESTS:-1000}
REPEAT=${REPEAT:-3}
BIN=${AFRUN:-$PWD/.build/debug/afrun}
FIXTURES=${FIXTURES:-$(dirname "$BIN")/afrun-fixtures}
if [ -z "${AFRUN_TEST_POSTGRES_URL:-}" ]; then
  # shellcheck source=ci/start-postgres.sh
  source ci/start-postgres.sh
fi
SCRATCH=$(mktemp -d /tmp/afrun-bench-pgq.XXXXXX)
"$FIXTURES" --port 0 --no-tls --exit-with-parent >"$SCRATCH/fixtures.log" 2>&1 &
FIXTURES_PID=$!
trap 'kill $FIXTURES_PID 2>/dev/null; rm -rf "$SCRATCH"; declare -F stop_postgres >/dev/null && stop_postgres' EXIT
for _ in $(seq 50); do grep -q '^http ' "$SCRATCH/fixtures.log" && break; sleep 0.1; done
BASE=$(awk '/^http /{print $2}' "$SCRATCH/fixtures.log")
[ -n "$BASE" ] || { cat "$SCRATCH/fixtures.log" >&2; exit 1; }
export AFRUN_DB="$AFRUN_TEST_POSTGRES_URL"
# psql reads the connection from PG* variables: the password never stands on a command line.
eval "$(python3 - "$AFRUN_DB" <<'PY'
import shlex, sys, urllib.parse
u = urllib.parse.urlsplit(sys.argv[1])
for k, v in [("PGHOST", u.hostname), ("PGPORT", u.port), ("PGUSER", urllib.parse.unquote(u.username or "")),
             ("PGPASSWORD", urllib.parse.unquote(u.password or "")), ("PGDATABASE", u.path.lstrip("/"))]:
    print(f"export {k}={shlex.quote(str(v))}")
PY
)"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $RUNS runs × $TESTS tests; $BIN"

python3 - "$SCRATCH/suite.json" "$BASE" "$TESTS" <<'PY'
import json, sys
path, base, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
tests = [{"name": f"t{i}", "request": {"url": "get"}, "expect": {"status": 201 if i % 50 == 0 else 200}}
         for i in range(n)]
json.dump({"name": "queries", "baseURL": base + "/", "parallel": True, "tests": tests}, open(path, "w"))
PY
"$BIN" run "$SCRATCH/suite.json" --history-detail all -q --jobs 64 >/dev/null || true
[ "$(psql -tA -c 'SELECT count(*) FROM results')" = "$TESTS" ] \
  || { echo "bench-postgres-queries: the recorded run is not in the database (an empty one is needed)"; exit 1; }

echo "== generating $RUNS runs × $TESTS results"
start=$(date +%s)
psql -q -v ON_ERROR_STOP=1 -v runs="$((RUNS - 1))" <<'SQL'
CREATE TEMP TABLE template_run AS SELECT * FROM runs ORDER BY seq LIMIT 1;
CREATE TEMP TABLE template_results AS SELECT * FROM results WHERE run_seq = (SELECT seq FROM template_run);
SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS run_columns
  FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'runs'
  AND column_name NOT IN ('seq', 'id', 'started_at', 'finished_at', 'first_result_id', 'last_result_id') \gset
SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS result_columns
  FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'results'
  AND column_name NOT IN ('id', 'run_seq', 'status', 'duration_ms', 'total_ms') \gset
-- Older than the recorded run, a minute apart, in order.
INSERT INTO runs (id, started_at, finished_at, :run_columns)
  SELECT 'generated-' || g,
    to_char(now() AT TIME ZONE 'UTC' - (:runs - g + 1) * INTERVAL '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(now() AT TIME ZONE 'UTC' - (:runs - g + 1) * INTERVAL '1 minute' + INTERVAL '20 seconds',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    :run_columns
  FROM template_run, generate_series(1, :runs) AS g ORDER BY g;
INSERT INTO results (run_seq, status, duration_ms, total_ms, :result_columns)
  SELECT r.seq, CASE WHEN random() < 0.02 THEN 'failed' ELSE 'passed' END,
    t.duration_ms * (0.5 + random()), t.total_ms * (0.5 + random()), :result_columns
  FROM (SELECT seq FROM runs WHERE id LIKE 'generated-%') AS r CROSS JOIN template_results AS t
  ORDER BY r.seq, t.test_id;
UPDATE runs SET first_result_id = b.first, last_result_id = b.last
  FROM (SELECT run_seq, min(id) AS first, max(id) AS last FROM results GROUP BY run_seq) AS b
  WHERE runs.seq = b.run_seq AND runs.id LIKE 'generated-%';
ANALYZE;
SQL
echo "loaded $(psql -tA -c 'SELECT count(*) FROM results') results in $(($(date +%s) - start)) s"

time_query() {
  local best=""
  for _ in $(seq "$REPEAT"); do
    local t
    t=$(python3 -c 'import subprocess, sys, time; s = time.monotonic(); subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); print(f"{time.monotonic() - s:.3f}")' "$BIN" history "$@")
    if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best=$t; fi
  done
  printf '%-42s %s s\n' "history $*" "$best"
}
echo "== queries (best of $REPEAT)"
time_query runs
time_query test t1 --last 20
time_query flaky --last 20
time_query slowest --last 20
time_query trends --last 20
time_query flaky --last 100
time_query trends --last 100
