#!/usr/bin/env bash
# The module map, checked: every `import` of every Swift file under Sources/ and Tests/ must be allowed by
# the table in docs/architecture.md (between its `module-map` markers). A file is checked against the most
# specific row: `AFSession/Transport` before `AFSession`. Also fails on a target folder the table does not
# list and on a row naming a folder that does not exist, so the map stays the map of the tree.
#
#   ci/check-imports.sh        # prints each import the map does not allow, as file:line, and exits 1
set -euo pipefail
cd "$(dirname "$0")/.."
map=docs/architecture.md

# Rows of the table: `| `Name` | job | `A`, `B` |` -> "Name A B".
rows=$(awk '/<!-- module-map -->/ { on = 1; next } /<!-- \/module-map -->/ { on = 0 } on && /^\| `/' "$map" |
  awk -F'|' '{
    name = $2; gsub(/[` ]/, "", name)
    allowed = $4; gsub(/`/, "", allowed); gsub(/,/, " ", allowed); gsub(/—/, "", allowed)
    print name, allowed
  }')
[ -n "$rows" ] || { echo "check-imports: no module map found in $map"; exit 2; }

failures=0
declare -A allow
for name in $(echo "$rows" | awk '{ print $1 }'); do
  allow[$name]=" $(echo "$rows" | awk -v n="$name" '$1 == n { $1 = ""; print }') "
  if [ ! -d "Sources/$name" ] && [ ! -d "Tests/$name" ]; then
    echo "$map: the module map lists $name, but neither Sources/$name nor Tests/$name exists"
    failures=$((failures + 1))
  fi
done

for dir in Sources/*/ Tests/*/; do
  target=$(basename "$dir")
  if [ -z "${allow[$target]+set}" ]; then
    echo "$dir: target $target is not in the module map ($map)"
    failures=$((failures + 1))
  fi
done

# The imports of a file: its leading lines, up to the first declaration (imports come first, so an
# `import` inside a string or a comment further down is not one).
imports_of() {
  awk '
    /^[[:space:]]*$/ || /^[[:space:]]*\/\// || /^[[:space:]]*#(if|elseif|else|endif)/ { next }
    /^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*import[[:space:]]/ {
      line = $0
      sub(/^.*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?/, "", line)
      sub(/[.[:space:]].*$/, "", line)
      print FNR, line
      next
    }
    { exit }
  ' "$1"
}

while IFS= read -r -d '' file; do
  relative=${file#*/}          # AFSession/Transport/CurlEasy.swift
  row=""
  path=${relative%/*}
  while [ -n "$path" ]; do     # the most specific row: the longest folder prefix the table names
    if [ -n "${allow[$path]+set}" ]; then row=$path; break; fi
    [ "$path" = "${path%/*}" ] && break
    path=${path%/*}
  done
  [ -n "$row" ] || continue    # the folder check above has reported it
  while read -r line module; do
    [ -n "$module" ] || continue
    case "${allow[$row]}" in
      *" $module "*) ;;
      *)
        echo "$file:$line: imports $module, which the module map does not allow for $row ($map)"
        failures=$((failures + 1))
        ;;
    esac
  done < <(imports_of "$file")
done < <(find Sources Tests -name '*.swift' -print0 | sort -z)

if [ "$failures" -gt 0 ]; then
  echo "check-imports: $failures problem(s)"
  exit 1
fi
echo "check-imports: every import is allowed by the module map"
