#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# h5net_supply_read on damaged copies of a good network file (made with h5py): wrong shape,
# wrong type, index out of range, NaN, rows that disagree, a missing dataset. Each is refused
# with exit 3 and a message naming the dataset and row.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
PY=/usr/bin/python3
$PY -c "import h5py" 2>/dev/null || skip_test "h5py for /usr/bin/python3 is not installed"
CHECKER="$AR_BUILD_DIR/supply_read_check"
GOOD="$AR_TMP/good.h5"
"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$GOOD" >/dev/null 2>&1
"$CHECKER" "$GOOD" | grep -q "ok: 9215 orders" && pass "good file reads" || fail "good file does not read"

# damage NAME PYTHON: NAME.h5 is a copy of the good file with PYTHON run on it (f = the open
# file; h5_edit in lib.sh: one python for all of them).
damage() { h5_edit "$GOOD" "$AR_TMP/$1.h5" "$2" || fail "could not make fixture $1"; }

damage shape 'w = f["supply/orders/weight"][:]; del f["supply/orders/weight"]; f["supply/orders/weight"] = np.stack([w, w], axis=1)'
expect_error 3 "dataset /supply/orders/weight has 2 dimension\(s\), expected 1" - -- "$CHECKER" "$AR_TMP/shape.h5"

damage type 'p = f["supply/orders/hist_plant"][:]; del f["supply/orders/hist_plant"]; f["supply/orders/hist_plant"] = p.astype(np.float64)'
expect_error 3 "dataset /supply/orders/hist_plant holds float values, expected integers" - -- "$CHECKER" "$AR_TMP/type.h5"

damage strings 'del f["supply/orders/units"]; f["supply/orders/units"] = np.array([b"x"] * 9215)'
expect_error 3 "dataset /supply/orders/units holds string values" - -- "$CHECKER" "$AR_TMP/strings.h5"

damage index 'f["supply/orders/hist_plant"][17] = 99'
expect_error 3 "dataset /supply/orders/hist_plant row 17: 99 is not a plant index \(19 plants\)" - -- "$CHECKER" "$AR_TMP/index.h5"

damage negindex 'f["supply/orders/product"][4000] = -1'
expect_error 3 "dataset /supply/orders/product row 4000: -1 is not a product index" - -- "$CHECKER" "$AR_TMP/negindex.h5"

damage lane 'f["supply/bands/lane"][5] = 76'
expect_error 3 "dataset /supply/bands/lane row 5: 76 is not a lane index \(76 lanes\)" - -- "$CHECKER" "$AR_TMP/lane.h5"

damage nan 'f["supply/bands/rate"][3] = np.nan'
expect_error 3 "dataset /supply/bands/rate row 3: nan is not a finite number" - -- "$CHECKER" "$AR_TMP/nan.h5"

damage negcost 'f["supply/plants/cost_per_unit"][2] = -1.0'
expect_error 3 "dataset /supply/plants/cost_per_unit row 2: -1 is negative" - -- "$CHECKER" "$AR_TMP/negcost.h5"

damage rows 'w = f["supply/orders/weight"][:-1]; del f["supply/orders/weight"]; f["supply/orders/weight"] = w'
expect_error 3 "dataset /supply/orders/weight has 9214 rows, but /supply/orders/id has 9215" - -- "$CHECKER" "$AR_TMP/rows.h5"

damage missing 'del f["supply/lanes/mode"]'
expect_error 3 "dataset /supply/lanes/mode is missing" - -- "$CHECKER" "$AR_TMP/missing.h5"

damage code 'f["supply/orders/service_level"][8] = 7'
expect_error 3 "dataset /supply/orders/service_level row 8: 7 is not a valid code" - -- "$CHECKER" "$AR_TMP/code.h5"

damage dupid 'f["supply/orders/id"][100] = f["supply/orders/id"][0]'
expect_error 3 "dataset /supply/orders/id row 100: duplicate order id" - -- "$CHECKER" "$AR_TMP/dupid.h5"

damage unsorted 'c = f["supply/plants/code"][:]; c[0], c[1] = c[1], c[0]; f["supply/plants/code"][:] = c'
expect_error 3 "dataset /supply/plants/code row 1: 'PLANT01' is not after 'PLANT02'" - -- "$CHECKER" "$AR_TMP/unsorted.h5"

damage kind 'f.attrs["kind"] = np.bytes_("tour")'
expect_error 3 "is a 'tour' network, expected a 'supply-chain' network" - -- "$CHECKER" "$AR_TMP/kind.h5"

# The same damage seen by 3 ranks reading collectively: all agree and fail the same way.
expect_error 3 "row 17: 99 is not a plant index" - -- ar_mpirun 3 "$CHECKER" "$AR_TMP/index.h5"
finish
