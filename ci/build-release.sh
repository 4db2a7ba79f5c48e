#!/usr/bin/env bash
# The release build of afrun's executables: the build the README installs and the benchmarks measure.
#
#   bash ci/build-release.sh                 # builds afrun
#   bash ci/build-release.sh afrun-bench     # builds other products
#
# Prints the folder that holds the binaries as its last line (everything else goes to stderr), so
# scripts can write BIN=$(bash ci/build-release.sh afrun | tail -1); a failed build prints the compiler's
# errors and exits 1 (callers that set pipefail stop there).
#
# Flags, and why:
# - --static-swift-stdlib: no Swift shared libraries to load and bind at every start;
# - -disable-concrete-type-metadata-mangled-name-accessors: the compiler calls a generic type's
#   metadata accessor with its conformances instead of naming the type by its mangled name, which
#   made the runtime look up each conformance (`Int: Hashable`…) by scanning every conformance
#   record of the binary on first use; ~2 ms of every start, semantics unchanged.
# - --no-export-dynamic: the toolchain's static-stdlib link arguments export every symbol of afrun's
#   own modules (~50,000) to the dynamic symbol table, which nothing resolves at run time; without
#   them the loader has less to map, hash and search: ~2 ms of every start.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh >&2   # what a fresh machine lacks (headers, pkg-config), as the README's commands do
flags=(-c release --static-swift-stdlib --scratch-path .build-release
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
  -Xlinker --no-export-dynamic)
[ $# -gt 0 ] || set -- afrun
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for product in "$@"; do
  # A failed build must stop the caller with the compiler's errors in view: printing only the last line
  # once let a benchmark go on measuring the binary an earlier build had left.
  if ! swift build "${flags[@]}" --product "$product" >"$log" 2>&1; then
    grep -E -A3 'error:' "$log" >&2 || tail -20 "$log" >&2
    echo "build-release: building $product failed" >&2
    exit 1
  fi
  tail -1 "$log" >&2
done
swift build "${flags[@]}" --show-bin-path
