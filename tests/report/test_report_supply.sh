#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute report on order-routing results: a file fabricated with h5py in the layout of
# `solve` on a supply-chain network (make_supply_results.py, 3 months, with BSP timings), and a
# real short run on the shipped data. The summary shows goals, served and unserved orders with the
# bound and the reasons, the gap to the cost bound and the months; -o draws flows, goals per
# month, convergence and the BSP split, with names from the results' /codes and lane
# destinations from the network.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/report/report_lib.sh"
need_pictures
cd "$AR_TMP" || exit 1

"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o sc.h5 >/dev/null 2>&1 ||
  { fail "import supply-chain"; finish; }
"$PY" "$AR_SOURCE_DIR/tests/report/make_supply_results.py" sc.h5 scr.h5 --months 3 --orders 150 ||
  { fail "fabricate the results file"; finish; }

"$ANTROUTE" report scr.h5 > summary.txt 2>&1 && pass "report scr.h5 exits 0" || fail "report: $(cat summary.txt)"
has summary.txt "^problem: supply-chain \(order routing\), instance supply_chain" "summary names the problem"
has summary.txt "^layout: 2 ranks x 2 threads, 4 colonies" "summary shows the layout"
has summary.txt "^parameters: seed=1 colonies=4 goal-order=unserved,weighted unserved-penalty=1000$" \
  "parameters from the parameter file (no /run attributes)"
has summary.txt "^run: 10.50 s, 600 iterations in 30 epochs \(over the months\)" "run totals over the months"
has summary.txt "^months: 3" "summary counts the months"
read -r served unserved bound <<<"$("$PY" -c "
import h5py; t = h5py.File('scr.h5')['totals'].attrs
print(int(t['served']), int(t['unserved']), int(t['min_unserved']))")"
has summary.txt "^orders: 450 in all, $served served, $unserved unserved \(lower bound $bound\)$" \
  "served and unserved orders with the bound"
for goal in "cost +[0-9,]+\.[0-9]{2} USD" "warehouse +[0-9,.]+ USD" "transport +[0-9,.]+ USD" \
  "penalty +[0-9,.]+ USD" "transit time +[0-9,]+ days x kg" "CO2 +[0-9,.]+ kg CO2e"; do
  has summary.txt "^ +$goal" "summary goal /$goal/"
done
has summary.txt "^served cost \(warehouse \+ transport\): [0-9,.]+ USD; gap 1\.010 % to the lower bound [0-9,.]+ \(as many orders served, within capacity\)" \
  "gap of the served cost to its lower bound"
has summary.txt "^objective \(unserved,weighted\): $unserved\.00, [0-9,.]+ \(compared in this order\)" \
  "objective in goal order"
has summary.txt "^ +[0-9]+  plant capacity$" "unserved reasons decoded from the description"
has summary.txt "^ +[0-9]+  lane weight cap$" "second reason"
has summary.txt "^  month +orders +served +unserved +fewest +cost +warehouse" "per-month table head"
has summary.txt "^  2013-06 +150 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9,]+ " "per-month row"
has summary.txt "^imbalance: computation \(construct \+ update\) max/mean 1\.09; slowest rank 0" \
  "imbalance from the columns attribute"

"$ANTROUTE" report scr.h5 -o pics > drawn.txt 2>&1 && pass "report -o pics exits 0" || fail "report -o: $(cat drawn.txt)"
check_pictures pics 4 flows.png goals.png convergence.png bsp.png
if grep -q "^note:" drawn.txt; then fail "unexpected note: $(grep '^note:' drawn.txt)"; else pass "no notes"; fi

# SVG keeps text as text: the flows name plants, ports and carriers, and with the network the
# lanes' destination.
"$ANTROUTE" report scr.h5 -o svg --format svg > svg.txt 2>&1 && pass "report --format svg" ||
  fail "report --format svg: $(cat svg.txt)"
check_pictures svg 4 flows.svg goals.svg convergence.svg bsp.svg
grep -q "PLANT03" svg/flows.svg && grep -q "PORT04" svg/flows.svg && grep -q "V444_0 AIR" svg/flows.svg &&
  pass "flows name plants, ports and lanes" || fail "flows.svg lacks PLANT03/PORT04/V444_0 AIR"
grep -q "to PORT09" svg/flows.svg && pass "lane destinations from the network" || fail "no lane destination"
grep -q "2013-07: fewest possible" svg/convergence.svg && pass "convergence shows the unserved bound" ||
  fail "convergence.svg lacks the bound"

