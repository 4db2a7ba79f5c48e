#!/usr/bin/env bash
# History query benchmark: generates a history of RUNS × TESTS results (default 1000 × 1000 = 1,000,000) with
# the sqlite3 CLI (recursive CTEs, one transaction, a few seconds), then times `afrun history flaky`,
# `trends`, `slowest`, `runs`, `compare`, `show`, `test` and `prune` with the release build. Figures go in
# docs/performance.md, section History.
#
#   ci/bench-history.sh [RUNS] [TESTS]        BENCH_DB=/path/to.sqlite to choose the file, AFRUN=… a binary
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-1000}
TESTS=${2:-1000}
DB=${BENCH_DB:-${TMPDIR:-/tmp}/afrun-bench-history.sqlite}
command -v sqlite3 >/dev/null || { echo "bench-history: sqlite3 is needed (apt-get install sqlite3)"; exit 2; }

# The same release scratch path as the other benchmarks, so one release build serves them all;
# AFRUN=/path/to/afrun skips the build.
if [ -z "${AFRUN:-}" ]; then
  echo "== build (release)"
  AFRUN="$(bash ci/build-release.sh afrun | tail -1)/afrun"
fi

echo "== generate $RUNS runs × $TESTS tests into $DB"
rm -f "$DB" "$DB-wal" "$DB-shm"
: > "$DB"                                   # an empty file is an empty SQLite database
"$AFRUN" history runs --db "$DB" >/dev/null # afrun creates its schema (migrations) on open
start=$(date +%s.%N)
sqlite3 "$DB" <<SQL
PRAGMA synchronous = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $RUNS)
INSERT INTO runs (seq, id, started_at, finished_at, status, command_line, host, pid, pid_host, afrun_version,
                  libcurl_version, openssl_version, passed, failed, errors, skipped, duration_ms,
                  first_result_id, last_result_id)
SELECT i, printf('%08x-0000-4000-8000-%012x', i, i), strftime('%Y-%m-%d %H:%M:%f', 1700000000 + i * 3600, 'unixepoch'),
       strftime('%Y-%m-%d %H:%M:%f', 1700000000 + i * 3600 + 60, 'unixepoch'), 'complete', '["afrun","bench"]',
       'bench', 0, 'bench', '0.1.0', '7.88.1', '3.0.15', $TESTS, 0, 0, 0, 60000,
       (i - 1) * $TESTS + 1, i * $TESTS FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
INSERT INTO suites (id, file, name) SELECT i, 'suites/suite-' || i || '.json', 'Suite ' || i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $TESTS)
INSERT INTO tests (id, suite_id, name) SELECT i, i % 20 + 1, 'test ' || i FROM n;
-- Every 25th test is flaky (30% failures), the others fail 0.5% of the time.
-- The timing phases are columns of results (schema v2), derived from the one random duration per row
-- (MATERIALIZED: random() runs once per row, not once per use of d).
WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < $RUNS),
               t(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM t WHERE j < $TESTS),
               g AS MATERIALIZED (
      SELECT (r.i - 1) * $TESTS + t.j AS id, r.i AS run_seq, t.j AS test_id, t.j * 10 AS line,
             CASE WHEN abs(random()) % 1000 < (CASE WHEN t.j % 25 = 0 THEN 300 ELSE 5 END) THEN 'failed' ELSE 'passed' END AS status,
             strftime('%Y-%m-%d %H:%M:%f', 1700000000 + r.i * 3600, 'unixepoch') AS started_at,
             5 + abs(random()) % 200 + (t.j % 7) * 10 AS d
      FROM r, t)
INSERT INTO results (id, run_seq, test_id, line, status, attempts, started_at, duration_ms, assertion_count,
                     dns_ms, connect_ms, tls_ms, wait_ms, ttfb_ms, download_ms, total_ms, redirect_ms,
                     redirect_count, connection_reused, request_bytes, response_bytes)
SELECT id, run_seq, test_id, line, status, 1, started_at, d, 3,
       0.1, 0.2, 1.5, d * 0.6, d * 0.8, d * 0.2, d, 0, 0, 1, 200, 1200
FROM g;
COMMIT;
SQL
end=$(date +%s.%N)
printf 'generated %s results in %.1f s, file %s MB\n' "$(sqlite3 "$DB" 'SELECT COUNT(*) FROM results')" \
  "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$(( $(stat -c %s "$DB") / 1048576 ))"

# Best of three wall times, in seconds.
measure() {
  local best=999999 s e t
  for _ in 1 2 3; do
    s=$(date +%s.%N); "$AFRUN" history "$@" --db "$DB" >/dev/null; e=$(date +%s.%N)
    t=$(awk -v a="$s" -v b="$e" 'BEGIN { print b - a }'); best=$(awk -v t="$t" -v b="$best" 'BEGIN { print (t < b ? t : b) }')
  done
  printf '%-40s %6.3f s\n' "history $*" "$best"
}
echo "== queries (best of 3, wall time of the whole afrun process)"
measure flaky --last 20
measure flaky --last 100
measure flaky --last 1000
measure trends --last 20
measure trends --last 100
measure trends --last 1000
measure trends --last 1000 --by test
measure slowest --last 20 --phase ttfb
measure runs --last 20
measure compare previous latest
measure show latest
measure test "Suite 1/test 500" --last 20
measure test "Suite 1/test 500" --last 1000

# Prune is timed once, on a copy (it deletes): all but the latest 100 runs.
cp "$DB" "$DB.prune"
s=$(date +%s.%N); "$AFRUN" history prune --keep 100 --db "$DB.prune" >/dev/null; e=$(date +%s.%N)
printf '%-40s %6.3f s\n' "history prune --keep 100 (once)" "$(awk -v a="$s" -v b="$e" 'BEGIN { print b - a }')"
rm -f "$DB.prune" "$DB.prune-wal" "$DB.prune-shm"
