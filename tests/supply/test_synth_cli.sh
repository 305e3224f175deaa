#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# import synthetic: the same seed gives identical /supply groups (h5diff), a
# different seed a different one, counts are as asked, and --from grows the shipped data set.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
command -v h5diff >/dev/null || skip_test "h5diff (hdf5-tools) is not installed"
gen() { "$ANTROUTE" import synthetic --kind supply-chain "$@" >/dev/null; }
args=(--orders 3000 --months 4 --plants 25 --ports 12)
gen "${args[@]}" --seed 3 -o "$AR_TMP/a.h5" && gen "${args[@]}" --seed 3 -o "$AR_TMP/b.h5" &&
  gen "${args[@]}" --seed 4 -o "$AR_TMP/c.h5" && pass "three networks generated" || fail "generation failed"
h5diff "$AR_TMP/a.h5" "$AR_TMP/b.h5" /supply /supply >/dev/null && pass "same seed: identical /supply" ||
  fail "same seed: /supply differs"
h5diff -q "$AR_TMP/a.h5" "$AR_TMP/c.h5" /supply /supply >/dev/null && fail "another seed gave the same network" ||
  pass "another seed: a different network"
"$AR_BUILD_DIR/supply_read_check" "$AR_TMP/a.h5" | grep -q "ok: 12000 orders" && pass "12000 orders read back" ||
  fail "wrong order count"
h5dump -d /supply/plants/code -H "$AR_TMP/a.h5" | grep -q "( 25 )" && pass "25 plants" || fail "plant count"
h5dump -d /supply/ports/code -H "$AR_TMP/a.h5" | grep -q "( 12 )" && pass "12 ports" || fail "port count"

gen --from "$AR_SOURCE_DIR/inputs/supply_chain" --orders 2000 --months 2 --seed 9 -o "$AR_TMP/r1.h5" &&
  gen --from "$AR_SOURCE_DIR/inputs/supply_chain" --orders 2000 --months 2 --seed 9 -o "$AR_TMP/r2.h5" &&
  h5diff "$AR_TMP/r1.h5" "$AR_TMP/r2.h5" /supply /supply >/dev/null && pass "--from: deterministic" ||
  fail "--from: not deterministic"

# --kind tour: DIMACS-style uniform and clustered instances, deterministic.
for dist in uniform clustered; do
  # --no-bound: its determinism is tests/bounds's (it has a seconds attribute h5diff would see).
  "$ANTROUTE" import synthetic --kind tour --nodes 5000 --distribution $dist --seed 2 --no-bound -o "$AR_TMP/t1.h5" >/dev/null &&
    "$ANTROUTE" import synthetic --kind tour --nodes 5000 --distribution $dist --seed 2 --no-bound -o "$AR_TMP/t2.h5" >/dev/null &&
    h5diff "$AR_TMP/t1.h5" "$AR_TMP/t2.h5" /tour /tour >/dev/null && pass "tour $dist: deterministic" ||
    fail "tour $dist: not deterministic"
  "$ANTROUTE" inspect "$AR_TMP/t1.h5" | grep -q "nodes: 5000" && pass "tour $dist: 5000 nodes" ||
    fail "tour $dist: wrong node count"
done
expect_error 2 "--nodes: 2 is outside" - -- "$ANTROUTE" import synthetic --kind tour --nodes 2 -o "$AR_TMP/x.h5"

expect_error 2 "missing -o OUT.h5" - -- "$ANTROUTE" import synthetic --kind supply-chain
expect_error 2 "--months: 0 is outside" - -- "$ANTROUTE" import synthetic --months 0 -o "$AR_TMP/x.h5"
expect_error 2 "more than the 200000000 orders accepted" "$AR_TMP/x.h5" -- \
  "$ANTROUTE" import synthetic --orders 200000000 --months 2 -o "$AR_TMP/x.h5"
finish
