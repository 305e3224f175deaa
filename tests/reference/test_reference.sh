#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The reference answers (answers.tsv) still come out: every run of reference_runs.sh prints
# exactly its recorded line. See reference_runs.sh for what the runs are and what a line holds.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
here=$AR_SOURCE_DIR/tests/reference
bash "$here/reference_runs.sh" >"$AR_TMP/got.tsv" 2>"$AR_TMP/stderr.log"
while read -r name cost digest; do
  case $name in '#'* | '') continue ;; esac
  got=$(awk -v n="$name" '$1 == n' "$AR_TMP/got.tsv")
  [ "$got" = "$name $cost $digest" ] && pass "$name: $cost" \
    || fail "$name: expected '$cost $digest', got '${got#"$name "}'"
done <"$here/answers.tsv"
# The kick lines must show the kick: the same run without it ends on another tour.
digest() { awk -v n="$1" '$1 == n {print $3}' "$AR_TMP/got.tsv"; }
[ -n "$(digest kick-1x1)" ] && [ "$(digest kick-1x1)" != "$(digest kick-off-1x1)" ] \
  && pass "kick-1x1 differs from kick-off-1x1 (the stall kick changes the answer)" \
  || fail "kick-1x1 and kick-off-1x1 end on the same tour: the kick lines test nothing"
finish
