#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Damaged network files: wrong shape, wrong type, missing dataset, not HDF5, truncated, and bad
# values. `antroute inspect` (which validates like solve's reader) must exit 3 naming the file
# and the dataset. The fixtures are made here from a good import with h5py.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
/usr/bin/python3 -c 'import h5py, numpy' 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
inputs="$AR_SOURCE_DIR/inputs/tsplib"
good="$AR_TMP/good.h5"
"$ANTROUTE" import tsplib "$inputs/eil51.tsp" -o "$good" >/dev/null || { fail "import eil51"; finish; }
"$ANTROUTE" import tsplib "$inputs/ft70.atsp" -o "$AR_TMP/ft70.h5" >/dev/null || fail "import ft70"

# fixture NAME BASE PYTHON: NAME.h5 is a copy of BASE with PYTHON run on it (f = the open file;
# h5_edit in lib.sh: one python for all of them).
fixture() { h5_edit "$2" "$AR_TMP/$1.h5" "$3" || fail "making fixture $1"; }
fixture coords_shape "$good" 'del f["tour/coords"]; f["tour/coords"] = np.zeros((51, 3))'
fixture coords_string "$good" 'del f["tour/coords"]; f["tour/coords"] = np.full((51, 2), b"1.5", dtype="S8")'
fixture coords_missing "$good" 'del f["tour/coords"]'
fixture coords_nan "$good" 'c = f["tour/coords"]; v = c[...]; v[7, 1] = np.nan; c[...] = v'
fixture tour_dup "$good" 't = f["tour/known_tour"]; v = t[...]; v[5] = v[4]; t[...] = v'
fixture tour_length "$good" 'f["tour/known_tour"].attrs["length"] = np.int64(425)'
fixture n_wrong "$good" 'f["tour"].attrs["n"] = np.int64(50)'
fixture metric_bad "$good" 'f["tour"].attrs["metric"] = np.bytes_("EUC_3D")'
fixture no_kind "$good" 'del f.attrs["kind"]'
fixture weight_neg "$AR_TMP/ft70.h5" 'w = f["tour/weights"]; v = w[...]; v[2, 3] = -5; w[...] = v'
fixture weight_shape "$AR_TMP/ft70.h5" 'del f["tour/weights"]; f["tour/weights"] = np.zeros((70, 69), dtype="i4")'
printf 'this is text, not HDF5\n' > "$AR_TMP/text.h5"
size=$(stat -c %s "$good")
head -c $((size / 2)) "$good" > "$AR_TMP/truncated.h5"

check() { expect_error 3 "$1" - -- "$ANTROUTE" inspect "$AR_TMP/$2.h5"; }
check "coords_shape.h5: dataset /tour/coords has shape \[51\]\[3\], expected \[51\]\[2\]" coords_shape
check "coords_string.h5: dataset /tour/coords holds string values" coords_string
check "coords_missing.h5: dataset /tour/coords is missing" coords_missing
check "coords_nan.h5: dataset /tour/coords row 7: .*not finite" coords_nan
check "tour_dup.h5: dataset /tour/known_tour row 5: node [0-9]+ appears twice" tour_dup
check "tour_length.h5: dataset /tour/known_tour: attribute length = 425 but the tour measures 426" tour_length
check "n_wrong.h5: dataset /tour/coords has shape \[51\]\[2\], expected \[50\]\[2\]" n_wrong
check "metric_bad.h5: /tour attribute metric 'EUC_3D' is unknown" metric_bad
check "no_kind.h5: attribute 'kind' is missing" no_kind
check "weight_neg.h5: dataset /tour/weights row 2 column 3: negative weight -5" weight_neg
check "weight_shape.h5: dataset /tour/weights has shape \[70\]\[69\]" weight_shape
check "text.h5 is not an HDF5 file" text
check "truncated.h5: damaged or truncated HDF5 file" truncated
# The good files still pass.
"$ANTROUTE" inspect "$good" >/dev/null && "$ANTROUTE" inspect "$AR_TMP/ft70.h5" >/dev/null &&
  pass "good files inspect cleanly" || fail "good files fail to inspect"
finish
