#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# solve and the lower bound: --gap G ends the search at the first epoch end whose best is within
# G % of the bound (the same iteration and answer on 1 and 2 ranks), a run that cannot get there
# runs to its other limit, solve computes the bound when the network has none, the results carry
# /best/lower_bound and /best/gap_to_bound (and per month for orders) read back with h5dump, and
# --gap without a usable bound is a usage error.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
T=$AR_SOURCE_DIR/inputs/tsplib
/usr/bin/python3 -c 'import h5py' 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
# Values are read with h5_read (lib.sh): one h5py per results file.
# within EXPR...: true when the awk expression over the numbers given holds (no python needed).
within() { awk -v e="$1" 'BEGIN { exit !(e) }' </dev/null; }
"$ANTROUTE" import tsplib "$T/pcb442.tsp" -o "$AR_TMP/pcb442.h5" >/dev/null || fail "import pcb442"
"$ANTROUTE" import tsplib "$T/pcb442.tsp" -o "$AR_TMP/bare.h5" --no-bound >/dev/null || fail "import --no-bound"
eval "$(h5_read "$AR_TMP/pcb442.h5" bound=/tour/lower_bound)"

# Tours: --gap 0.7 on pcb442 (its Held-Karp bound is 0.57 % below the optimum).
run_gap() { # LOG OUT ranks colonies
  OMP_NUM_THREADS=1 ar_mpirun "$3" "$ANTROUTE" solve "$AR_TMP/pcb442.h5" -o "$AR_TMP/$2" --iterations 4000 \
    --epoch-iterations 10 --gap 0.7 --seed 2 --colonies "$4" --progress 0 > "$AR_TMP/$1" 2>&1
}
run_gap g1.log g1.h5 1 2 || fail "solve --gap: $(tail -3 "$AR_TMP/g1.log")"
run_gap g2.log g2.h5 2 2 || fail "solve --gap on 2 ranks: $(tail -3 "$AR_TMP/g2.log")"
eval "$(h5_read "$AR_TMP/g1.h5" it=/run@iterations cost=/best/cost gap=/best/gap_to_bound stopped=/run@stopped_by \
  lb=/best/lower_bound method=/best/lower_bound@method by=/best/lower_bound@computed_by tour=/best/tour)"
eval "$(h5_read "$AR_TMP/g2.h5" it2=/run@iterations tour2=/best/tour)"
[ "$stopped" = gap ] && [ -n "$it" ] && [ "$it" -lt 4000 ] && [ $((it % 10)) -eq 0 ] &&
  pass "--gap 0.7: stopped by the gap at iteration $it (an epoch end)" ||
  fail "--gap 0.7: stopped by '$stopped' at iteration '$it'"
[ -n "$cost" ] && [ -n "$gap" ] && within "(100 * ($cost - $bound) / $cost - $gap)^2 < 1e-18 && $gap <= 0.7" && pass "/best/gap_to_bound $gap = 100 (cost $cost - bound $bound) / cost, <= 0.7" ||
  fail "/best/gap_to_bound '$gap' for cost '$cost' and bound '$bound'"
[ -n "$bound" ] && [ "$lb" = "$bound" ] && [ "$method" = held-karp ] && [ "$by" = import ] &&
  pass "/best/lower_bound $bound, method held-karp, computed by import" || fail "/best/lower_bound of g1.h5"
[ "$it2" = "$it" ] && [ -n "$tour" ] && [ "$tour2" = "$tour" ] &&
  pass "--gap: the same stop and tour on 2 ranks" || fail "--gap on 2 ranks: iteration $it2"
h5dump -H -d /best/lower_bound -d /best/gap_to_bound "$AR_TMP/g1.h5" > "$AR_TMP/g1.dump" 2>&1 &&
  grep -A1 'DATASET "/best/lower_bound"' "$AR_TMP/g1.dump" | grep -q H5T_STD_I64LE &&
  grep -A1 'DATASET "/best/gap_to_bound"' "$AR_TMP/g1.dump" | grep -q H5T_IEEE_F64LE &&
  h5dump -a /best/lower_bound/method "$AR_TMP/g1.h5" | grep -q '"held-karp"' &&
  pass "h5dump: /best/lower_bound int64 with its method, /best/gap_to_bound float64" ||
  fail "h5dump of /best: $(head -c 300 "$AR_TMP/g1.dump")"
grep -Eq "iteration [0-9]+  best [0-9]+  gap [0-9.]+ %  gap to bound [0-9.]+ %" "$AR_TMP/g1.log" &&
  grep -q "stopped within --gap of the bound" "$AR_TMP/g1.log" &&
  pass "progress lines show the gap to bound; the summary says why it stopped" || fail "lines: $(head -5 "$AR_TMP/g1.log")"

