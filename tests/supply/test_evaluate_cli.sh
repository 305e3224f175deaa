#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute evaluate: exit codes and FILE:LINE messages on malformed plan CSVs (status 3), an
# infeasible plan (6), a feasible one (0), and usage errors (2).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NET="$AR_TMP/sc.h5"
"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$NET" >/dev/null 2>&1 \
  || { fail "import"; finish; }
GOOD="$AR_TMP/hist.csv"
"$ANTROUTE" evaluate "$NET" --historical --write-plan "$GOOD" >/dev/null 2>&1
[ -s "$GOOD" ] || { fail "no historical plan CSV"; finish; }

# mutate NAME SED-EXPR: a copy of the good plan with one edit.
mutate() { sed -e "$2" "$GOOD" >"$AR_TMP/$1.csv"; echo "$AR_TMP/$1.csv"; }

P=$(mutate header '1s/^Order_ID/OrderID/')
expect_error 3 "$P:1: column Order_ID is missing" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate badid '2s/^[0-9]*/999/')
expect_error 3 "$P:2: column Order_ID: order 999 is not in the network" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate textid '3s/^[0-9]*/12ab/')
expect_error 3 "$P:3: column Order_ID: '12ab' is not an integer" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate plant '2s/PLANT16/PLANT99/')
expect_error 3 "$P:2: column Plant_Code: unknown plant 'PLANT99'" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate port '2s/PORT09/PORT99/')
expect_error 3 "$P:2: column Orig_Port: unknown port 'PORT99'" - -- "$ANTROUTE" evaluate "$NET" "$P"
# Line 1000 is a DTP order on a lane: its TPT made non-numeric, its carrier unknown, its lane absent.
LINE=$(awk -F, 'NR>1 && $5=="DTP" {print NR; exit}' "$GOOD")
P=$(mutate tpt "${LINE}s/,\([A-Z]*\),\([0-9]*\),\([0-9-]*\),1\$/,\1,x,\3,1/")
expect_error 3 "$P:$LINE: column TPT_Day_Count: 'x' is not an integer" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate carrier "${LINE}s/,V444_[0-9]*,/,V999,/")
expect_error 3 "$P:$LINE: column Carrier: unknown carrier 'V999'" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate lane "${LINE}s/,\(AIR\|GROUND\),[0-9]*,/,\1,77,/")
expect_error 3 "$P:$LINE: column Carrier: no FreightRates lane .*/77 to PORT09" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate mode "${LINE}s/,\(AIR\|GROUND\),/,SEA,/")
expect_error 3 "$P:$LINE: column Mode: 'SEA' is not a mode" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate service "${LINE}s/,DTP,/,XYZ,/")
expect_error 3 "$P:$LINE: column Service_Level: 'XYZ' is not a service level" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate served '2s/,1$/,2/')
expect_error 3 "$P:2: column Served: '2' is out of range" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate date '2s/2013-05-26/2013-02-30/')
expect_error 3 "$P:2: column Ship_Day: '2013-02-30' is not a date" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate dup '3s/^[0-9]*/1447296447/')
expect_error 3 "$P:3: column Order_ID: order 1447296447 appears twice \(first on line 2\)" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate missing '5d')
expect_error 3 "$P: 1 orders of the network have no row" - -- "$ANTROUTE" evaluate "$NET" "$P"
P=$(mutate fields '2s/,1$//')
expect_error 3 "$P:2: row has 8 fields, the header has 9" - -- "$ANTROUTE" evaluate "$NET" "$P"
expect_error 4 "nofile.csv" - -- "$ANTROUTE" evaluate "$NET" "$AR_TMP/nofile.csv"

# Usage errors.
expect_error 2 "missing PLAN.csv" - -- "$ANTROUTE" evaluate "$NET"
expect_error 2 "not both" - -- "$ANTROUTE" evaluate "$NET" "$GOOD" --historical
expect_error 2 "not a goal" - -- "$ANTROUTE" evaluate "$NET" "$GOOD" --weights speed=1
expect_error 2 "not a goal" - -- "$ANTROUTE" evaluate "$NET" "$GOOD" --goal-order unserved,price

# Infeasible (the historical plan) -> 6; a plan that ships order 1's row on the wrong day is
# still valid CSV -> 6 with a ship-day violation; unserved everything -> feasible, 0.
expect_error 6 "plant capacity: PLANT03" - -- "$ANTROUTE" evaluate "$NET" "$GOOD"
P=$(mutate late '2s/2013-05-26/2013-06-30/')
expect_error 6 "ship day: order 1447296447 \(line 2\): ships on 2013-06-30" - -- "$ANTROUTE" evaluate "$NET" "$P" --ignore-capacity --no-lane-caps
awk -F, 'NR==1 {print; next} {print $1",,,,"$5",,,,0"}' "$GOOD" >"$AR_TMP/none.csv"
"$ANTROUTE" evaluate "$NET" "$AR_TMP/none.csv" >"$AR_TMP/none.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && grep -q "^orders: 0 served, 9215 unserved" "$AR_TMP/none.out" \
  && grep -q "^cost: 9215000.00 USD = warehouse 0.00 + transport 0.00 + unserved penalty 9215000.00" "$AR_TMP/none.out" \
  && pass "nothing served: feasible, exit 0, penalty 1000 per order" || fail "nothing served: exit $rc"
finish
