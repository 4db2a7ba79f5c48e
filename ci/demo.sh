#!/usr/bin/env bash
# The demo: installs what is missing, builds afrun and the fixture server, starts the server on
# free ports in the background, runs every example suite in suites/, stops the server, and exits
# with afrun's status. Extra arguments go to afrun (e.g. `bash ci/demo.sh --verbose`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash ci/install-deps.sh

echo "== build"
swift build --product afrun-fixtures 2>&1 | tail -1
swift build --product afrun 2>&1 | tail -1
bin="$(swift build --show-bin-path)"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

echo "== fixture server"
"$bin/afrun-fixtures" --port 0 --tls-port 0 --variants --exit-with-parent >"$work/endpoints" 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 1 100); do
  grep -q '^unknownCA ' "$work/endpoints" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; echo "demo: the fixture server did not start"; exit 3; }
  sleep 0.1
done
endpoint() { awk -v name="$1" '$1 == name { print $2 }' "$work/endpoints"; }
export AFRUN_FIXTURES_HTTP="$(endpoint http)"
export AFRUN_FIXTURES_HTTPS="$(endpoint https)"
export AFRUN_FIXTURES_HTTPS_EXPIRED="$(endpoint expired)"
export AFRUN_FIXTURES_HTTPS_WRONG_HOST="$(endpoint wrongHost)"
export AFRUN_FIXTURES_HTTPS_UNKNOWN_CA="$(endpoint unknownCA)"
[ -n "$AFRUN_FIXTURES_HTTP" ] && [ -n "$AFRUN_FIXTURES_HTTPS_UNKNOWN_CA" ] || { cat "$work/endpoints"; echo "demo: endpoints missing"; exit 3; }
sed 's/^/  /' "$work/endpoints"

echo "== afrun suites/"
set +e
"$bin/afrun" suites/ "$@"
status=$?
set -e

# The table a CI step reads afrun's status with (the same as README and docs/ci.md).
echo "== exit status"
"$bin/afrun" --help | sed -n '/^EXIT STATUS/,/^$/p' | sed 's/^/  /'
echo "afrun exited with $status"
exit "$status"
