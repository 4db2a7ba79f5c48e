#!/usr/bin/env bash
# History recording's cost in instructions, which the machine's load does not move: the generated N-test suite
# of ci/bench-runner.sh (same nginx, same suite) run under valgrind's callgrind without history, with history
# into a database that already holds a run (the steady state of a cached CI history), and into a new file
# (a first run). Prints the instructions of each whole process, what recording adds per result, and the
# writer's parts (inclusive counts). Wall-time ratios on a shared two-core machine move by ±3 points between
# windows; these counts move by about 1% (the writer's batching still follows the threads' timing).
#
#   ci/bench-history-instructions.sh                        # N=2000, a release build
#   AFRUN=/path/to/afrun ci/bench-history-instructions.sh   # this binary
#   AFRUN=/tmp/before AFRUN_B=/tmp/after ci/bench-history-instructions.sh   # two builds side by side
#
# Needs valgrind (apt-get install -y valgrind) and nginx. Under callgrind each run takes ~15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench: valgrind is needed (apt-get install -y valgrind)"; exit 2; }

N=${N:-2000}
C=${C:-64}
. ci/bench-server.sh
bench_init instructions
start_bench_server
bench_binary_b
echo "N=$N C=$C; valgrind $(valgrind --version | sed 's/valgrind-//')"

# count NAME BINARY ARGS...: runs one afrun under callgrind; writes $SCRATCH/NAME.out and prints nothing.
count() {
  local name=$1 binary=$2
  shift 2
  valgrind --tool=callgrind --callgrind-out-file="$SCRATCH/$name.out" \
    "$binary" run "$SCRATCH/suite" --jobs "$C" --quiet "$@" >/dev/null 2>"$SCRATCH/$name.err" ||
    { echo "bench: $name failed"; tail -5 "$SCRATCH/$name.err"; exit 1; }
}

for label in A B; do
  binary=$AFRUN
  if [ "$label" = B ]; then [ -n "$AFRUN_B" ] || break; binary=$AFRUN_B; fi
  "$binary" run "$SCRATCH/suite" --jobs "$C" --quiet --db "$SCRATCH/$label-kept.sqlite" >/dev/null  # the run already held
  count "$label-none" "$binary" --no-history
  count "$label-kept" "$binary" --db "$SCRATCH/$label-kept.sqlite"
  count "$label-new" "$binary" --db "$SCRATCH/$label-new.sqlite"
  echo "== $label: $binary"
  python3 - "$SCRATCH" "$label" "$N" <<'PY'
import re, subprocess, sys
scratch, label, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def total(name):
    return int(re.search(r"I\s+refs:\s+([\d,]+)", open(f"{scratch}/{name}.err").read()).group(1).replace(",", ""))
def inclusive(name):
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", f"{scratch}/{name}.out"],
                         capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*)$", line)
        if m: rows.append((int(m.group(1).replace(",", "")), m.group(2)))
    return rows
def part(rows, pattern):
    # The largest inclusive count among the symbols matching: the outermost frame of that part.
    found = [count for count, symbol in rows if re.search(pattern, symbol)]
    return max(found) if found else None
none, kept, new = total(f"{label}-none"), total(f"{label}-kept"), total(f"{label}-new")
print(f"instructions: no history {none/1e6:.1f} M | history kept {kept/1e6:.1f} M (+{(kept-none)/1e6:.1f} M, "
      f"+{100*(kept-none)/none:.1f}%, {(kept-none)/n:,.0f} per result) | new file {new/1e6:.1f} M "
      f"(+{(new-none)/1e6:.1f} M, +{100*(new-none)/none:.1f}%)")
rows = inclusive(f"{label}-kept")
parts = [
    ("writer (transactions)", r"RunRecorderC5write"),
    ("  inserting results", r"RunRecorderC6insert_"),
    ("    a result's named arguments", r"ResultRowV9arguments"),
    ("      test ids (look-ups, first read)", r"RunRecorderC6testID"),
    ("  SQLite's sqlite3_step (all statements)", r"sqlite3_step \["),
    ("open (connection, schema check)", r"HistoryStoreC14openConnection"),
    ("close", r"HistoryStoreC5close"),
]
for title, pattern in parts:
    value = part(rows, pattern)
    print(f"  {title:48s} " + (f"{value/1e6:6.1f} M  {value/n:8,.0f} per result" if value else "     n/a"))
PY
done
