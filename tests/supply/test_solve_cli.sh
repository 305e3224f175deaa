#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute solve / export on supply-chain networks: the real data with and without capacities
# (unserved = the max-flow bound; cost at most the published greedy's), export = the plan CSV,
# evaluate agrees, determinism across threads and ranks, a two-month network, usage errors.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NET="$AR_TMP/sc.h5"
"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$NET" >/dev/null 2>&1 \
  || { fail "import"; finish; }
export OMP_NUM_THREADS=2
HEADER="Order_ID,Plant_Code,Orig_Port,Carrier,Service_Level,Mode,TPT_Day_Count,Ship_Day,Served"

# Capacity ignored: every order served, cost below greedy + 1-move of OBJECTIVE.md (15,511,656.33).
"$ANTROUTE" solve "$NET" -o "$AR_TMP/ic.h5" --ignore-capacity --iterations 3 -q \
  --csv "$AR_TMP/ic.csv" >"$AR_TMP/ic.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ -s "$AR_TMP/ic.h5" ] && pass "solve --ignore-capacity: exit 0" \
  || fail "solve --ignore-capacity exit $rc: $(tail -3 "$AR_TMP/ic.out")"
grep -q "^orders: 9215 served, 0 unserved" "$AR_TMP/ic.out" && pass "every order served" \
  || fail "not every order served"
cost=$(awk '/^cost:/ {print $2}' "$AR_TMP/ic.out")
awk -v c="$cost" 'BEGIN {exit !(c > 15509777 && c <= 15511656.33)}' \
  && pass "cost $cost <= 15511656.33 and above the lower bound" || fail "cost $cost"
"$ANTROUTE" evaluate "$NET" "$AR_TMP/ic.csv" --ignore-capacity >"$AR_TMP/ic.eval" 2>&1 \
  && grep -q "^cost: $cost USD" "$AR_TMP/ic.eval" && pass "evaluate agrees: $cost, feasible" \
  || fail "evaluate of the solve CSV: $(grep -e '^cost' -e violations "$AR_TMP/ic.eval")"
"$ANTROUTE" export "$AR_TMP/ic.h5" --csv "$AR_TMP/ic-export.csv" >/dev/null 2>&1 \
  && cmp -s "$AR_TMP/ic.csv" "$AR_TMP/ic-export.csv" && pass "export --csv = solve --csv" \
  || fail "export differs from solve --csv"
[ "$(head -1 "$AR_TMP/ic-export.csv")" = "$HEADER" ] && pass "export header" || fail "export header"

# Default: fewest unserved (= the max-flow bound, 2,719 with ship windows), feasible.
"$ANTROUTE" solve "$NET" -o "$AR_TMP/d1.h5" --iterations 3 -q --csv "$AR_TMP/d1.csv" \
  >"$AR_TMP/d1.out" 2>&1
grep -q "^unserved bound (max flow): 2719 (reached)" "$AR_TMP/d1.out" \
  && grep -q "^orders: 6496 served, 2719 unserved" "$AR_TMP/d1.out" \
  && pass "default: 2719 unserved = the max-flow bound" || fail "default: $(grep -e bound -e '^orders' "$AR_TMP/d1.out")"
"$ANTROUTE" evaluate "$NET" "$AR_TMP/d1.csv" >/dev/null 2>&1 && pass "default plan is feasible" \
  || fail "evaluate of the default plan: exit $?"
h5dump -d /unserved/reason "$AR_TMP/d1.h5" 2>/dev/null | grep -q "DATASPACE  SIMPLE { ( 2719 )" \
  && pass "/unserved lists 2719 orders" || fail "/unserved"

# Determinism: 1 and 2 threads, 2 ranks, same plan (iteration-limited, 2 colonies).
OMP_NUM_THREADS=1 "$ANTROUTE" solve "$NET" -o "$AR_TMP/t1.h5" --iterations 4 --colonies 2 -q \
  --csv "$AR_TMP/t1.csv" >/dev/null 2>&1
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/t2.h5" --iterations 4 --colonies 2 -q \
  --csv "$AR_TMP/t2.csv" >/dev/null 2>&1
cmp -s "$AR_TMP/t1.csv" "$AR_TMP/t2.csv" && pass "same plan on 1 and 2 threads" \
  || fail "plans differ between 1 and 2 threads"
OMP_NUM_THREADS=1 ar_mpirun 2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/r2.h5" --iterations 4 \
  --colonies 2 -q --csv "$AR_TMP/r2.csv" >/dev/null 2>&1
cmp -s "$AR_TMP/t1.csv" "$AR_TMP/r2.csv" && pass "same plan on 2 MPI ranks" \
  || fail "plans differ on 2 ranks"
# The results file written collectively by 2 ranks holds the same plan.
"$ANTROUTE" export "$AR_TMP/r2.h5" --csv "$AR_TMP/r2-export.csv" >/dev/null 2>&1 \
  && cmp -s "$AR_TMP/r2.csv" "$AR_TMP/r2-export.csv" && pass "2-rank results file exports the plan" \
  || fail "2-rank results file: export differs"
h5dump -d /months/year "$AR_TMP/r2.h5" 2>/dev/null | grep -q "(0): 2013" \
  && pass "2-rank /months/year" || fail "2-rank /months/year"

