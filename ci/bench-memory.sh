#!/usr/bin/env bash
# Memory benchmark: peak RSS of afrun on the generated suite of ci/bench-runner.sh (N GETs of a 40-byte JSON
# file, status, contentType and a JSONPath assertion each, "parallel": true) at each N of NS:
#   validate                 `afrun validate DIR --quiet`: the loaded suite model alone
#   run -q (history)         `afrun run --jobs C --quiet --db FILE`, history at its default detail (failures)
#   run -q (history, all)    the same with `--history-detail all`
#   run -q --no-history      no sink at all: what the run keeps besides the suite
# Peak RSS is the kernel's maximum resident set size of the process (`/usr/bin/time -f %M`), the best of
# ROUNDS runs (memory moves little with load; the best drops a round another process disturbed).
#
#   ci/bench-memory.sh                          # NS="10000 100000", C=64, ROUNDS=1
#   NS="10000 50000 100000" ROUNDS=3 ci/bench-memory.sh
#   AFRUN=/path/to/afrun ci/bench-memory.sh     # skip the build, use this binary
#
# The server is the private nginx of ci/bench-runner.sh (nginx is required). Not a test.
set -euo pipefail
cd "$(dirname "$0")/.."

NS=${NS:-"10000 100000"}
C=${C:-64}
ROUNDS=${ROUNDS:-1}
N=0
. ci/bench-server.sh
bench_init memory
[ -x /usr/bin/time ] || { echo "bench-memory: /usr/bin/time is needed (apt-get install -y time)"; exit 2; }

mkdir -p "$SCRATCH/www"
printf '{"id":1,"name":"alice","tags":["a","b"]}' > "$SCRATCH/www/item.json"
start_nginx item.json application/json

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo "afrun: $AFRUN"
echo "C=$C in flight, best of $ROUNDS round(s); peak RSS in MiB"

# peak_rss CMD...: the best peak RSS (MiB) of ROUNDS runs of CMD; a failing command stops the script.
peak_rss() {
  local best="" kib
  for _ in $(seq "$ROUNDS"); do
    rm -f "$SCRATCH"/history*.sqlite*
    if ! /usr/bin/time -f %M -o "$SCRATCH/rss" "$@" >"$SCRATCH/out" 2>&1; then
      echo "bench-memory: failed: $*"; tail -20 "$SCRATCH/out"; exit 1
    fi
    kib=$(tail -1 "$SCRATCH/rss")
    if [ -z "$best" ] || [ "$kib" -lt "$best" ]; then best=$kib; fi
  done
  awk -v k="$best" 'BEGIN { printf "%.1f", k / 1024 }'
}

printf '%-9s %10s %18s %22s %20s\n' N validate "run -q (history)" "run -q (history, all)" "run -q --no-history"
for n in $NS; do
  rm -rf "$SCRATCH/suite"
  write_bench_suite "$n" "$SCRATCH/suite"
  suite="$SCRATCH/suite"
  v=$(peak_rss "$AFRUN" validate "$suite" --quiet)
  h=$(peak_rss "$AFRUN" run "$suite" --jobs "$C" --quiet --db "$SCRATCH/history.sqlite")
  a=$(peak_rss "$AFRUN" run "$suite" --jobs "$C" --quiet --db "$SCRATCH/history.sqlite" --history-detail all)
  x=$(peak_rss "$AFRUN" run "$suite" --jobs "$C" --quiet --no-history)
  printf '%-9s %10s %18s %22s %20s\n' "$n" "$v" "$h" "$a" "$x"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
