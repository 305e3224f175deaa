#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Every C source and header must match .clang-format (run `clang-format -i` on the file to fix).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
command -v clang-format >/dev/null || skip_test "clang-format is not installed"
cd "$AR_SOURCE_DIR"
files=$(git ls-files '*.c' '*.h' 2>/dev/null || find src io checkpoint tests bench -name '*.[ch]')
[ -n "$files" ] || { fail "no C files found"; finish; }
# One clang-format per 40 files, two at a time; each drift is reported as FILE:LINE:COL: error.
echo "$files" | xargs -n 40 -P 2 clang-format --dry-run --Werror >"$AR_TMP/out" 2>&1
rc=$?
drifted=$(sed -n 's/^\([^:]*\.[ch]\):[0-9]*:[0-9]*: error.*/\1/p' "$AR_TMP/out" | sort -u)
for f in $files; do
  if grep -qxF "$f" <<<"$drifted"; then fail "$f drifts from .clang-format"; else pass "$f"; fi
done
# clang-format failing without naming a drift (a file it could not read, a bad .clang-format).
[ "$rc" -ne 0 ] && [ -z "$drifted" ] && fail "clang-format exited $rc: $(head -c 400 "$AR_TMP/out")"
finish
