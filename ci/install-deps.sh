#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test afrun. Safe to run again:
# it installs only what is missing. Needs root (or sudo) when something is missing.
set -euo pipefail

need=()
[ -f /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -f /usr/include/curl/curl.h ] || need+=(libcurl4-openssl-dev)
[ -f /usr/include/openssl/ssl.h ] || need+=(libssl-dev)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
[ -f /usr/include/libxml2/libxml/HTMLparser.h ] || need+=(libxml2-dev)
# The decoders the session core uses for bodies it measures as sent (`rawBody`).
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/brotli/decode.h ] || need+=(libbrotli-dev)
[ -f /usr/include/zstd.h ] || need+=(libzstd-dev)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v xmllint >/dev/null || need+=(libxml2-utils)
command -v curl >/dev/null || need+=(curl)
command -v openssl >/dev/null || need+=(openssl)
command -v sqlite3 >/dev/null || need+=(sqlite3)
# A real browser for the HTML report tests (they render the page with `chromium --headless --dump-dom`).
command -v chromium >/dev/null || need+=(chromium)

if [ ${#need[@]} -gt 0 ]; then
  echo "install-deps: installing ${need[*]}"
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# A real JUnit consumer for the report tests.
if ! python3 -c 'import junitparser' 2>/dev/null; then
  python3 -m pip install -q junitparser >/dev/null 2>&1 || echo "install-deps: junitparser not installed (its test will say so)"
fi
echo "install-deps: ready"
