#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# import supply-chain on broken copies of the shipped data set: each is refused with exit 3, a
# message naming the file, the line and the column, no output file, and an existing good output
# left untouched.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
GOOD="$AR_SOURCE_DIR/inputs/supply_chain"
OUT="$AR_TMP/good.h5"

"$ANTROUTE" import supply-chain "$GOOD" -o "$OUT" >/dev/null 2>&1 && pass "shipped data imports" || fail "shipped data does not import"
md5_good=$(md5sum < "$OUT")

# set_field FILE LINE COLUMN VALUE: replaces one field (comma-separated, no quotes), keeping CRLF.
set_field() {
  awk -v L="$2" -v C="$3" -v V="$4" 'BEGIN { FS = OFS = "," }
    NR == L { cr = sub(/\r$/, ""); $C = V; if (cr) $0 = $0 "\r" } { print }' "$1" > "$1.new" &&
    mv "$1.new" "$1"
}

n=0
# case NAME EDIT-COMMAND PATTERN: copy the data set, apply the edit, import twice (new output,
# and onto the existing good file) and check both refusals.
case_bad() {
  local name=$1 edit=$2 pattern=$3
  n=$((n + 1))
  local dir="$AR_TMP/case$n"
  rm -rf "$dir" && cp -r "$GOOD" "$dir" && chmod -R u+w "$dir"
  (cd "$dir" && eval "$edit")
  expect_error 3 "$pattern" "$AR_TMP/new$n.h5" -- "$ANTROUTE" import supply-chain "$dir" -o "$AR_TMP/new$n.h5"
  "$ANTROUTE" import supply-chain "$dir" -o "$OUT" >/dev/null 2>&1
  if [ "$(md5sum < "$OUT")" = "$md5_good" ] && [ ! -e "$OUT.tmp" ]; then
    pass "$name: existing output untouched"
  else
    fail "$name: existing output changed or a .tmp left behind"
  fi
}

case_bad "missing file" "rm VmiCustomers.csv" \
  "case1/VmiCustomers.csv: file is missing"
case_bad "missing column" "sed -i '1s/Cost_Per_Unit/Cost/' WhCosts.csv" \
  "WhCosts.csv:1: column Cost_Per_Unit is missing \(the header has: Plant_Code, Cost\)"
case_bad "non-numeric weight" "set_field OrderList.csv 5 14 abc" \
  "OrderList.csv:5: column Weight: 'abc' is not a number"
case_bad "NaN cost" "set_field WhCosts.csv 3 2 NaN" \
  "WhCosts.csv:3: column Cost_Per_Unit: 'NaN' is not a finite number"
case_bad "infinite rate" "set_field FreightRates.csv 7 8 inf" \
  "FreightRates.csv:7: column Rate: 'inf' is not a finite number"
case_bad "negative capacity" "set_field WhCapacities.csv 4 2 -5" \
  "WhCapacities.csv:4: column Daily_Capacity: -5 is negative"
case_bad "negative weight" "set_field OrderList.csv 9 14 -2.5" \
  "OrderList.csv:9: column Weight: -2.5 is negative"
case_bad "duplicate order id" "set_field OrderList.csv 10 1 1447296447" \
  "OrderList.csv:10: column Order_ID: duplicate order id 1447296447 \(first on line 2\)"
case_bad "duplicate plant" "set_field WhCosts.csv 5 1 PLANT15" \
  "WhCosts.csv:5: column Plant_Code: plant 'PLANT15' appears twice \(first on line 2\)"
case_bad "unknown plant" "set_field OrderList.csv 20 11 PLANT99" \
  "OrderList.csv:20: column Plant_Code: unknown plant 'PLANT99' \(not in WhCosts.csv\)"
case_bad "unknown port" "set_field OrderList.csv 21 12 PORT99" \
  "OrderList.csv:21: column Dest_Port: unknown port 'PORT99'"
case_bad "unknown product" "set_field OrderList.csv 22 10 42" \
  "OrderList.csv:22: column Product_ID: product '42' is not stocked at any plant"
case_bad "bad date" "set_field OrderList.csv 23 2 5/32/13" \
  "OrderList.csv:23: column Order_Date: '5/32/13' is not a date"
case_bad "band min > max" "set_field FreightRates.csv 2 5 10" \
  "FreightRates.csv:2: column Max_Weight_Quant: max weight 10 is below the min weight 250"
case_bad "unknown service level" "set_field OrderList.csv 24 6 XYZ" \
  "OrderList.csv:24: column Service_Level: 'XYZ' is not a service level \(DTD, DTP or CRF\)"
case_bad "empty file" ": > PlantPorts.csv" \
  "PlantPorts.csv:1: column Plant_Code is missing \(the file is empty\)"
case_bad "truncated row" "head -c 500 OrderList.csv > t && mv t OrderList.csv" \
  "OrderList.csv:5: row has 13 fields, the header has 14"
case_bad "unclosed quote" "sed -i '3s/^PLANT17/\"PLANT17/' WhCosts.csv" \
  "WhCosts.csv:3: column Plant_Code: quoted field is not closed"

# Strict mode refuses the data set's one tolerated oddity (CND9 in ProductsPerPlant).
expect_error 3 "ProductsPerPlant.csv:674: column Plant_Code: unknown plant 'CND9'" "$AR_TMP/strict.h5" \
  -- "$ANTROUTE" import supply-chain "$GOOD" --strict -o "$AR_TMP/strict.h5"
expect_error 2 "missing -o OUT.h5" - -- "$ANTROUTE" import supply-chain "$GOOD"
expect_error 4 "cannot open directory $AR_TMP/nowhere" - -- "$ANTROUTE" import supply-chain "$AR_TMP/nowhere" -o "$AR_TMP/x.h5"
finish