# Two months sharing a plant (capacity 1 a day): the May order ships May 31 or June 1, the June
# order June 1 or 2; each month is solved in turn and both are served.
MINI="$AR_TMP/mini"
mkdir -p "$MINI"
printf 'Plant_Code,Cost_Per_Unit\nP1,1.0\n' >"$MINI/WhCosts.csv"
printf 'Plant_Code,Daily_Capacity\nP1,1\n' >"$MINI/WhCapacities.csv"
printf 'Plant_Code,Ports\nP1,PA\n' >"$MINI/PlantPorts.csv"
printf 'Carrier,Orig_Port,Dest_Port,Min_Weight_Quant,Max_Weight_Quant,Service_Level,Min_Cost,Rate,Mode_DSC,TPT_Day_Count,Carrier_Type\nC1,PA,PD,0,1000,DTD,2,0.5,AIR,2,T\n' >"$MINI/FreightRates.csv"
printf 'Plant_Code,Product_ID\nP1,100\n' >"$MINI/ProductsPerPlant.csv"
printf 'Plant_Code,Customer\n' >"$MINI/VmiCustomers.csv"
{
  echo "Order_ID,Order_Date,Orig_Port,Carrier,TPT_Day_Count,Service_Level,Ship_Ahead_Day_Count,Ship_Late_Day_Count,Customer,Product_ID,Plant_Code,Dest_Port,Unit_Quant,Weight"
  echo "1,5/31/13,PA,C1,2,DTD,0,1,C,100,P1,PD,10,5"
  echo "2,6/2/13,PA,C1,2,DTD,1,0,C,100,P1,PD,10,5"
  echo "3,6/1/13,PA,C1,2,DTD,0,0,C,100,P1,PD,10,5"
} >"$MINI/OrderList.csv"
"$ANTROUTE" import supply-chain "$MINI" -o "$AR_TMP/mini.h5" >/dev/null 2>&1 || fail "mini import"
"$ANTROUTE" solve "$AR_TMP/mini.h5" -o "$AR_TMP/mini-r.h5" --iterations 2 --csv "$AR_TMP/mini.csv" \
  >"$AR_TMP/mini.out" 2>&1
grep -q "^2013-05: 1 orders" "$AR_TMP/mini.out" && grep -q "^2013-06: 2 orders" "$AR_TMP/mini.out" \
  && pass "two months solved in turn" || fail "months: $(grep orders "$AR_TMP/mini.out")"
grep -q "^orders: 3 served, 0 unserved" "$AR_TMP/mini.out" && pass "all three served across months" \
  || fail "mini: $(grep '^orders' "$AR_TMP/mini.out")"
grep -q "^1,P1,PA,C1,DTD,AIR,2,2013-05-31,1$" "$AR_TMP/mini.csv" \
  && grep -q "^3,P1,PA,C1,DTD,AIR,2,2013-06-01,1$" "$AR_TMP/mini.csv" \
  && grep -q "^2,P1,PA,C1,DTD,AIR,2,2013-06-02,1$" "$AR_TMP/mini.csv" \
  && pass "ship days fit the one-a-day capacity" || fail "mini plan: $(cat "$AR_TMP/mini.csv")"
h5dump -d /months/orders "$AR_TMP/mini-r.h5" 2>/dev/null | grep -q "(0): 1, 2" \
  && pass "/months holds both months" || fail "/months/orders"

# inspect describes order-routing results and checks the plan's rows against the totals.
"$ANTROUTE" inspect "$AR_TMP/mini-r.h5" >"$AR_TMP/mini-inspect.out" 2>&1 \
  && grep -q "^orders: 3 served, 0 unserved" "$AR_TMP/mini-inspect.out" \
  && grep -q "^run: 2 month(s)" "$AR_TMP/mini-inspect.out" \
  && grep -q "^plan: 3 rows, 3 served" "$AR_TMP/mini-inspect.out" \
  && pass "inspect summarises order-routing results" || fail "inspect: $(cat "$AR_TMP/mini-inspect.out")"
if /usr/bin/python3 -c "import h5py" 2>/dev/null; then
  cp "$AR_TMP/mini-r.h5" "$AR_TMP/mini-bad.h5"
  /usr/bin/python3 -c 'import sys, h5py; f = h5py.File(sys.argv[1], "r+"); f["plan/served"][0] = 0' \
    "$AR_TMP/mini-bad.h5"
  expect_error 3 "/plan holds 3 rows with 2 served, but /totals says 3 served" - -- \
    "$ANTROUTE" inspect "$AR_TMP/mini-bad.h5"
fi

# Usage and input errors.
expect_error 2 "missing --tour FILE.tour or --csv FILE.csv" - -- "$ANTROUTE" export "$AR_TMP/ic.h5"
expect_error 2 "--candidates is an option of tour networks.*is a supply-chain network" "$AR_TMP/x.h5" -- "$ANTROUTE" solve "$NET" -o "$AR_TMP/x.h5" --candidates 3
expect_error 3 "not an antroute file|not the results of a supply-chain network|is an antroute-network" "$AR_TMP/x.csv" -- \
  "$ANTROUTE" export "$NET" --csv "$AR_TMP/x.csv"
finish
