#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Every source file (C, shell, Python, CMake, batch templates, the module file) names its licence
# in an SPDX line near its top (LICENSE: BSD-3-Clause), as REUSE and the packagers' scanners read
# it: within the first three lines.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
cd "$AR_SOURCE_DIR"
command -v git >/dev/null && git rev-parse --git-dir >/dev/null 2>&1 ||
  skip_test "not a git checkout (the list of sources comes from git ls-files)"
files=$(git ls-files '*.c' '*.h' '*.h.in' '*.sh' '*.py' '*.cmake' 'CMakeLists.txt' '*/CMakeLists.txt' \
  '*.sbatch' '*.lua.in' '.ci/run' | grep -v '^inputs/')
[ -n "$files" ] || { fail "no source files found"; finish; }
# One awk over every file: the files whose first three lines lack the SPDX line.
missing=$(awk 'FNR == 1 { if (NR > 1 && !ok) print prev; ok = 0; prev = FILENAME }
  FNR <= 3 && /SPDX-License-Identifier: BSD-3-Clause/ { ok = 1 }
  END { if (!ok) print prev }' $files)
for f in $missing; do fail "$f: no SPDX line"; done
missing=$(echo "$missing" | grep -c . || true)
[ "$missing" -eq 0 ] && pass "$(echo "$files" | wc -l) source files name BSD-3-Clause in an SPDX line"
grep -q "BSD 3-Clause\|Redistribution and use in source and binary forms" LICENSE &&
  pass "LICENSE holds the BSD 3-Clause text" || fail "LICENSE is not the BSD 3-Clause text"
finish
