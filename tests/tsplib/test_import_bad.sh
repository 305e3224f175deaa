#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Malformed TSPLIB input: one file per case in tests/tsplib/bad/. Each import must exit 3 with a
# message naming the file and the line, write no output file, and leave a good output file that
# already exists byte-identical.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
bad="$AR_SOURCE_DIR/tests/tsplib/bad"
inputs="$AR_SOURCE_DIR/inputs/tsplib"

good="$AR_TMP/good.h5"
"$ANTROUTE" import tsplib "$inputs/eil51.tsp" -o "$good" >/dev/null || fail "importing eil51"
cp "$good" "$AR_TMP/good.copy"

# FILE -> what the message must say after "FILE:LINE: " (perhaps after more words).
declare -A cases=(
  [truncated.tsp]="entry has 2 fields, expected 3 .*truncated"
  [missing_section.tsp]="without NODE_COORD_SECTION"
  [dimension_disagrees.tsp]="ends with 4 nodes but DIMENSION is 5"
  [dimension_huge.tsp]="DIMENSION 2000000000 is far larger than the file could hold"
  [non_numeric.tsp]="y coordinate 'eight' is not a number"
  [nan_coordinate.tsp]="x coordinate 'nan' is not finite"
  [negative_weight.tsp]="negative weight -6"
  [duplicate_node.tsp]="duplicate node id 2"
  [unknown_node.tsp]="unknown node id 7"
  [empty.tsp]="the file is empty"
  [unknown_metric.tsp]="unknown EDGE_WEIGHT_TYPE 'EUC_4D'"
)
[ "$(ls "$bad" | wc -l)" -eq $((${#cases[@]} + 1)) ] || fail "tests/tsplib/bad has files without a case here"
for f in "${!cases[@]}"; do
  [ -e "$bad/$f" ] || { fail "missing $bad/$f"; continue; }
  expect_error 3 "$f:[0-9]+: .*${cases[$f]}" "$AR_TMP/$f.h5" -- \
    "$ANTROUTE" import tsplib "$bad/$f" -o "$AR_TMP/$f.h5"
  [ -e "$AR_TMP/$f.h5.tmp" ] && fail "$f: left $f.h5.tmp behind"
  # The same failure must not touch an existing good file.
  "$ANTROUTE" import tsplib "$bad/$f" -o "$good" >/dev/null 2>&1
  if cmp -s "$good" "$AR_TMP/good.copy" && [ ! -e "$good.tmp" ]; then
    pass "$f: existing output left byte-identical"
  else
    fail "$f: existing output changed (or .tmp left)"
  fi
done

# A bad tour: node 50 twice.
expect_error 3 "bad_tour.opt.tour:56: node 50 appears twice" "$AR_TMP/tour.h5" -- \
  "$ANTROUTE" import tsplib "$inputs/eil51.tsp" --tour "$bad/bad_tour.opt.tour" -o "$AR_TMP/tour.h5"
"$ANTROUTE" import tsplib "$inputs/eil51.tsp" --tour "$bad/bad_tour.opt.tour" -o "$good" >/dev/null 2>&1
cmp -s "$good" "$AR_TMP/good.copy" && pass "bad tour: existing output intact" || fail "bad tour: output changed"
# A tour for another instance (kroA100's for eil51).
expect_error 3 "kroA100.opt.tour:[0-9]+: DIMENSION 100 disagrees with the instance's 51 nodes" \
  "$AR_TMP/t2.h5" -- "$ANTROUTE" import tsplib "$inputs/eil51.tsp" \
  --tour "$inputs/kroA100.opt.tour" -o "$AR_TMP/t2.h5"
# A missing input file is a file-system error (4), not bad data.
expect_error 4 "cannot open $AR_TMP/none.tsp" "$AR_TMP/n.h5" -- \
  "$ANTROUTE" import tsplib "$AR_TMP/none.tsp" -o "$AR_TMP/n.h5"
# An output directory that does not exist: I/O error, nothing left behind.
expect_error 4 "cannot create $AR_TMP/no/dir/x.h5.tmp" "$AR_TMP/no/dir/x.h5" -- \
  "$ANTROUTE" import tsplib "$inputs/eil51.tsp" -o "$AR_TMP/no/dir/x.h5"
finish