# The script also runs by hand.
"$PY" "$AR_SOURCE_DIR/tools/antroute_report.py" scr.h5 --out byhand --network sc.h5 > byhand.txt 2>&1 &&
  pass "the script runs by hand" || fail "script by hand: $(cat byhand.txt)"
check_pictures byhand 4 flows.png

# Without the network: a note, names from /codes, no lane destinations.
"$PY" "$AR_SOURCE_DIR/tests/report/make_supply_results.py" sc.h5 noinput.h5 --no-input --no-bsp ||
  fail "fabricate noinput.h5"
"$ANTROUTE" report noinput.h5 -o svg3 --format svg > noinput.txt 2>&1 && pass "report without a network exits 0" ||
  fail "report without network: $(cat noinput.txt)"
has noinput.txt "^note: noinput.h5 does not name its network file .*; the pictures go without it" \
  "a note says the network is not used"
has noinput.txt "^BSP time split: not recorded in this file" "no BSP timings: said so"
has noinput.txt "^note: no BSP timings" "no BSP picture: a note"
check_pictures svg3 3 flows.svg goals.svg convergence.svg
grep -q "PLANT03" svg3/flows.svg && ! grep -q "to PORT09" svg3/flows.svg &&
  pass "without the network: names from /codes, no destinations" || fail "flows.svg without network"
"$ANTROUTE" report noinput.h5 -o svg4 --format svg --network sc.h5 >/dev/null 2>&1
grep -q "to PORT09" svg4/flows.svg && pass "--network gives the destinations back" || fail "--network ignored"

# A results file with only totals (no months, no plan): the summary works, the pictures are
# skipped with notes.
"$PY" - <<'PYEOF' || fail "fabricate totals-only file"
import h5py, numpy as np
with h5py.File("totals.h5", "w") as f:
    f.attrs["format"] = np.bytes_("antroute-results"); f.attrs["format_version"] = np.int64(1)
    f.attrs["kind"] = np.bytes_("supply-chain"); f.attrs["input"] = np.bytes_("sc.h5")
    t = f.create_group("totals")
    t.attrs["wc"] = 1000.0; t.attrs["tc"] = 250.5; t.attrs["unserved"] = 3
PYEOF
"$ANTROUTE" report totals.h5 -o pics4 > totals.txt 2>&1 && pass "totals-only file reported" ||
  fail "totals-only: $(cat totals.txt)"
has totals.txt "^ +warehouse +1,000.00 USD" "totals-only: warehouse"
has totals.txt "^orders: 3 unserved" "totals-only: unserved"
has totals.txt "^layout: not recorded" "totals-only: no layout"
has totals.txt "^note: no plan in the results" "totals-only: flow picture skipped with a note"
[ -z "$(ls -A pics4)" ] && pass "totals-only: no pictures" || fail "totals-only drew $(ls pics4)"

# A month column of the wrong length is named.
cp scr.h5 badmonths.h5
"$PY" -c '
import h5py
with h5py.File("badmonths.h5", "a") as f:
    del f["months/wc"]; f["months/wc"] = [1.0, 2.0]' &&
  expect_error 3 "badmonths.h5: dataset /months/wc has 2 rows, /months/month has 3" - -- "$ANTROUTE" report badmonths.h5

# A real run on the shipped data.
if "$ANTROUTE" solve sc.h5 -o real.h5 --iterations 20 --seed 1 > solve.txt 2>&1; then
  "$ANTROUTE" report real.h5 -o realpics > real.txt 2>&1 && pass "report on a real order-routing run" ||
    fail "report real.h5: $(cat real.txt)"
  has real.txt "^orders: 9,215 in all, [0-9,]+ served, [0-9,]+ unserved \(lower bound [0-9,]+" "real run: orders and bound"
  has real.txt "^  2013-05 +9,215 " "real run: the month"
  check_pictures realpics 3 flows.png goals.png convergence.png
  # Each part of the cost readable beside the others (a 12.9 k transport cost beside 6.2 M).
  "$PY" "$(dirname "$ANTROUTE")/share/antroute/report/antroute_report.py" real.h5 --out realdata \
    --network sc.h5 --data-json real.json >/dev/null 2>&1 &&
    out=$("$PY" "$AR_SOURCE_DIR/tests/report/check_picture_data.py" real.json goals bsp 2>&1) &&
    pass "goals.png: every part of the cost on a log axis; bsp.png stacks to the wall time" ||
    fail "real run picture data: $out"
else
  fail "solve on the supply-chain network: $(tail -c 400 solve.txt)"
fi
finish
