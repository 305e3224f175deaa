#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Replays never overwrite (issue #24). The parameters a results file records (its root attribute
# `parameters`) name no output (-o, --csv, --checkpoint-dir: those are in `paths`) and hold every
# parameter that decided the answer, the algorithm's defaults resolved: replaying the record of an
# MMAS, an ACS and an order-routing run with --params gives the identical answer and leaves the
# first results file as it was.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
/usr/bin/python3 -c 'import h5py' 2>/dev/null || { echo "SKIP: h5py missing"; exit 77; }
record() { # record FILE: the root attribute `parameters` of an antroute file
  /usr/bin/python3 -c '
import sys, h5py
v = h5py.File(sys.argv[1], "r").attrs["parameters"]
print(v.decode() if isinstance(v, bytes) else v, end="")' "$1"
}
dump() { h5dump -d "$2" -y -w 0 -O /dev/null "$1" 2>&1; }
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o net.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
"$A" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o orders.h5 >/dev/null 2>&1 ||
  { fail "import supply-chain"; finish; }

# 1. Three runs and their records.
"$A" solve net.h5 -o mmas.h5 --iterations 30 --seed 3 -q >/dev/null || fail "mmas run"
"$A" solve net.h5 -o acs.h5 --algorithm acs --iterations 30 --seed 5 -q --checkpoint-dir ck-acs \
  >/dev/null || fail "acs run"
"$A" solve orders.h5 -o supply.h5 --iterations 2 --seed 2 -q --csv plan.csv >/dev/null ||
  fail "supply run"
for run in mmas acs supply; do
  record $run.h5 >$run.ini
  grep -Eq '^(output|csv|checkpoint-dir|resume) =' $run.ini &&
    fail "$run: the record names an output: $(cat $run.ini)" || pass "$run: the record names no output"
done
/usr/bin/python3 -c '
import h5py; p = h5py.File("acs.h5", "r").attrs["paths"]
print(p.decode() if isinstance(p, bytes) else p, end="")' >acs.paths
grep -q '^output = acs.h5$' acs.paths && grep -q '^checkpoint-dir = ck-acs$' acs.paths &&
  pass "the run's paths are in the root attribute paths" || fail "paths: $(cat acs.paths)"
for key in beta rho q0 xi; do
  grep -q "^$key = " acs.ini && pass "acs records $key" || fail "acs lacks $key: $(cat acs.ini)"
done
grep -q '^beta = 8$' acs.ini && grep -q '^rho = 0.1$' acs.ini && grep -q '^q0 = 0.9$' acs.ini &&
  pass "acs records the effective defaults" || fail "acs defaults: $(cat acs.ini)"
for key in p-best p-gbest restart; do
  grep -q "^$key = " acs.ini && fail "acs records the MMAS-only $key" || pass "acs: no $key"
done
for key in beta rho p-best p-gbest epoch-iterations ants; do
  grep -q "^$key = " mmas.ini && pass "mmas records $key" || fail "mmas lacks $key: $(cat mmas.ini)"
done
grep -Eq '^(q0|xi) = ' mmas.ini && fail "mmas records an ACS-only key" || pass "mmas: no q0, xi"
# The ants a tour instance gets by its size (8 on symmetric tours below 3,000 nodes under MMAS,
# not the engine's 16) are what the record says: a replay must not run another number.
eval "$(h5_read mmas.h5 used=/run@ants)"
grep -q "^ants = $used\$" mmas.ini && [ "$used" = 8 ] && pass "mmas records the ants it ran ($used)" ||
  fail "mmas ran $used ants, its record says: $(grep '^ants' mmas.ini)"
grep -q '^rebuild = ' supply.ini && grep -q '^ls-passes = ' supply.ini &&
  grep -q '^band-basis = ' supply.ini && pass "order routing records its own parameters" ||
  fail "supply record: $(cat supply.ini)"

# 2. The replays: no -o is a usage error (the record names none), with -o the identical answer.
for run in mmas acs supply; do
  cp -p $run.h5 $run.first.h5
  net=net.h5
  [ $run = supply ] && net=orders.h5
  expect_error 2 "missing the results file" - -- "$A" solve $net --params $run.ini -q
  "$A" solve $net --params $run.ini -o $run-again.h5 -q >/dev/null || fail "$run replay"
  what=/best/tour
  [ $run = supply ] && what=/plan/plant
  for d in /best/cost $what; do
    [ "$(dump $run.h5 $d)" = "$(dump $run-again.h5 $d)" ] && pass "$run replay: the same $d" ||
      fail "$run replay: $d differs"
  done
  cmp -s $run.h5 $run.first.h5 && pass "$run: the replay left the first results untouched" ||
    fail "$run: the first results file changed"
done
[ "$(dump supply.h5 /plan/port)$(dump supply.h5 /plan/ship_day)" = \
  "$(dump supply-again.h5 /plan/port)$(dump supply-again.h5 /plan/ship_day)" ] &&
  pass "supply replay: the same ports and ship days" || fail "supply replay: the plan differs"

finish
