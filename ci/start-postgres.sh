#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: Debian's postgresql (installed when missing), initdb in a
# temporary folder, a server on a free port of 127.0.0.1 only, password authentication.
#
# Source it: `source ci/start-postgres.sh` exports AFRUN_TEST_POSTGRES_URL (postgres://afrun:…@127.0.0.1:PORT/
# afrun_test), AFRUN_TEST_POSTGRES_TLS_ROOT (the root of its TLS certificate) and AFRUN_TEST_POSTGRES_DIR, and
# defines `stop_postgres`, which stops the server and removes
# the folder. Nothing outside the folder is touched; the password is random and never printed.

_afrun_pg_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  return 1
}

if ! _afrun_pg_bin >/dev/null; then
  echo "== installing postgresql (apt-get)"
  _afrun_sudo=""; [ "$(id -u)" = 0 ] || _afrun_sudo="sudo"
  $_afrun_sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $_afrun_sudo apt-get install -y -qq postgresql >/dev/null
fi
_afrun_pg="$(_afrun_pg_bin)"

AFRUN_TEST_POSTGRES_DIR="$(mktemp -d /tmp/afrun-postgres.XXXXXX)"
export AFRUN_TEST_POSTGRES_DIR
_afrun_pg_password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
printf '%s\n' "$_afrun_pg_password" >"$AFRUN_TEST_POSTGRES_DIR/pwfile"
# initdb and postgres refuse to run as root: the cluster belongs to `postgres` (or nobody) then.
_afrun_pg_user="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
  _afrun_pg_user=postgres
  id postgres >/dev/null 2>&1 || _afrun_pg_user=nobody
  chown -R "$_afrun_pg_user" "$AFRUN_TEST_POSTGRES_DIR"
fi
_afrun_pg_as() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u "$_afrun_pg_user" -- "$@"; else "$@"; fi
}

_afrun_pg_as "$_afrun_pg/initdb" -D "$AFRUN_TEST_POSTGRES_DIR/data" -U afrun --pwfile="$AFRUN_TEST_POSTGRES_DIR/pwfile" \
  --auth=scram-sha-256 -E UTF8 --locale=C >"$AFRUN_TEST_POSTGRES_DIR/initdb.log" 2>&1 || {
  cat "$AFRUN_TEST_POSTGRES_DIR/initdb.log" >&2
  return 1 2>/dev/null || exit 1
}
rm -f "$AFRUN_TEST_POSTGRES_DIR/pwfile"

# TLS with the fixtures' certificate for localhost and 127.0.0.1 (fixtures/tls; its root is exported as
# AFRUN_TEST_POSTGRES_TLS_ROOT for sslmode=verify-full): clients may connect with or without TLS.
_afrun_pg_tls="$(cd "$(dirname "${BASH_SOURCE[0]}")/../fixtures/tls" && pwd)"
cp "$_afrun_pg_tls/leaf-chain.pem" "$AFRUN_TEST_POSTGRES_DIR/data/server.crt"
cp "$_afrun_pg_tls/leaf.key" "$AFRUN_TEST_POSTGRES_DIR/data/server.key"
chmod 600 "$AFRUN_TEST_POSTGRES_DIR/data/server.key"
[ "$(id -u)" -ne 0 ] || chown "$_afrun_pg_user" "$AFRUN_TEST_POSTGRES_DIR/data/server.crt" "$AFRUN_TEST_POSTGRES_DIR/data/server.key"
export AFRUN_TEST_POSTGRES_TLS_ROOT="$_afrun_pg_tls/root-ca.pem"

# A free port: bind port 0 and read what the kernel gave (a race with another process is retried).
for _afrun_try in 1 2 3 4 5; do
  _afrun_pg_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  if _afrun_pg_as "$_afrun_pg/pg_ctl" -D "$AFRUN_TEST_POSTGRES_DIR/data" -w -t 60 -l "$AFRUN_TEST_POSTGRES_DIR/server.log" \
    -o "-h 127.0.0.1 -p $_afrun_pg_port -k $AFRUN_TEST_POSTGRES_DIR -c max_connections=200 -c fsync=on -c ssl=on" start >/dev/null; then
    break
  fi
  _afrun_pg_port=""
done
if [ -z "$_afrun_pg_port" ]; then
  cat "$AFRUN_TEST_POSTGRES_DIR/server.log" >&2
  return 1 2>/dev/null || exit 1
fi
PGPASSWORD="$_afrun_pg_password" "$_afrun_pg/createdb" -h 127.0.0.1 -p "$_afrun_pg_port" -U afrun afrun_test

export AFRUN_TEST_POSTGRES_URL="postgres://afrun:$_afrun_pg_password@127.0.0.1:$_afrun_pg_port/afrun_test"
echo "== PostgreSQL $("$_afrun_pg/postgres" --version | awk '{print $3}') on 127.0.0.1:$_afrun_pg_port (AFRUN_TEST_POSTGRES_URL)"

stop_postgres() {
  [ -n "${AFRUN_TEST_POSTGRES_DIR:-}" ] || return 0
  _afrun_pg_as "$_afrun_pg/pg_ctl" -D "$AFRUN_TEST_POSTGRES_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$AFRUN_TEST_POSTGRES_DIR"
  unset AFRUN_TEST_POSTGRES_DIR AFRUN_TEST_POSTGRES_URL AFRUN_TEST_POSTGRES_TLS_ROOT
}
