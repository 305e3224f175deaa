#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# The historical routing of the real data set (inputs/supply_chain): cost and violations exactly
# as OBJECTIVE.md states them, the same through its CSV export, the option counts, and the
# historical cost under the other readings.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NET="$AR_TMP/sc.h5"
"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$NET" >/dev/null 2>&1 \
  || { fail "import"; finish; }

expect_line() { # FILE TEXT: the output holds this exact line
  if grep -Fxq -- "$2" "$1"; then pass "line: $2"; else fail "missing line: $2"; fi
}

OUT="$AR_TMP/hist.out"
"$ANTROUTE" evaluate "$NET" --historical --write-plan "$AR_TMP/hist.csv" >"$OUT" 2>&1
rc=$?
[ "$rc" -eq 6 ] && pass "historical plan: exit 6 (infeasible)" || fail "historical exit $rc"
expect_line "$OUT" "routes: 39724 (order, route) pairs; per order DTD 9..18, DTP 2..6, CRF 1..3; 0 orders without a route"
expect_line "$OUT" "orders: 9215 served, 0 unserved"
expect_line "$OUT" "cost: 15858724.05 USD = warehouse 15633221.91 + transport 225502.14 + unserved penalty 0.00"
expect_line "$OUT" "violations: 6 (plant capacity 4, lane weight cap 2)"
expect_line "$OUT" "  plant capacity: PLANT03 on 2013-05-26: 8541 orders > capacity 1013"
expect_line "$OUT" "  plant capacity: PLANT08 on 2013-05-26: 102 orders > capacity 14"
expect_line "$OUT" "  plant capacity: PLANT09 on 2013-05-26: 12 orders > capacity 11"
expect_line "$OUT" "  plant capacity: PLANT12 on 2013-05-26: 300 orders > capacity 209"
expect_line "$OUT" "  lane weight cap: V444_0/PORT04/DTP/AIR/2 (to PORT09) on 2013-05-26: 110100.21 kg > cap 99999.99 kg"
expect_line "$OUT" "  lane weight cap: V444_1/PORT04/DTD/AIR/1 (to PORT09) on 2013-05-26: 23497.97 kg > cap 9999.99 kg"
expect_line "$OUT" "feasible: no"

# The exported plan evaluates to the same figures.
[ "$(head -1 "$AR_TMP/hist.csv")" = "Order_ID,Plant_Code,Orig_Port,Carrier,Service_Level,Mode,TPT_Day_Count,Ship_Day,Served" ] \
  && pass "plan CSV header" || fail "plan CSV header: $(head -1 "$AR_TMP/hist.csv")"
[ "$(wc -l <"$AR_TMP/hist.csv")" -eq 9216 ] && pass "plan CSV rows" || fail "plan CSV rows"
"$ANTROUTE" evaluate "$NET" "$AR_TMP/hist.csv" >"$AR_TMP/csv.out" 2>&1
rc=$?
[ "$rc" -eq 6 ] && pass "CSV of the historical plan: exit 6" || fail "CSV exit $rc"
report() { grep -v -e '^plan' -e 'error:' "$1"; }
diff <(report "$OUT") <(report "$AR_TMP/csv.out") >/dev/null \
  && pass "CSV gives the same report" || fail "CSV report differs: $(diff <(report "$OUT") <(report "$AR_TMP/csv.out") | head -5)"

# Other readings (OBJECTIVE.md, "Historical cost under other readings").
reading() { # EXPECTED-COST-LINE OPTIONS...
  local want=$1
  shift
  local got
  got=$("$ANTROUTE" evaluate "$NET" --historical "$@" 2>/dev/null | grep '^cost:')
  [ "$got" = "$want" ] && pass "reading $*: $want" || fail "reading $*: $got, expected $want"
}
reading "cost: 15655356.67 USD = warehouse 15633221.91 + transport 22134.75 + unserved penalty 0.00" --band-basis order
reading "cost: 15648624.79 USD = warehouse 15633221.91 + transport 15402.88 + unserved penalty 0.00" --min-cost lane-min
reading "cost: 15844883.85 USD = warehouse 15633221.91 + transport 211661.94 + unserved penalty 0.00" --dup-rows min
reading "cost: 15844883.85 USD = warehouse 15633221.91 + transport 211661.94 + unserved penalty 0.00" --dup-rows last
reading "cost: 15858724.05 USD = warehouse 15633221.91 + transport 225502.14 + unserved penalty 0.00" --dup-rows max

# Route-option counts under other readings (OBJECTIVE.md, "Route options per order").
routes() { # EXPECTED-MAX-TEXT OPTIONS...
  local want=$1
  shift
  local got
  got=$("$ANTROUTE" evaluate "$NET" --historical "$@" 2>/dev/null | grep '^routes:')
  case "$got" in *"$want"*) pass "routes with $*: $want" ;; *) fail "routes with $*: $got" ;; esac
}
routes "DTP 8..33" --service-match dtd-for-dtp
routes "DTD 9..35" --no-vmi

# With capacities and lane caps dropped the historical plan is feasible: exit 0.
"$ANTROUTE" evaluate "$NET" --historical --ignore-capacity --no-lane-caps >/dev/null 2>&1 \
  && pass "unconstrained historical: exit 0" || fail "unconstrained historical: exit $?"
finish