# A gap the bound cannot reach: the other limit ends the run.
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$AR_TMP/pcb442.h5" -o "$AR_TMP/g3.h5" --iterations 30 --gap 0.01 -q >/dev/null
eval "$(h5_read "$AR_TMP/g3.h5" stopped=/run@stopped_by)"
[ "$stopped" = iterations ] && pass "--gap 0.01: runs to --iterations" || fail "--gap 0.01: stopped by '$stopped'"

# No bound in the network: solve computes it (the same as import's) and says so.
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$AR_TMP/bare.h5" -o "$AR_TMP/g4.h5" --iterations 20 > "$AR_TMP/g4.log" 2>&1
rc=$?
eval "$(h5_read "$AR_TMP/g4.h5" lb=/best/lower_bound by=/best/lower_bound@computed_by)"
[ "$rc" -eq 0 ] && grep -q "lower bound $bound (held-karp" "$AR_TMP/g4.log" && [ "$lb" = "$bound" ] && [ "$by" = solve ] &&
  pass "a network without a bound: solve computes $bound" || fail "solve without a stored bound: $(head -3 "$AR_TMP/g4.log")"
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$AR_TMP/bare.h5" -o "$AR_TMP/g5.h5" --iterations 20 --no-bound -q >/dev/null &&
  ! h5dump -d /best/lower_bound "$AR_TMP/g5.h5" >/dev/null 2>&1 && pass "--no-bound: no /best/lower_bound" ||
  fail "--no-bound"
expect_error 2 "--gap needs a lower bound" "$AR_TMP/g6.h5" -- \
  "$ANTROUTE" solve "$AR_TMP/bare.h5" -o "$AR_TMP/g6.h5" --iterations 20 --no-bound --gap 1

# Orders: each month's min-cost-flow bound, and --gap on it.
"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$AR_TMP/sc.h5" >/dev/null 2>&1 ||
  { fail "import supply-chain"; finish; }
run_orders() { # OUT ranks
  OMP_NUM_THREADS=1 ar_mpirun "$2" "$ANTROUTE" solve "$AR_TMP/sc.h5" -o "$AR_TMP/$1" --iterations 600 \
    --gap 0.0065 --colonies 2 --progress 0 > "$AR_TMP/$1.log" 2>&1
}
run_orders o1.h5 1 || fail "orders --gap: $(tail -3 "$AR_TMP/o1.h5.log")"
run_orders o2.h5 2 || fail "orders --gap on 2 ranks: $(tail -3 "$AR_TMP/o2.h5.log")"
eval "$(h5_read "$AR_TMP/o1.h5" mb=/months/lower_bound mg=/months/gap_to_bound oit=/months/iterations \
  mmethod=/months/lower_bound@method mstopped=/months/2013-05@stopped_by blb=/best/lower_bound \
  bgap=/best/gap_to_bound cost1=/totals@cost)"
eval "$(h5_read "$AR_TMP/o2.h5" oit2=/months/iterations cost2=/totals@cost)"
[ -n "$mb" ] && [ -n "$mg" ] && within "($mb - 6242183.70)^2 < 0.005^2 && 0 < $mg && $mg <= 0.0065" &&
  [ "$mmethod" = min-cost-flow ] &&
  pass "/months/lower_bound $mb (min-cost-flow), /months/gap_to_bound $mg <= 0.0065" ||
  fail "/months/lower_bound '$mb', gap '$mg'"
[ "$mstopped" = gap ] && [ -n "$oit" ] && [ "$oit" -lt 600 ] &&
  pass "orders --gap 0.0065: month stopped by the gap at iteration $oit" ||
  fail "orders: month stopped by '$mstopped' at '$oit'"
h5dump -a /months/lower_bound/method -d /months/gap_to_bound "$AR_TMP/o1.h5" 2>/dev/null | grep -q '"min-cost-flow"' &&
  pass "h5dump: /months/lower_bound's method min-cost-flow" || fail "h5dump of /months/lower_bound"
[ -n "$blb" ] && [ "$blb" = "$mb" ] && [ "$bgap" = "$mg" ] &&
  pass "/best/lower_bound and /best/gap_to_bound of the one-month plan" || fail "/best of the orders"
[ -n "$oit" ] && [ "$oit2" = "$oit" ] && [ -n "$cost1" ] && [ "$cost2" = "$cost1" ] &&
  pass "orders --gap: the same stop and cost on 2 ranks" || fail "orders --gap on 2 ranks"
grep -q "gap to bound" "$AR_TMP/o1.h5.log" && grep -q "min-cost flow" "$AR_TMP/o1.h5.log" &&
  pass "order lines show the bound and the gap" || fail "order lines: $(head -4 "$AR_TMP/o1.h5.log")"
expect_error 2 "--gap needs the goal order unserved,cost" "$AR_TMP/o3.h5" -- \
  "$ANTROUTE" solve "$AR_TMP/sc.h5" -o "$AR_TMP/o3.h5" --iterations 5 --gap 1 --goal-order unserved,co2
finish
