#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# test_release_no_hooks.sh RELEASE: the program linked without tests/hooks (a release build) has
# no fault, pause, pace or hold code: no hook function among its symbols, no test switch's name
# among its strings, no test option in its help; the test switches do nothing there and it gives
# the test build's answer. The test build's program has them (the check can see them).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
R=$1
A=$ANTROUTE
[ -x "$R" ] || { fail "no release program $R"; finish; }
SYMBOLS='test_hook|ar_test_|ckpt_fault|aco_pace'
STRINGS='ANTROUTE_TEST_|ANTROUTE_FAULT|fault-corrupt|fault injection|ckpt-mid-dataset|ckpt-before-rename|ckpt-enospc|corrupt-best'
got=$(nm "$R" | grep -E "$SYMBOLS" | head -5)
[ -z "$got" ] && pass "release: no hook symbol ($SYMBOLS)" || fail "release has hook symbols: $got"
got=$(strings "$R" | grep -E "$STRINGS" | head -5)
[ -z "$got" ] && pass "release: no test switch among its strings" || fail "release strings: $got"
nm "$A" | grep -qE "$SYMBOLS" && strings "$A" | grep -qE "$STRINGS" &&
  pass "the test build has them (the check sees them)" || fail "the test build lacks its hooks"
"$R" solve --help 2>&1 | grep -qE -- "--fault|ANTROUTE_TEST|ANTROUTE_FAULT" && fail "release help names a test switch" ||
  pass "release help names no test switch"

"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" -o "$AR_TMP/n.h5" >/dev/null ||
  { fail "import"; finish; }
RUN=(--iterations 20 --colonies 2 --seed 4 -q)
cost() { h5dump -d /best/cost -d /best/tour -y -w 0 -O /dev/null "$1" 2>/dev/null | md5sum; }
"$A" solve "$AR_TMP/n.h5" -o "$AR_TMP/t.h5" "${RUN[@]}" || fail "test build solve"
# The switches are ignored: a fault that would fail the self-check, a pace of 10 s per iteration.
ANTROUTE_FAULT=corrupt-best ANTROUTE_TEST_PACE_MS=10000 timeout 120 "$R" solve "$AR_TMP/n.h5" \
  -o "$AR_TMP/r.h5" "${RUN[@]}" && [ "$(cost "$AR_TMP/r.h5")" = "$(cost "$AR_TMP/t.h5")" ] &&
  pass "release: the switches do nothing, the test build's answer" ||
  fail "release solve with the switches set"
finish
