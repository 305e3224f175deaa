#!/usr/bin/env bash
# Every C source and header must match .clang-format (run `clang-format -i` on the file to fix).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
command -v clang-format >/dev/null || skip_test "clang-format is not installed"
cd "$AR_SOURCE_DIR"
files=$(git ls-files '*.c' '*.h' 2>/dev/null || find src io checkpoint tests bench -name '*.[ch]')
[ -n "$files" ] || { fail "no C files found"; finish; }
for f in $files; do
  if clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then pass "$f"; else fail "$f drifts from .clang-format"; fi
done
finish
