#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Pheromone sharing on order routing (the real data): the same plan on 1x1, 2x1 and 2x2, one-thread
# sharing against endpoint sharing (4x1 is covered on tours: four ranks on this data take too long).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NET="$AR_TMP/sc.h5"
"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$NET" >/dev/null 2>&1 \
  || { fail "import"; finish; }
ARGS=(-i 2 -c 2 -m 4 -e 1 --share-every 1 -q)
run() { # name np threads extra...
  local name=$1 np=$2 t=$3
  shift 3
  OMP_NUM_THREADS=$t ar_mpirun "$np" "$ANTROUTE" solve "$NET" -o "$AR_TMP/$name.h5" "${ARGS[@]}" \
    --csv "$AR_TMP/$name.csv" "$@" >"$AR_TMP/$name.out" 2>&1 \
    || fail "$name: exit $?: $(tail -3 "$AR_TMP/$name.out")"
}
run l11 1 1 --report-binding --bind auto
[ -s "$AR_TMP/l11.csv" ] && pass "1x1 with sharing writes a plan" || fail "1x1: no plan"
grep -Eq "^ +rank +host +thread" "$AR_TMP/l11.out" && pass "--report-binding on order routing" \
  || fail "no binding table: $(head -3 "$AR_TMP/l11.out")"
h5dump -n "$AR_TMP/l11.h5" 2>/dev/null | grep -q "/bsp/rank_w" && pass "/bsp in order-routing results" \
  || fail "no /bsp in order-routing results"
run l21 2 1
cmp -s "$AR_TMP/l11.csv" "$AR_TMP/l21.csv" && pass "sharing: 2x1 = 1x1" || fail "2x1 differs"
run e22 2 2 --share-endpoints
cmp -s "$AR_TMP/l11.csv" "$AR_TMP/e22.csv" && pass "endpoint sharing: 2x2 = 1x1" \
  || fail "endpoint 2x2 differs"
finish
