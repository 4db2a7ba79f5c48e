#!/usr/bin/env bash
# The test command: installs missing system packages, checks the module map and the formatting, builds
# with no warnings allowed, starts a private PostgreSQL cluster (ci/start-postgres.sh; stopped on exit) so the
# history tests run on PostgreSQL as well as SQLite, runs every test, then the concurrency tests again under
# ThreadSanitizer and, under CI (`CI` set, as GitHub Actions and GitLab set it), each parser's fuzz target
# for 30 s. AFRUN_SKIP_POSTGRES=1 leaves PostgreSQL out (its tests are then skipped, and say so).
set -euo pipefail
cd "$(dirname "$0")/.."
# A crash (of a test process or of an afrun a test starts) prints its backtrace and exits: Swift's backtracer
# otherwise reads the whole debug binary's line tables first, minutes on a loaded machine, which CI would see
# as a hang. Symbol names stay; a setting of the caller's own wins.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-interactive=no,symbolicate=fast}"
bash ci/install-deps.sh

echo "== module map (docs/architecture.md)"
bash ci/check-imports.sh

echo "== format (.swift-format)"
swift format lint --strict --recursive Sources Tests

echo "== build"
swift build --build-tests -Xswiftc -warnings-as-errors 2>&1 | tail -5

# Runs `swift test ARGS…`, keeping its output in a log. A crash of the test process, unlike a failing
# test, is retried once, and said so; a failing test is never retried. The two crashes seen here came from
# Foundation in the test process (Process.run overreading a buffer, FileHandle reads stopping on EINTR);
# the tests now use Tests/TestSupport instead, so the retry is only a safety net.
crashed() {
  grep -qE '^\*\*\* (Program crashed|Signal [0-9]+: Backtracing)|ThreadSanitizer: CHECK failed' "$1" &&
    ! grep -qE '^✘ Test .* recorded an issue|WARNING: ThreadSanitizer' "$1"
}
run_tests() {
  local log=.build/test-output.txt status
  set +e
  swift test "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  if [ "$status" -ne 0 ] && crashed "$log"; then
    echo "== the test process crashed (not a test failure); running the tests once more"
    swift test "$@" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
  fi
  set -e
  [ "$status" -eq 0 ] || { echo "tests failed (exit $status)"; exit "$status"; }
}

if [ "${AFRUN_SKIP_POSTGRES:-0}" != 1 ]; then
  echo "== PostgreSQL (ci/start-postgres.sh)"
  # shellcheck source=ci/start-postgres.sh
  source ci/start-postgres.sh
  trap stop_postgres EXIT
fi

echo "== tests"
run_tests --skip-build

if [ "${AFRUN_SKIP_TSAN:-0}" != 1 ]; then
  echo "== ThreadSanitizer (session core, runner, history writer)"
  # Strict: a race report or a failing test fails CI. A crash of the process itself (the TSan runtime was
  # seen to abort once, "CHECK failed", while the Swift backtracer ran) is retried once, as above.
  # At most four tests at a time: under ThreadSanitizer's slowdown, a whole target in parallel on two cores
  # starved tests with a time limit past it (seen: three tests over 60 s that take 2 s alone).
  SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=4 \
    TSAN_OPTIONS="suppressions=$PWD/ci/tsan-suppressions.txt ${TSAN_OPTIONS:-}" \
    run_tests --sanitize=thread --scratch-path .build-tsan --filter 'AFSessionTests|AFRunnerTests|AFHistoryTests'
fi

if [ -n "${CI:-}" ] && [ "${AFRUN_SKIP_FUZZ:-0}" != 1 ]; then
  echo "== fuzzing (ci/fuzz.sh, 30 s per parser)"
  bash ci/fuzz.sh
fi
