#!/usr/bin/env bash
# Large JSON bodies at wire speed: N GETs of a ~100 KB JSON document (a page of items, generated)
# from a private nginx, each checked for status 200 and one JSONPath assertion on the body
# (`$.items[-1].id`), against `curl --parallel --parallel-max 64` fetching the same N URLs to
# /dev/null. ROUNDS rounds alternated; medians and the ratio (curl's time / afrun's) printed, the
# ratio as the median of each round's (on a loaded machine a round's curl and afrun share its load), and
# the CPU time per body (user + system), which moves less with the load.
#
#   ci/bench-json-body.sh                    # N=200, ROUNDS=5, SIZE=100000
#   AFRUN=/path/to/afrun N=500 ci/bench-json-body.sh
#   AFRUN_B=/path/to/other/afrun ...         # a second build, measured in the same rounds
#
# afrun runs as in CI: `--jobs 64`, `-q --no-history`, the suite `parallel`. Not a test: figures
# move with load.
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-200}
ROUNDS=${ROUNDS:-5}
SIZE=${SIZE:-100000}
. ci/bench-server.sh
bench_init json-body
bench_binary_b

mkdir -p "$SCRATCH/www" "$SCRATCH/suite"
python3 - "$SIZE" "$SCRATCH/www/page.json" <<'PY'
import json, sys
size, path = int(sys.argv[1]), sys.argv[2]
items, total, i = [], 0, 0
while total < size:
    item = {"id": i, "name": f"Item {i} été", "price": round(i % 1000 + 0.99, 2), "available": i % 3 != 0,
            "tags": [f"a{i % 7}", f"b{i % 11}"], "owner": {"id": i * 7, "email": f"u{i}@example.test"},
            "description": f"A \"quoted\" description of item {i}, long enough to look like real API text."}
    items.append(item)
    total += len(json.dumps(item, ensure_ascii=False).encode()) + 2
    i += 1
open(path, "w").write(json.dumps({"page": 1, "total": len(items), "items": items}, ensure_ascii=False))
print(len(items) - 1, file=open(path + ".last", "w"))
PY
LAST=$(cat "$SCRATCH/www/page.json.last")
start_nginx page.json application/json

python3 - "$N" "$BASE" "$SCRATCH" "$LAST" <<'PY'
import json, sys
n, base, scratch, last = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
tests = [{"name": f"page {i}", "request": {"url": f"page.json?i={i}"},
          "expect": {"status": 200, "json": [{"path": "$.items[-1].id", "equals": last}]}} for i in range(n)]
json.dump({"name": "json-body", "baseURL": base + "/", "parallel": True, "tests": tests},
          open(f"{scratch}/suite/bench.json", "w"))
with open(f"{scratch}/urls.txt", "w") as f:
    for i in range(n):
        f.write(f'url = "{base}/page.json?i={i}"\noutput = "/dev/null"\n')
PY
echo "== $N GETs of $(stat -c %s "$SCRATCH/www/page.json") bytes of JSON, $ROUNDS rounds"
echo "afrun: $AFRUN${AFRUN_B:+  afrun B: $AFRUN_B}"

for binary in "$AFRUN" ${AFRUN_B:+"$AFRUN_B"}; do
  "$binary" run "$SCRATCH/suite/bench.json" --jobs 64 -q --no-history >/dev/null \
    || { echo "bench-json-body: the suite does not pass with $binary"; exit 1; }
done
python3 - "$SCRATCH" "$N" "$ROUNDS" "$AFRUN" ${AFRUN_B:+"$AFRUN_B"} <<'PY'
import resource, statistics, subprocess, sys, time
scratch, n, rounds, binaries = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
commands = {"curl": ["curl", "-s", "--parallel", "--parallel-max", "64", "-K", f"{scratch}/urls.txt"]}
for tag, binary in zip(["afrun", "afrun B"], binaries):
    commands[tag] = [binary, "run", f"{scratch}/suite/bench.json", "--jobs", "64", "-q", "--no-history"]
def cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
seconds = {name: [] for name in commands}
cpus = {name: [] for name in commands}
for round in range(1, rounds + 1):
    for name, command in commands.items():
        start, used = time.monotonic(), cpu()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        seconds[name].append(time.monotonic() - start)
        cpus[name].append(cpu() - used)
    print(f"round {round}: " + "  ".join(f"{name} {seconds[name][-1]:.4f}s" for name in commands))
for name in commands:
    if name == "curl": continue
    c, a = statistics.median(seconds["curl"]), statistics.median(seconds[name])
    ratio = statistics.median(x / y for x, y in zip(seconds["curl"], seconds[name]))
    print(f"median: curl {c:.3f}s ({n / c:.0f} req/s)  {name} {a:.3f}s ({n / a:.0f} tests/s)"
          f"  {name}/curl speed {c / a:.2f}x (per-round median {ratio:.2f}x)")
# CPU time (user + system) moves less with the machine's load than wall time does.
print("median CPU per body: " + "  ".join(f"{name} {statistics.median(cpus[name]) / n * 1e6:.0f} µs" for name in commands))
PY
