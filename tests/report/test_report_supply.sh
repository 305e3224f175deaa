#!/usr/bin/env bash
# antroute report on an order-routing results file fabricated with h5py (make_supply_results.py)
# from the shipped supply-chain network: the summary shows goals, unserved orders with reasons,
# the bound and the months; -o draws flows, goals per month, convergence and the BSP split, with
# names from the network, or with indices (and a note) when the network is not known.
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
has summary.txt "^layout: 2 ranks x 2 threads, 4 colonies \(2 per rank\)" "summary shows the layout"
has summary.txt "^months: 3" "summary counts the months"
unserved=$("$PY" -c "import h5py; print(int(h5py.File('scr.h5')['totals'].attrs['unserved']))")
has summary.txt "^orders: 450 in all, [0-9,]+ served, $unserved unserved \(lower bound $unserved: the fewest possible\)" \
  "summary shows served and unserved orders and the bound"
for goal in "cost +[0-9,]+\.[0-9]{2} USD" "warehouse +[0-9,.]+ USD" "transport +[0-9,.]+ USD" \
  "penalty +[0-9,.]+ USD" "transit time +[0-9,]+ days x kg" "CO2 +[0-9,.]+ kg CO2e"; do
  has summary.txt "^ +$goal" "summary goal /$goal/"
done
has summary.txt "^ +[0-9]+  plant capacity full on every day of the ship window" "unserved reasons tallied"
has summary.txt "^  2013-06 +150 +[0-9]+ +[0-9]+ " "per-month table"
has summary.txt "^imbalance: computation \(construct \+ update\) max/mean 1\.10; slowest rank 0" \
  "imbalance from the columns attribute"

"$ANTROUTE" report scr.h5 -o pics > drawn.txt 2>&1 && pass "report -o pics exits 0" || fail "report -o: $(cat drawn.txt)"
check_pictures pics 4 flows.png goals.png convergence.png bsp.png
if grep -q "^note:" drawn.txt; then fail "unexpected note: $(grep '^note:' drawn.txt)"; else pass "no notes"; fi

# SVG keeps text as text: the flows name plants, ports and carriers from the network.
"$ANTROUTE" report scr.h5 -o svg --format svg > svg.txt 2>&1 && pass "report --format svg" ||
  fail "report --format svg: $(cat svg.txt)"
check_pictures svg 4 flows.svg goals.svg convergence.svg bsp.svg
grep -q "PLANT03" svg/flows.svg && grep -q "PORT04" svg/flows.svg && grep -q "V444_0 AIR" svg/flows.svg &&
  pass "flows name plants, ports and lanes" || fail "flows.svg lacks PLANT03/PORT04/V444_0 AIR"

# The script also runs by hand.
"$PY" "$AR_SOURCE_DIR/tools/antroute_report.py" scr.h5 --out byhand --network sc.h5 > byhand.txt 2>&1 &&
  pass "the script runs by hand" || fail "script by hand: $(cat byhand.txt)"
check_pictures byhand 4 flows.png

# Without the network: names fall back to indices, with a note that says so.
"$PY" "$AR_SOURCE_DIR/tests/report/make_supply_results.py" sc.h5 noinput.h5 --no-input || fail "fabricate noinput.h5"
"$ANTROUTE" report noinput.h5 -o pics3 > noinput.txt 2>&1 && pass "report without a network exits 0" ||
  fail "report without network: $(cat noinput.txt)"
has noinput.txt "^note: noinput.h5 does not name its network file .*; the pictures show indices instead of names" \
  "a note says the pictures use indices"
check_pictures pics3 4 flows.png
"$ANTROUTE" report noinput.h5 -o svg3 --format svg >/dev/null 2>&1
grep -q "plant 3" svg3/flows.svg && ! grep -q "PLANT03" svg3/flows.svg &&
  pass "without the network, flows show indices" || fail "flows.svg without network: names or no indices"
"$ANTROUTE" report noinput.h5 -o svg4 --format svg --network sc.h5 >/dev/null 2>&1
grep -q "PLANT03" svg4/flows.svg && pass "--network gives the names back" || fail "--network ignored"

# A results file with only totals (no months, no plan): summary works, pictures are skipped with
# notes, the BSP picture remains.
"$PY" - <<'PYEOF' || fail "fabricate totals-only file"
import h5py, numpy as np
with h5py.File("totals.h5", "w") as f:
    f.attrs["format"] = np.bytes_("antroute-results"); f.attrs["format_version"] = np.int64(1)
    f.attrs["kind"] = np.bytes_("supply-chain"); f.attrs["input"] = np.bytes_("sc.h5")
    t = f.create_group("totals")
    t.attrs["warehouse"] = 1000.0; t.attrs["transport"] = 250.5; t.attrs["unserved"] = 3
    f.create_group("run")["rank_seconds"] = np.array([[1.0, 0.5, 0.2, 1.8]])
PYEOF
"$ANTROUTE" report totals.h5 -o pics4 > totals.txt 2>&1 && pass "totals-only file reported" ||
  fail "totals-only: $(cat totals.txt)"
has totals.txt "^ +warehouse +1,000.00 USD" "totals-only: warehouse"
has totals.txt "^orders: 3 unserved" "totals-only: unserved"
has totals.txt "^layout: not recorded" "totals-only: no layout"
has totals.txt "^note: no plan in the results" "totals-only: flow picture skipped with a note"
check_pictures pics4 1 bsp.png
finish
