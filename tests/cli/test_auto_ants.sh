#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Issue #23: symmetric tours of 20,000+ nodes get about n / 256 ants when no --ants is given
# (tour_auto_ants: combined ants pay in numbers); --ants on the command line or in a parameter
# file wins, and smaller instances keep the engine's 16. Read back from /run@ants.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
"$A" import synthetic --kind tour --nodes 20000 --seed 3 --no-bound -o big.h5 >/dev/null ||
  { fail "import 20,000 nodes"; finish; }
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o small.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
printf '[solve]\nants = 24\n' >ants.ini

# ants NAME NET [OPTION...]: one iteration; prints /run@ants of the results
ants() {
  local name=$1 net=$2
  shift 2
  OMP_NUM_THREADS=1 "$A" solve "$net" -o "r_$name.h5" --iterations 1 --seed 1 --no-bound -q "$@" \
    >"$name.out" 2>&1 || { fail "$name: solve exited $?: $(cat "$name.out")"; return; }
  eval "$(h5_read "r_$name.h5" n=/run@ants)"
  echo "$n"
}

got=$(ants auto big.h5)
[ "$got" = 64 ] && pass "20,000 nodes: 64 ants by default" || fail "20,000 nodes: $got ants, not 64"
got=$(ants given big.h5 --ants 16)
[ "$got" = 16 ] && pass "--ants 16 stands" || fail "--ants 16 gave $got ants"
got=$(ants file big.h5 --params ants.ini)
[ "$got" = 24 ] && pass "ants = 24 in a parameter file stands" || fail "the parameter file's 24 gave $got"
got=$(ants small small.h5)
[ "$got" = 16 ] && pass "52 nodes: the engine's 16" || fail "52 nodes: $got ants, not 16"
finish
