#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The installed tree checks itself (issue #24): `cmake --install` into a temporary prefix puts the
# examples (two TSPLIB instances, the order-routing tables, the Monaco extract and its stops, their
# licences, an example job) under PREFIX/share/antroute/examples; the prefix is then moved
# elsewhere (no path of the install step can work), the source and build trees are hidden (a
# tmpfs over each, in a private mount namespace), and PREFIX/bin/antroute selftest, run from /tmp
# in a clean environment, prints one "ok" line per step (import, solve, checkpoint, resume with the
# same answer, order routing, roads, report) and exits 0; with the examples missing it exits 1
# naming the failed steps. The program carries no path of the build tree (outside its debug
# information).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/install/install_lib.sh" # install_moved, run_hidden
install_moved
ex=$prefix/share/antroute/examples
for f in LICENSES.md generic.sbatch tsplib/berlin52.tsp tsplib/berlin52.opt.tour tsplib/OPTIMA.tsv \
  tsplib/pcb442.tsp tsplib/pcb442.opt.tour \
  tsplib/README.md supply_chain/OrderList.csv supply_chain/FreightRates.csv supply_chain/SOURCE.md \
  roads/monaco.osm.gz roads/monaco_stops.csv roads/README.md; do
  [ -f "$ex/$f" ] && pass "installed examples/$f" || fail "not installed: examples/$f"
done
objcopy --strip-debug "$prefix/bin/antroute" "$base/antroute.stripped" 2>/dev/null &&
  if grep -aq -e "$AR_BUILD_DIR" -e "$AR_SOURCE_DIR/" "$base/antroute.stripped"; then
    fail "the program names a path of the build or source tree: $(strings "$base/antroute.stripped" |
      grep -e "$AR_BUILD_DIR" -e "$AR_SOURCE_DIR/" | head -3)"
  else pass "the program carries no path of the build or source tree"; fi

run_hidden "'$prefix/bin/antroute' selftest" >"$AR_TMP/selftest.log" 2>&1
rc=$?
[ $rc -eq 0 ] && pass "selftest exits 0 with the trees hidden" ||
  fail "selftest exit $rc: $(tail -n 6 "$AR_TMP/selftest.log")"
for step in "examples installed" "import tsplib" "solve (40 iterations)" "solve with checkpoints" \
  "resume the checkpoint" "resumed answer = answer without a stop" "import supply-chain" \
  "solve the orders" "import osm" "import stops" "solve the stops" "report (summary)" \
  "report (pictures)"; do
  grep -F "selftest: $step" "$AR_TMP/selftest.log" | grep -q ' ok$' && pass "selftest line: $step ok" ||
    fail "selftest line '$step': $(grep -F "selftest: $step" "$AR_TMP/selftest.log")"
done
grep -q "^selftest: passed, 13 steps$" "$AR_TMP/selftest.log" && pass "selftest: passed, 13 steps" ||
  fail "no summary line: $(tail -n 2 "$AR_TMP/selftest.log")"
grep -q "examples $prefix/bin/../share/antroute/examples" "$AR_TMP/selftest.log" &&
  pass "the examples found beside the moved program" || fail "examples: $(head -n 1 "$AR_TMP/selftest.log")"
[ -z "$(ls -d "$base"/antroute-selftest.* 2>/dev/null)" ] && pass "a passed selftest removes its folder" ||
  fail "left $(ls -d "$base"/antroute-selftest.*)"
# A broken install: the examples gone.
run_hidden ANTROUTE_EXAMPLES=/nonexistent "'$prefix/bin/antroute' selftest" >"$AR_TMP/broken.log" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "selftest: examples installed .*FAILED: /nonexistent/tsplib/berlin52.tsp" \
  "$AR_TMP/broken.log" && grep -q "antroute selftest: error: 13 of 13 steps failed" "$AR_TMP/broken.log" &&
  pass "without the examples: exit 1, the failed steps named" ||
  fail "broken install: exit $rc: $(head -n 3 "$AR_TMP/broken.log")"
finish
