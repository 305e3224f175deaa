#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The command line: help, version, exit codes of usage errors, and inspect on files that are not
# antroute files.
source "$AR_SOURCE_DIR/tests/common/lib.sh"

"$ANTROUTE" --help | grep -q "usage: antroute <command>" && pass "--help" || fail "--help"
"$ANTROUTE" --version | grep -Eq "^antroute [0-9]+\.[0-9]+\.[0-9]+" && pass "--version" || fail "--version"
# The build facts a support ticket needs, one per line (issue #24).
v=$("$ANTROUTE" --version)
for fact in commit "build type" compiler flags MPI HDF5 hwloc oneTBB; do
  grep -q "^$fact: *[^ ]" <<<"$v" && pass "--version names $fact" || fail "--version lacks $fact: $v"
done
grep -q "^MPI: *Open MPI v[0-9]" <<<"$v" && pass "--version: the MPI library's own version" ||
  fail "--version: MPI line $(grep ^MPI <<<"$v")"
# Run from a folder holding files named like the libraries it needs, the program still starts: its
# RUNPATH names no empty entry (the loader's current folder), which the build tree's program had
# while CMake padded it for the install's rewrite.
mkdir -p "$AR_TMP/libs_here"
needed=$(readelf -d "$ANTROUTE" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
for lib in ${needed:-libz.so.1 libmpi.so.40}; do echo "not a library" >"$AR_TMP/libs_here/$lib"; done
(cd "$AR_TMP/libs_here" && "$ANTROUTE" --version) | grep -q "^antroute " &&
  pass "starts in a folder with files named like its libraries" ||
  fail "run from a folder with a file libz.so.1 it fails: $(cd "$AR_TMP/libs_here" && "$ANTROUTE" --version 2>&1 | head -2)"
# --help wrapped (issue #24): 80 columns when not a terminal, COLUMNS honoured, a hanging indent,
# and an examples section of real commands for every command.
for cmd in solve "import tsplib" "import synthetic" inspect report export evaluate advise formats; do
  h=$("$ANTROUTE" $cmd --help 2>&1)
  long=$(grep -E '^.{81}' <<<"$h" | grep -Ev '[^ ]{40}') # a word too long to break may stick out
  [ -z "$long" ] && pass "$cmd --help fits 80 columns" || fail "$cmd --help: lines over 80: $long"
  grep -A1 '^examples:$' <<<"$h" | grep -q "^  .*antroute $cmd" && pass "$cmd --help has examples" ||
    fail "$cmd --help: no examples"
done
h=$(COLUMNS=120 "$ANTROUTE" solve --help)
grep -Eq '^.{81}' <<<"$h" && ! grep -E '^.{121}' <<<"$h" | grep -Evq '[^ ]{40}' &&
  pass "COLUMNS=120 is honoured" || fail "COLUMNS=120 ignored"
grep -Eq '^ {33}[a-z(]' <<<"$("$ANTROUTE" solve --help)" && pass "descriptions wrap with a hanging indent" ||
  fail "no hanging indent"
"$ANTROUTE" --help | grep -A1 '^examples:$' | grep -q "antroute solve .*\.tsp" &&
  pass "antroute --help: a first run" || fail "antroute --help lacks examples"
for cmd in import inspect; do
  "$ANTROUTE" $cmd --help >/dev/null && pass "$cmd --help" || fail "$cmd --help"
done
expect_error 2 "unknown command 'frobnicate'" - -- "$ANTROUTE" frobnicate
expect_error 2 "which kind of input" - -- "$ANTROUTE" import
expect_error 2 "unknown input kind 'xml'" - -- "$ANTROUTE" import xml a -o b
expect_error 2 "unknown option '--bogus'" - -- "$ANTROUTE" inspect --bogus x.h5
expect_error 2 "missing argument" - -- "$ANTROUTE" inspect
expect_error 4 "cannot open $AR_TMP/none.h5: No such file" - -- "$ANTROUTE" inspect "$AR_TMP/none.h5"
: > "$AR_TMP/empty.h5"
expect_error 3 "empty.h5 is empty" - -- "$ANTROUTE" inspect "$AR_TMP/empty.h5"
echo "plain text" > "$AR_TMP/text.h5"
expect_error 3 "text.h5 is not an HDF5 file" - -- "$ANTROUTE" inspect "$AR_TMP/text.h5"
# "did you mean" for a mistyped command, option or input kind; a word from elsewhere gets none.
expect_error 2 "unknown command 'slove' \(did you mean 'solve'\?" - -- "$ANTROUTE" slove x.h5
expect_error 2 "unknown option '--iteratons' \(did you mean --iterations\?" - -- \
  "$ANTROUTE" solve --iteratons 5 x.h5 -o r.h5
expect_error 2 "unknown option '--iteratons=5' \(did you mean --iterations\?" - -- \
  "$ANTROUTE" solve --iteratons=5 x.h5 -o r.h5
expect_error 2 "unknown input kind 'tsplb' \(did you mean 'tsplib'\?" - -- "$ANTROUTE" import tsplb a
expect_error 2 "unknown option '--bogus' \(see --help\)" - -- "$ANTROUTE" inspect --bogus x.h5
# The command is named once: "antroute solve: error: missing ...", never "solve: solve:".
for args in "solve x.h5" "solve --iteratons 5 x.h5 -o r.h5" "export r.h5" "import tsplib --nme x"; do
  out=$("$ANTROUTE" $args 2>&1)
  if grep -Eq "error: (solve|export|import tsplib): " <<<"$out"; then fail "doubled prefix: $out"
  else pass "one prefix: $out"; fi
done
printf '[inspect]\ntree = maybe\n' > "$AR_TMP/bad.ini"
expect_error 2 "bad.ini:2: tree: 'maybe' is not a yes/no value" - -- "$ANTROUTE" inspect --params "$AR_TMP/bad.ini" x.h5
finish
