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
finish
