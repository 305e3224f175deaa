#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# No C function of the layers is longer than 100 lines unless its comment says why ("long
# function:"), and the check itself catches a long function planted in a copy of a source file.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
check=$AR_SOURCE_DIR/tests/format/function_lengths.py
if out=$(python3 "$check" "$AR_SOURCE_DIR" 100); then pass "no function over 100 lines"
else fail "functions over 100 lines: $out"; fi
mkdir -p "$AR_TMP/tree/src/base"
{
  echo "int planted(void) {"
  for i in $(seq 1 120); do echo "  int v$i = $i;"; done
  echo "  return 0;"
  echo "}"
} >"$AR_TMP/tree/src/base/planted.c"
out=$(python3 "$check" "$AR_TMP/tree" 100)
echo "$out" | grep -q "planted.c:1: planted is 123 lines" && pass "a planted long function is caught" \
  || fail "planted long function not caught: $out"
finish
