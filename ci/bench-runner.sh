#!/usr/bin/env bash
# Runner benchmark: a generated suite of N GETs (default 2,000) with three assertions each,
# `parallel: true`, run by `afrun --jobs 64 --no-history` and by `curl --parallel --parallel-max 64`
# over the same URLs, side by side in one script run. Prints both rates and the ratio.
# Usage: bash ci/bench-runner.sh [N]    (CONFIG=debug for a quick check; release by default)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-2000}"
config="${CONFIG:-release}"
swift build -c "$config" --product afrun-fixtures 2>&1 | tail -1
swift build -c "$config" --product afrun 2>&1 | tail -1
bin="$(swift build -c "$config" --show-bin-path)"
work="$(mktemp -d)"
"$bin/afrun-fixtures" --port 0 --no-tls >"$work/endpoints" 2>/dev/null &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do grep -q '^http ' "$work/endpoints" 2>/dev/null && break; sleep 0.1; done
base="$(awk '$1 == "http" { print $2 }' "$work/endpoints")"

python3 - "$n" "$base" "$work" <<'PY'
import json, sys
n, base, work = int(sys.argv[1]), sys.argv[2], sys.argv[3]
tests = [{"name": f"get {i}", "request": {"url": f"bytes/64?seed={i}"},
          "expect": {"status": 200, "contentType": "application/octet-stream", "body": {"bytes": {"equals": 64}}}}
         for i in range(n)]
json.dump({"name": "bench", "baseURL": base, "parallel": True, "tests": tests}, open(f"{work}/bench.json", "w"))
with open(f"{work}/curl.cfg", "w") as f:
    for i in range(n):
        f.write(f'url = "{base}/bytes/64?seed={i}"\noutput = "/dev/null"\n')
PY

now() { date +%s.%N; }
t0=$(now); "$bin/afrun" "$work/bench.json" --jobs 64 --no-history --quiet >"$work/afrun.out" || { tail -5 "$work/afrun.out"; exit 1; }; t1=$(now)
t2=$(now); curl -s --parallel --parallel-max 64 -K "$work/curl.cfg" 2>/dev/null; t3=$(now)
python3 - "$n" "$t0" "$t1" "$t2" "$t3" "$(tail -1 "$work/afrun.out")" <<'PY'
import sys
n = int(sys.argv[1]); a = float(sys.argv[3]) - float(sys.argv[2]); c = float(sys.argv[5]) - float(sys.argv[4])
print(f"afrun: {n} tests in {a:.2f}s = {n / a:,.0f} req/s  ({sys.argv[6]})")
print(f"curl:  {n} GETs  in {c:.2f}s = {n / c:,.0f} req/s")
print(f"ratio afrun/curl: {c / a:.2f}x")
PY
