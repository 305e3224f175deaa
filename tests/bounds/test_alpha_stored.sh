#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The penalties of alpha-nearness stored by the import (/tour/alpha_pi with its steps and scale,
# /tour/alpha_tree; issue #23): written for symmetric networks up to 80,000 nodes, left out with
# --alpha-steps 0, for directed ones and beyond 80,000 nodes; a solve that takes them gives the
# very tour of one that runs the ascent itself (the same lists), and a solve asking other steps
# runs its own ascent; a solve with the default steps takes them; the time plan leaves the stored
# ascent out. Damaged tables: tests/trust/test_networks.sh.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
inputs="$AR_SOURCE_DIR/inputs/tsplib"

# attr FILE NAME: an attribute of /tour/alpha_pi.
attr() { h5dump -a "/tour/alpha_pi/$2" "$1" 2>/dev/null | sed -n 's/^ *(0): \([-0-9]*\)$/\1/p'; }
# has FILE DATASET: whether the dataset is there.
has() { h5dump -n "$1" 2>/dev/null | grep -q " dataset *$2\$"; }
# tour FILE: the best tour's nodes, one line.
tour() { h5dump -y -w 0 -d /best/tour "$1" 2>/dev/null | sed -n '/DATA {/,/}/p' | tr -d ' \n'; }

"$A" import tsplib "$inputs/pcb442.tsp" -o "$T/with.h5" >/dev/null 2>&1 || fail "import pcb442"
"$A" import tsplib "$inputs/pcb442.tsp" -o "$T/without.h5" --alpha-steps 0 >/dev/null 2>&1 ||
  fail "import pcb442 --alpha-steps 0"
[ "$(attr "$T/with.h5" steps)" = 1000 ] && [ "$(attr "$T/with.h5" scale)" -ge 1 ] &&
  h5dump -H -d /tour/alpha_tree "$T/with.h5" | grep -q "SIMPLE { ( 441, 2 )" &&
  pass "import stores /tour/alpha_pi (steps 1000, scale $(attr "$T/with.h5" scale)) and /tour/alpha_tree [441][2]" ||
  fail "pcb442: /tour/alpha_pi or /tour/alpha_tree not as expected"
"$A" inspect "$T/with.h5" | grep -q "^alpha-nearness penalties: stored (1000 ascent steps" &&
  "$A" inspect "$T/without.h5" | grep -q "^alpha-nearness penalties: none" &&
  pass "inspect says whether they are stored" || fail "inspect: no line on the stored penalties"
has "$T/without.h5" /tour/alpha_pi || has "$T/without.h5" /tour/alpha_tree &&
  fail "--alpha-steps 0 stored penalties" || pass "--alpha-steps 0 stores none"

# The same answer from the stored penalties as from the solve's own ascent; other penalties (all
# 0, a path for the tree) change it, so the stored ones are read, but only for their own steps.
files="with without"
if /usr/bin/python3 -c "import h5py, numpy" 2>/dev/null; then
  h5_edit "$T/with.h5" "$T/other.h5" 'f["tour/alpha_pi"][:] = 0; f["tour/alpha_tree"][:] = np.array([[k, k + 1] for k in range(441)], dtype=np.int32)' &&
    files="with without other" || fail "making other.h5"
fi
for steps in 1000 500; do
  for f in $files; do
    "$A" solve "$T/$f.h5" -o "$T/$f-$steps.res.h5" --iterations 30 --seed 3 --alpha-steps $steps -q \
      >"$T/$f.log" 2>&1 || fail "solve $f.h5 --alpha-steps $steps: $(tail -2 "$T/$f.log")"
  done
  a=$(tour "$T/with-$steps.res.h5") b=$(tour "$T/without-$steps.res.h5")
  [ -n "$a" ] && [ "$a" = "$b" ] &&
    pass "--alpha-steps $steps: the same tour with the stored penalties as without" ||
    fail "--alpha-steps $steps: the tours differ with and without the stored penalties"
  [ -e "$T/other-$steps.res.h5" ] || continue
  o=$(tour "$T/other-$steps.res.h5")
  if [ $steps = 1000 ]; then
    [ -n "$o" ] && [ "$o" != "$b" ] && pass "other stored penalties of 1000 steps change the tour" ||
      fail "other stored penalties of 1000 steps did not change the tour (not read?)"
  else
    [ "$o" = "$b" ] && pass "stored penalties of 1000 steps are not taken for --alpha-steps 500" ||
      fail "stored penalties of 1000 steps changed a solve with --alpha-steps 500"
  fi
done

# A solve with the default --alpha-steps takes them (the import's default is solve's).
if [ -e "$T/other.h5" ]; then
  for f in without other; do
    "$A" solve "$T/$f.h5" -o "$T/$f-default.res.h5" --iterations 30 --seed 3 -q >"$T/$f.log" 2>&1 ||
      fail "solve $f.h5 with the default --alpha-steps: $(tail -2 "$T/$f.log")"
  done
  [ "$(tour "$T/other-default.res.h5")" != "$(tour "$T/without-default.res.h5")" ] &&
    pass "a solve with the default --alpha-steps takes the stored penalties" ||
    fail "a solve with the default --alpha-steps ignored the stored penalties"
fi

# The time plan counts the ascent only when it is to run: the candidate lists' estimate in the
# refusal of a budget far below the minimum (no clock involved).
lists() {
  "$A" solve "$1" -o "$T/never.h5" --time 0.001 2>&1 |
    sed -n 's/.*candidate lists ~\([0-9.e+-]*\) s.*/\1/p'
}
w=$(lists "$T/with.h5") wo=$(lists "$T/without.h5")
[ -n "$w" ] && [ -n "$wo" ] && awk -v a="$w" -v b="$wo" 'BEGIN { exit !(a * 10 < b) }' &&
  pass "time plan: candidate lists ~$w s with the stored penalties, ~$wo s without" ||
  fail "time plan: candidate lists '$w' s with the stored penalties, '$wo' s without"

# Directed networks and those beyond 80,000 nodes have no alpha-nearness lists: nothing stored.
"$A" import tsplib "$inputs/ft70.atsp" -o "$T/ft70.h5" >/dev/null 2>&1 || fail "import ft70"
has "$T/ft70.h5" /tour/alpha_pi && fail "ft70 (ATSP) got penalties" || pass "ATSP: none stored"
"$A" import synthetic --kind tour --nodes 2000 --no-bound -o "$T/s2000.h5" >/dev/null 2>&1 &&
  [ "$(attr "$T/s2000.h5" steps)" = 1000 ] && pass "import synthetic stores them (2,000 nodes)" ||
  fail "import synthetic --nodes 2000: no /tour/alpha_pi with steps 1000"
"$A" import synthetic --kind tour --nodes 90000 --no-bound -o "$T/s90000.h5" >/dev/null 2>&1 ||
  fail "import synthetic --nodes 90000"
has "$T/s90000.h5" /tour/alpha_pi && fail "90,000 nodes got penalties" ||
  pass "beyond 80,000 nodes: none stored"
finish
