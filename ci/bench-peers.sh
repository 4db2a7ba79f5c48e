#!/usr/bin/env bash
# afrun against the peer tools that can be installed on this machine, on the same work: N GETs of a
# 40-byte JSON file from a private nginx, each checked for status 200, Content-Type application/json
# and `id` = 1 in the body (the suite of ci/bench-runner.sh). Each tool is timed as a whole process,
# ROUNDS rounds alternated, medians printed.
#
#   ci/bench-peers.sh                       # N=500, ROUNDS=3
#   AFRUN=/path/to/afrun N=2000 ci/bench-peers.sh
#
# Tavern (pytest + YAML, PyPI; with pytest < 9, which Tavern 3.7 needs) is installed into a private
# venv under $TMPDIR when missing. Hurl,
# Newman and Step CI are run too when they are on PATH (hurl --test --parallel --jobs; newman run
# COLLECTION; stepci run WORKFLOW); this machine cannot install them (no npm registry, no Debian
# package), and the script says so instead of guessing a figure. afrun runs twice: as in CI
# (`--jobs 64`, the suite is `parallel`) and one request at a time (`--jobs 1`), since Tavern and
# Newman send one request at a time. Not a test: figures move with load.
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-500}
ROUNDS=${ROUNDS:-3}
. ci/bench-server.sh
bench_init peers

VENV=${TAVERN_VENV:-${TMPDIR:-/tmp}/afrun-tavern-venv}
if [ ! -x "$VENV/bin/pytest" ] || ! "$VENV/bin/python" -c 'import tavern' 2>/dev/null; then
  echo "== installing Tavern into $VENV"
  python3 -m venv "$VENV" && "$VENV/bin/pip" install -q tavern 'pytest<9' >/dev/null 2>&1 \
    || echo "bench-peers: Tavern could not be installed (no PyPI?); it is left out"
fi

start_bench_server

# The same N checks for each tool, in its own format.
python3 - "$N" "$BASE" "$SCRATCH" <<'PY'
import json, sys
n, base, scratch = int(sys.argv[1]), sys.argv[2], sys.argv[3]
with open(f"{scratch}/test_bench.tavern.yaml", "w") as f:
    for i in range(n):
        f.write(f"""---
test_name: get {i}
stages:
  - name: get
    request:
      url: {base}/item.json?i={i}
      method: GET
    response:
      strict:
        - json:off
      status_code: 200
      headers:
        content-type: application/json
      json:
        id: 1
""")
with open(f"{scratch}/bench.hurl", "w") as f:
    for i in range(n):
        f.write(f"GET {base}/item.json?i={i}\nHTTP 200\n[Asserts]\nheader \"Content-Type\" == \"application/json\"\njsonpath \"$.id\" == 1\n\n")
items = [{"name": f"get {i}", "request": {"method": "GET", "url": f"{base}/item.json?i={i}"},
          "event": [{"listen": "test", "script": {"exec": [
              "pm.test('ok', () => { pm.response.to.have.status(200);",
              " pm.expect(pm.response.headers.get('Content-Type')).to.eql('application/json');",
              " pm.expect(pm.response.json().id).to.eql(1); });"]}}]} for i in range(n)]
json.dump({"info": {"name": "bench", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
           "item": items}, open(f"{scratch}/bench.postman.json", "w"))
PY

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start; N=$N, ROUNDS=$ROUNDS"
python3 - "$AFRUN" "$SCRATCH" "$N" "$ROUNDS" "$VENV" <<'PY'
import os, shutil, statistics, subprocess, sys, time
afrun, scratch, n, rounds, venv = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
cmds = {
    "afrun --jobs 64": [afrun, "run", f"{scratch}/suite", "--jobs", "64", "--no-history", "--quiet"],
    "afrun --jobs 1": [afrun, "run", f"{scratch}/suite", "--jobs", "1", "--no-history", "--quiet"],
}
if os.path.exists(f"{venv}/bin/pytest"):
    cmds["tavern (pytest)"] = [f"{venv}/bin/pytest", "-q", "-p", "no:cacheprovider", f"{scratch}/test_bench.tavern.yaml"]
missing = []
for tool, cmd in (("hurl", ["hurl", "--test", "--jobs", "64", f"{scratch}/bench.hurl"]),
                  ("newman", ["newman", "run", f"{scratch}/bench.postman.json", "--reporters", "cli"]),
                  ("stepci", None)):
    if shutil.which(tool) and cmd: cmds[tool] = cmd
    else: missing.append(tool)
def timed(name):
    t0 = time.perf_counter()
    p = subprocess.run(cmds[name], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=scratch)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"bench-peers: {name} failed ({p.returncode}):\n{p.stdout.decode()[-2000:]}")
    return n / dt
rps = {k: [] for k in cmds}
names = list(cmds)
for r in range(rounds):
    order = names[r % len(names):] + names[:r % len(names)]
    for name in order: rps[name].append(timed(name))
    print(f"round {r+1}: " + " | ".join(f"{k} {rps[k][-1]:,.0f} req/s" for k in names), flush=True)
base = statistics.median(rps["afrun --jobs 64"])
print("median req/s (and afrun --jobs 64 as a multiple of each):")
for k in names:
    m = statistics.median(rps[k])
    print(f"  {k:18} {m:10,.0f} req/s   afrun is {base / m:6.1f}x")
if missing: print(f"not installed here, left out: {', '.join(missing)}")
print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")
PY
