#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Pheromone sharing on tours: the same best tour and cost on 1x1, 2x1, 2x2 and 4x1 (ranks x
# threads), with one-thread and endpoint sharing alike; sharing changes the search (so the
# comparison is not vacuous).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NET="$AR_TMP/att532.h5"
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$NET" >/dev/null 2>&1 \
  || { fail "import"; finish; }
ARGS=(-c 4 -m 4 -i 30 -e 5 --share-every 2 -q)
answer() { # file -> "cost tour..."
  h5dump -d /best/cost -y -O /dev/null "$1" 2>/dev/null | tr -s ' \n' ' '
  h5dump -d /best/tour -y -O /dev/null "$1" 2>/dev/null | tr -d ' \n'
}
run() { # name np threads extra...
  local name=$1 np=$2 t=$3
  shift 3
  OMP_NUM_THREADS=$t ar_mpirun "$np" "$ANTROUTE" solve "$NET" -o "$AR_TMP/$name.h5" "${ARGS[@]}" \
    "$@" >"$AR_TMP/$name.out" 2>&1 || fail "$name: exit $?: $(tail -3 "$AR_TMP/$name.out")"
}
run l11 1 1
REF=$(answer "$AR_TMP/l11.h5")
[ -n "$REF" ] && pass "1x1 with sharing writes a tour" || fail "1x1: no tour"
for layout in "21 2 1" "22 2 2" "41 4 1"; do
  set -- $layout
  run "l$1" "$2" "$3"
  [ "$(answer "$AR_TMP/l$1.h5")" = "$REF" ] && pass "sharing: ${2}x${3} = 1x1" \
    || fail "sharing: ${2}x${3} differs from 1x1"
done
for layout in "e12 1 2" "e22 2 2" "e41 4 1"; do
  set -- $layout
  run "$1" "$2" "$3" --share-endpoints
  [ "$(answer "$AR_TMP/$1.h5")" = "$REF" ] && pass "endpoint sharing: ${2}x${3} = one-thread 1x1" \
    || fail "endpoint sharing ${2}x${3} differs"
done
ARGS=(-c 4 -m 4 -i 30 -e 5 -q) # without sharing (an option may be given only once)
run none 1 1
[ "$(answer "$AR_TMP/none.h5")" != "$REF" ] && pass "sharing changes the search" \
  || fail "the same answer without sharing: sharing does nothing?"
finish
