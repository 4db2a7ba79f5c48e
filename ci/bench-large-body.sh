#!/usr/bin/env bash
# Large-body benchmark: one test fetching SIZE bytes with `bytes` and `sha256` assertions, against
# `curl -s -o /dev/null` on the same URL; prints the wall time of both, their ratio and afrun's peak
# RSS (GNU time's %M), for RUNS runs each, and the medians.
#
#   ci/bench-large-body.sh                     # SIZE=1073741824 (1 GiB), RUNS=3
#   SIZE=209715200 RUNS=5 ci/bench-large-body.sh
#
# The server is nginx when installed (a private instance, one worker, serving a SIZE-byte file of
# random bytes written to the scratch folder), else the afrun-fixtures executable's /bytes/SIZE;
# plain HTTP on loopback. Not a test: figures move with load.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-1073741824}
RUNS=${RUNS:-3}
SCRATCH=$(mktemp -d /tmp/afrun-large-body.XXXXXX)
SERVER_PID=""
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$SCRATCH"; }
trap cleanup EXIT
[ -x /usr/bin/time ] || { echo "bench-large-body: needs GNU time (apt-get install time)" >&2; exit 1; }

echo "== build (release)"
if command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; then
  BIN=$(bash ci/build-release.sh afrun | tail -1)
  . ci/bench-server.sh
  mkdir -p "$SCRATCH/www"
  head -c "$SIZE" /dev/urandom > "$SCRATCH/www/large.bin"
  start_nginx large.bin application/octet-stream
  URL="$BASE/large.bin"
else
  BIN=$(bash ci/build-release.sh afrun afrun-fixtures | tail -1)
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$BIN/afrun-fixtures" --port "$PORT" --no-tls --exit-with-parent >/dev/null 2>&1 &
  SERVER_PID=$!
  URL="http://127.0.0.1:$PORT/bytes/$SIZE"
fi
for _ in $(seq 50); do curl -sf -o /dev/null -r 0-0 "$URL" && break; sleep 0.1; done

echo "== sha256 of $SIZE bytes (curl | sha256sum)"
SHA=$(curl -s "$URL" | sha256sum | cut -d' ' -f1)
cat > "$SCRATCH/large.json" <<JSON
{"name": "large", "tests": [{"name": "body", "request": {"url": "$URL"},
  "expect": {"status": 200, "body": {"bytes": {"equals": $SIZE}, "sha256": "$SHA"}}}]}
JSON

curl_times=(); afrun_times=(); rss=()
for run in $(seq "$RUNS"); do
  c=$( { /usr/bin/time -f "%e" curl -s -o /dev/null "$URL"; } 2>&1 | tail -1)
  a=$( { /usr/bin/time -f "%e %M" "$BIN/afrun" run "$SCRATCH/large.json" --no-history -q >/dev/null; } 2>&1 | tail -1)
  curl_times+=("$c"); afrun_times+=("${a% *}"); rss+=("${a#* }")
  printf 'run %d: curl %ss  afrun %ss  ratio %s  afrun peak RSS %s KiB\n' "$run" "$c" "${a% *}" \
    "$(python3 -c "print(f'{${a% *}/$c:.2f}')")" "${a#* }"
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
mc=$(median "${curl_times[@]}"); ma=$(median "${afrun_times[@]}"); mr=$(median "${rss[@]}")
printf 'median: curl %ss  afrun %ss  ratio %s  afrun peak RSS %s KiB (%s MiB)\n' "$mc" "$ma" \
  "$(python3 -c "print(f'{$ma/$mc:.2f}')")" "$mr" "$(python3 -c "print(f'{$mr/1024:.1f}')")"
