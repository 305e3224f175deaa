#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# import tsplib on every instance of the shared data folder: each imports; each .opt.tour measures
# exactly its OPTIMA.tsv optimum (and, when the independent checker is present, the same length
# there). Skips when the shared folder is absent.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
need_shared tsplib/OPTIMA.tsv
data="$AR_SHARED_DATA/tsplib"
checker="$AR_SHARED_DATA/../checks/tsp_len.py"

summary() { "$ANTROUTE" inspect "$1" > "$AR_TMP/summary.txt" 2>&1; }
value() { sed -n "s/^$1: \([^ ]*\).*/\1/p" "$AR_TMP/summary.txt"; }

count=0
for f in "$data"/*.tsp "$data"/*.atsp; do
  [ -e "$f" ] || continue
  base=$(basename "$f")
  name=${base%.*}
  out="$AR_TMP/$name.h5"
  # --no-bound: the bounds have their own tests (tests/bounds), and pla85900 would take minutes.
  if ! "$ANTROUTE" import tsplib "$f" -o "$out" --no-bound > "$AR_TMP/$name.log" 2>&1; then
    fail "import $base: $(cat "$AR_TMP/$name.log")"
    continue
  fi
  count=$((count + 1))
  summary "$out"
  opt=$(awk -F'\t' -v n="$name" '$1 == n { print $4 }' "$data/OPTIMA.tsv")
  [ -n "$opt" ] && { [ "$(value optimum)" = "$opt" ] && pass "$name: optimum $opt stored" ||
    fail "$name: optimum $(value optimum), OPTIMA.tsv says $opt"; }
  [ -e "$data/$name.opt.tour" ] || continue
  got=$(value "known tour length")
  [ "$got" = "$opt" ] && pass "$name.opt.tour measures $opt" || fail "$name.opt.tour measures '$got', OPTIMA.tsv says $opt"
  # Cross-check with the independent calculator, on the tour as stored in the file.
  if [ -f "$checker" ]; then
    h5dump -A 0 -d /tour/known_tour -y -w 0 -O /dev/null "$out" | tr ',' ' ' > "$AR_TMP/$name.tour0"
    ext=$(/usr/bin/python3 "$checker" "$f" "$AR_TMP/$name.tour0" 2>&1)
    [ "$ext" = "$opt" ] && pass "$name: tsp_len.py agrees ($ext)" || fail "$name: tsp_len.py says '$ext'"
  fi
done
[ "$count" -gt 0 ] && pass "$count shared instances imported" || fail "no instance found in $data"
finish
