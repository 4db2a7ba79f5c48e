#!/usr/bin/env bash
# Session-core benchmark: afrun-bench and `curl --parallel` fetch the same N URLs, C in flight,
# from the same local server, in one run; prints both, the ratio and the medians of RUNS runs.
#
#   ci/bench-core.sh                      # C=64, N=10000 and 100000, 3 runs each
#   C=64 NS="10000" RUNS=5 ci/bench-core.sh
#
# The server is nginx when installed (a private instance on a free port, one worker, a 64-byte
# file), else the afrun-fixtures executable's /bytes/64. Not a test: figures move with load.
set -euo pipefail
cd "$(dirname "$0")/.."

C=${C:-64}
NS=${NS:-"10000 100000"}
RUNS=${RUNS:-3}
SCRATCH=$(mktemp -d /tmp/afrun-bench.XXXXXX)
SERVER_PID=""
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$SCRATCH"; }
trap cleanup EXIT

echo "== build (release)"
BENCH=$(bash ci/build-release.sh afrun-bench | tail -1)/afrun-bench

if command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; then
  . ci/bench-server.sh
  mkdir -p "$SCRATCH/www"
  head -c 64 /dev/zero | tr '\0' 'x' > "$SCRATCH/www/bytes64"
  start_nginx bytes64 application/octet-stream
  URL="$BASE/bytes64"
  SERVER="nginx $("$NGINX" -v 2>&1 | sed 's/.*\///'), 1 worker"
else
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  bash ci/build-release.sh afrun-fixtures >/dev/null
  "$(dirname "$BENCH")/afrun-fixtures" --port "$PORT" --exit-with-parent &
  SERVER_PID=$!
  URL="http://127.0.0.1:$PORT/bytes/64"
  SERVER="afrun-fixtures"
fi
for _ in $(seq 50); do curl -sf -o /dev/null "$URL" && break; sleep 0.1; done

now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "server: $SERVER  url: $URL  C=$C  runs=$RUNS"
echo "$(curl --version | head -1)"
for N in $NS; do
  CONFIG="$SCRATCH/urls-$N.txt"
  awk -v n="$N" -v u="$URL" 'BEGIN { for (i = 0; i < n; i++) printf "url = \"%s\"\noutput = \"/dev/null\"\n", u }' > "$CONFIG"
  : > "$SCRATCH/curl.txt"; : > "$SCRATCH/af.txt"; : > "$SCRATCH/ratio.txt"
  for run in $(seq "$RUNS"); do
    t0=$(now)
    /usr/bin/time -f "%M" -o "$SCRATCH/curl-rss" curl -s --no-progress-meter --parallel --parallel-max "$C" -K "$CONFIG"
    t1=$(now)
    curl_rps=$(echo "$N / ($t1 - $t0)" | bc -l)
    t0=$(now)
    out=$(/usr/bin/time -f "%M" -o "$SCRATCH/af-rss" "$BENCH" --url "$URL" -n "$N" -c "$C" --warmup 0)
    t1=$(now)
    af_rps=$(echo "$N / ($t1 - $t0)" | bc -l)
    ratio=$(echo "$af_rps / $curl_rps" | bc -l)
    printf "N=%-6s run %d: curl %7.0f req/s (rss %s KiB) | afrun %7.0f req/s (rss %s KiB, %s) | ratio %.2f\n" \
      "$N" "$run" "$curl_rps" "$(cat "$SCRATCH/curl-rss")" "$af_rps" "$(cat "$SCRATCH/af-rss")" \
      "$(echo "$out" | grep -o 'p50_ms=[0-9.]* p95_ms=[0-9.]*')" "$ratio"
    echo "$curl_rps" >> "$SCRATCH/curl.txt"; echo "$af_rps" >> "$SCRATCH/af.txt"; echo "$ratio" >> "$SCRATCH/ratio.txt"
  done
  printf "N=%-6s median: curl %.0f req/s | afrun %.0f req/s | ratio %.2f\n" \
    "$N" "$(median < "$SCRATCH/curl.txt")" "$(median < "$SCRATCH/af.txt")" "$(median < "$SCRATCH/ratio.txt")"
done
