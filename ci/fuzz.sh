#!/usr/bin/env bash
# libFuzzer over afrun's parsers: the suite loader, the template parser, the JSONPath and JSON
# parsers, the CSV reader of `each` data and the `--vars-file` parser. Each target runs SECONDS seconds from a seed corpus
# made of the repository's suites and fixtures; a crash, a memory error or an input slower than 1 s stops
# it and leaves the input in $OUT/crash-* (replay with an ordinary build: .build/debug/FuzzX FILE).
#
#   ci/fuzz.sh                    # every target, 30 s each
#   SECONDS_EACH=600 ci/fuzz.sh FuzzJSONPath
#
# Prints one line per target: executions, corpus size and the result.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH=${SECONDS_EACH:-30}
OUT=${OUT:-.build-fuzz/findings}
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(FuzzSuiteDecoder FuzzTemplate FuzzJSONPath FuzzCSVReader FuzzVarsFile)
# lld: gold stops with an internal error on the fuzzer runtime beside SwiftPM's renamed entry point.
flags=(--scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DAFRUN_FUZZ -Xswiftc -use-ld=lld)

mkdir -p "$OUT"
for target in "${TARGETS[@]}"; do
  echo "== build $target" >&2
  swift build "${flags[@]}" --product "$target" >&2 2>/dev/null || swift build "${flags[@]}" --target "$target" >&2
done
BIN=$(swift build "${flags[@]}" --show-bin-path)

# Seeds: what each parser reads in this repository.
seeds() {
  local dir=".build-fuzz/seeds/$1"
  rm -rf "$dir"; mkdir -p "$dir"
  case "$1" in
    FuzzSuiteDecoder) find suites fixtures -name '*.json' -size -64k -exec cp -t "$dir" {} + 2>/dev/null || true ;;
    FuzzCSVReader) find suites fixtures -name '*.csv' -exec cp -t "$dir" {} + 2>/dev/null || true
      printf 'id,name\n1,"a ""b"""\n2,c\n' > "$dir/quoted.csv" ;;
    FuzzTemplate) grep -rhoE '"[^"]*\{\{[^"]*"' suites fixtures 2>/dev/null | sort -u | head -500 |
      awk -v d="$dir" '{ f = d "/t" NR; print substr($0, 2, length($0) - 2) > f; close(f) }' ;;
    FuzzVarsFile) find suites fixtures \( -name '*.env' -o -name '*vars*.json' \) -exec cp -t "$dir" {} + 2>/dev/null || true
      printf '# staging\nexport USER = alice\nTOKEN="a b"\nlimit=10\n' > "$dir/lines.env"
      printf '{"user": "alice", "limit": 10, "ok": true, "token": {"value": "s", "secret": true}}' > "$dir/vars.json" ;;
    FuzzJSONPath) grep -rhoE '"\$[^"]*"' suites fixtures 2>/dev/null | sort -u | head -500 |
      awk -v d="$dir" '{ f = d "/p" NR; print substr($0, 2, length($0) - 2) > f; print "{\"a\": [1, {\"b\": 2}]}" >> f; close(f) }' ;;
  esac
  echo "$dir"
}

status=0
for target in "${TARGETS[@]}"; do
  corpus=".build-fuzz/corpus/$target"
  mkdir -p "$corpus"
  seed_dir=$(seeds "$target")
  log="$OUT/$target.log"
  # -detect_leaks=0: LeakSanitizer reports every Data(contentsOf:) of swift-foundation as leaked (its
  # buffer is freed by a deallocator LSan does not follow), which stops the loader targets at once.
  if ASAN_OPTIONS=detect_leaks=0 "$BIN/$target" "$corpus" "$seed_dir" -max_total_time="$SECONDS_EACH" -timeout=1 -rss_limit_mb=2048 -detect_leaks=0 \
      -artifact_prefix="$OUT/$target-" -print_final_stats=1 >"$log" 2>&1; then
    result="no crash, no input over 1 s"
  else
    result="FINDING: see $log and $OUT/$target-*"
    status=1
  fi
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
  size=$(ls "$corpus" | wc -l)
  echo "$target: $runs executions in ${SECONDS_EACH}s, corpus $size inputs: $result"
done
exit $status
