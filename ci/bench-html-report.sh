#!/usr/bin/env bash
# The HTML report at size: a generated suite of N tests (half of them failing) run against
# afrun-fixtures with `--html`, then the page's size and its load timings in headless Chromium
# (ci/html-report-timing.py, ROUNDS loads, medians). Not a test: figures move with load.
#
#   ci/bench-html-report.sh              # N=10000, ROUNDS=7
#   N=2000 ROUNDS=5 ci/bench-html-report.sh
#   BIN=.build/release ci/bench-html-report.sh   # binaries already built
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-10000}
ROUNDS=${ROUNDS:-7}
SCRATCH=$(mktemp -d /tmp/afrun-html-bench.XXXXXX)
SERVER_PID=""
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$SCRATCH"; }
trap cleanup EXIT
command -v chromium >/dev/null || { echo "bench-html-report: needs chromium (ci/install-deps.sh)" >&2; exit 1; }

if [ -z "${BIN:-}" ]; then
  echo "== build"
  swift build --product afrun >&2
  swift build --product afrun-fixtures >&2
  BIN=$(swift build --show-bin-path)
fi
python3 -m venv "$SCRATCH/venv"
"$SCRATCH/venv/bin/pip" install -q websocket-client

"$BIN/afrun-fixtures" --port 0 --no-tls --exit-with-parent > "$SCRATCH/fixtures.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do grep -qoE 'http://127\.0\.0\.1:[0-9]+' "$SCRATCH/fixtures.log" && break; sleep 0.1; done
BASE=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' "$SCRATCH/fixtures.log" | head -1)

python3 - "$SCRATCH/big.json" "$BASE" "$N" <<'PY'
import json, sys
path, base, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = [{"code": 200 if i % 2 else 404} for i in range(n)]
suite = {"name": "html report size", "baseURL": base,
         "tests": [{"name": "status", "each": rows, "request": {"url": "/status/{{code}}"}, "expect": {"status": 200}}]}
json.dump(suite, open(path, "w"))
PY

echo "== afrun run: $N tests, half failing, --html"
"$BIN/afrun" run "$SCRATCH/big.json" --no-history -q --html "$SCRATCH/report.html" > "$SCRATCH/run.log" 2>&1 || true
tail -1 "$SCRATCH/run.log"
echo "page: $(stat -c %s "$SCRATCH/report.html") bytes"
echo "== headless Chromium, $ROUNDS loads"
"$SCRATCH/venv/bin/python" ci/html-report-timing.py "$SCRATCH/report.html" "$ROUNDS"
