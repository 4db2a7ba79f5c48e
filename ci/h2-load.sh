#!/usr/bin/env bash
# HTTP/2 over TLS under parallel load against the fixture server (docs/fixture-server.md, "HTTP/2 under
# parallel load"): RUNS runs of N HTTPS requests with 256 in flight, by `curl --http2 --parallel` and by
# `afrun run --jobs 256`, counting the requests that fail. The target is 0 in every run.
#
#   ci/h2-load.sh                         # 10 runs of 5,000, release builds of afrun and afrun-fixtures
#   RUNS=3 N=2000 BIN=.build/debug ci/h2-load.sh
#
# Prints one line per run and tool: `curl run 1: 0 of 5000 failed`; exits 1 when any request failed.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-10}
N=${N:-5000}
JOBS=${JOBS:-256}
BIN=${BIN:-$(bash ci/build-release.sh afrun afrun-fixtures | tail -1)}
SCRATCH=$(mktemp -d /tmp/afrun-h2-load.XXXXXX)
SERVER_PID=""
trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$SCRATCH"' EXIT

"$BIN/afrun-fixtures" --port 0 --tls-port 0 --exit-with-parent >"$SCRATCH/endpoints" 2>"$SCRATCH/server.log" &
SERVER_PID=$!
for _ in $(seq 100); do grep -q '^https ' "$SCRATCH/endpoints" && break; sleep 0.1; done
BASE=$(awk '$1 == "https" { print $2 }' "$SCRATCH/endpoints")
[ -n "$BASE" ] || { echo "h2-load: the fixture server did not start"; cat "$SCRATCH/server.log"; exit 2; }

# The same N URLs for both tools.
for i in $(seq "$N"); do echo "url = \"$BASE/bytes/64?seed=$i\""; echo "output = /dev/null"; done >"$SCRATCH/curl.cfg"
python3 - "$SCRATCH/suite.json" "$BASE" "$N" <<'PY'
import json, sys
path, base, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
tests = [{"name": f"t{i}", "request": {"url": f"/bytes/64?seed={i}"}, "expect": {"status": 200}} for i in range(1, n + 1)]
json.dump({"name": "h2 load", "baseURL": base, "parallel": True, "tests": tests}, open(path, "w"))
PY

failed_any=0
for run in $(seq "$RUNS"); do
  # curl: -w prints each transfer's status and exit code; a failed transfer prints a non-200 or an error.
  curl -sk --http2 --parallel --parallel-max "$JOBS" -K "$SCRATCH/curl.cfg" -w '%{http_code} %{exitcode}\n' \
    >"$SCRATCH/curl.out" 2>/dev/null || true
  ok=$(grep -c '^200 0$' "$SCRATCH/curl.out" || true)
  echo "curl run $run: $((N - ok)) of $N failed$(awk '$2 != 0 { print " (curl error " $2 ")" }' "$SCRATCH/curl.out" | sort | uniq -c | tr -s ' \n' ' ')"
  [ "$ok" -eq "$N" ] || failed_any=1
  "$BIN/afrun" run "$SCRATCH/suite.json" --jobs "$JOBS" --insecure --no-history -q \
    --report-json "$SCRATCH/report.json" >/dev/null 2>&1 || true
  passed=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(sum(s["passed"] for s in r["suites"]))' "$SCRATCH/report.json" 2>/dev/null || echo 0)
  echo "afrun run $run: $((N - passed)) of $N failed"
  [ "$passed" -eq "$N" ] || failed_any=1
done
exit $failed_any
