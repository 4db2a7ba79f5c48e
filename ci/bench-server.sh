# Shared by the bench scripts (sourced).
#
# bench_init NAME: a scratch folder (SCRATCH) removed on exit with the server (SERVER_PID), and
# AFRUN: the binary named by $AFRUN, else a release build of afrun; made absolute.
# start_nginx FILE CONTENT_TYPE: a private nginx (one worker, loopback, keep-alive, no access log)
# serving $SCRATCH/www/FILE; sets NGINX, PORT, BASE and SERVER_PID. Expects SCRATCH.
# bench_binary_b: AFRUN_B (a second binary), when set, checked and made absolute.
# start_bench_server: start_nginx with a 40-byte JSON file, then the generated N-test suite of
# ci/bench-runner.sh and a curl config of the same N URLs. Expects SCRATCH and N.
# write_bench_suite N DIR: that suite of N tests as DIR/bench.json, against BASE (no curl config).
bench_init() {
  SCRATCH=$(mktemp -d "/tmp/afrun-bench-$1.XXXXXX")
  SERVER_PID=""
  trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$SCRATCH"' EXIT
  if [ -z "${AFRUN:-}" ]; then
    echo "== build (release)"
    AFRUN=$(bash ci/build-release.sh afrun | tail -1)/afrun
  fi
  [ -x "$AFRUN" ] || { echo "bench: no afrun binary at $AFRUN"; exit 2; }
  AFRUN=$(realpath "$AFRUN")
}

# bench_binary_b: AFRUN_B, when set (a second build measured beside AFRUN), checked and made absolute.
bench_binary_b() {
  AFRUN_B=${AFRUN_B:-}
  [ -n "$AFRUN_B" ] || return 0
  [ -x "$AFRUN_B" ] || { echo "bench: no afrun binary at $AFRUN_B"; exit 2; }
  AFRUN_B=$(realpath "$AFRUN_B")
}

start_nginx() {
  local file=$1 type=$2
  NGINX=$(command -v nginx || echo /usr/sbin/nginx)
  [ -x "$NGINX" ] || { echo "bench: nginx is needed (apt-get install -y nginx)"; exit 2; }
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  mkdir -p "$SCRATCH/www" "$SCRATCH/logs" "$SCRATCH/tmp"
  chmod 755 "$SCRATCH" "$SCRATCH/www"   # nginx workers run as nobody when started by root
  cat > "$SCRATCH/nginx.conf" <<CONF
worker_processes 1;
error_log $SCRATCH/logs/error.log warn;
pid $SCRATCH/nginx.pid;
daemon off;
events { worker_connections 4096; }
http {
  types { $type ${file##*.}; }
  access_log off;
  keepalive_requests 10000000;
  keepalive_timeout 60s;
  client_body_temp_path $SCRATCH/tmp;
  server { listen 127.0.0.1:$PORT; root $SCRATCH/www; location / { add_header X-Bench yes; } }
}
CONF
  "$NGINX" -p "$SCRATCH" -c "$SCRATCH/nginx.conf" &
  SERVER_PID=$!
  BASE="http://127.0.0.1:$PORT"
  for _ in $(seq 50); do curl -sf -o /dev/null "$BASE/$file" && break; sleep 0.1; done
}

start_bench_server() {
  mkdir -p "$SCRATCH/www" "$SCRATCH/suite"
  printf '{"id":1,"name":"alice","tags":["a","b"]}' > "$SCRATCH/www/item.json"
  start_nginx item.json application/json

  write_bench_suite "$N" "$SCRATCH/suite"
  # The same N distinct URLs for curl (nginx ignores the query string).
  python3 - "$N" "$BASE" "$SCRATCH" <<'PY'
import sys
n, base, scratch = int(sys.argv[1]), sys.argv[2], sys.argv[3]
with open(f"{scratch}/urls.txt", "w") as f:
    for i in range(n):
        f.write(f'url = "{base}/item.json?i={i}"\noutput = "/dev/null"\n')
PY
}

write_bench_suite() {
  mkdir -p "$2"
  python3 - "$1" "$BASE" "$2" <<'PY'
import json, sys
n, base, folder = int(sys.argv[1]), sys.argv[2], sys.argv[3]
tests = [{"name": f"get {i}", "request": {"url": f"item.json?i={i}"},
          "expect": {"status": 200, "contentType": "application/json",
                     "json": [{"path": "$.id", "equals": 1}]}} for i in range(n)]
json.dump({"name": "bench", "baseURL": base + "/", "parallel": True, "tests": tests},
          open(f"{folder}/bench.json", "w"))
PY
}
