#!/usr/bin/env bash
# The test command: installs missing system packages, builds with no warnings allowed,
# runs every test, then the concurrency tests again under ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh

echo "== build"
swift build --build-tests -Xswiftc -warnings-as-errors 2>&1 | tail -5

echo "== tests"
set +e
swift test --skip-build
status=$?
set -e
[ "$status" -eq 0 ] || { echo "tests failed (exit $status)"; exit "$status"; }

if [ "${AFRUN_SKIP_TSAN:-0}" != 1 ]; then
  echo "== ThreadSanitizer (session core and runner concurrency tests)"
  swift test --sanitize=thread --scratch-path .build-tsan --filter 'AFSessionTests|AFRunnerTests' 2>&1 | tail -5
fi
