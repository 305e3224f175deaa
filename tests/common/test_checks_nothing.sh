#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A test that checks nothing fails: a shell test that called neither pass nor fail (lib.sh's
# finish), a unit test binary that ran no check (test_main.c, $1); exit 77 stays a skip.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NOTHING=${1:?the path of test_nothing}

# shell_test BODY: runs BODY as a shell test of its own (its own AR_TMP); prints its exit status.
shell_test() {
  AR_TMP=$AR_TMP/sub bash -c "source '$AR_SOURCE_DIR/tests/common/lib.sh'; $1" >"$AR_TMP/out" 2>&1
  echo $?
}
expect_status() { # WHAT GOT WANT
  [ "$2" = "$3" ] && pass "$1: exit $2" || fail "$1: exit $2, expected $3: $(cat "$AR_TMP/out")"
}
expect_status "shell test without pass or fail" "$(shell_test finish)" 1
grep -q "checked nothing" "$AR_TMP/out" && pass "... and it says so" || fail "no message: $(cat "$AR_TMP/out")"
expect_status "shell test with one pass" "$(shell_test 'pass one; finish')" 0
expect_status "shell test with one fail" "$(shell_test 'fail one; finish')" 1
expect_status "shell test that skips" "$(shell_test 'skip_test why')" 77

"$NOTHING" none >"$AR_TMP/out" 2>&1
expect_status "unit test without checks" $? 1
grep -q "ran no check" "$AR_TMP/out" && pass "... and it says so" || fail "no message: $(cat "$AR_TMP/out")"
"$NOTHING" one >"$AR_TMP/out" 2>&1
expect_status "unit test with one check" $? 0
"$NOTHING" skip >"$AR_TMP/out" 2>&1
expect_status "unit test that skips" $? 77
finish
