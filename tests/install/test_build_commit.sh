#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# cmake/build_commit.cmake, which CMakeLists.txt runs at configure time and at every build (target
# ar_build_commit): in a git repository of its own the header names the commit checked out, a
# new commit without reconfiguring, and "-dirty" for a changed tracked file; a run that finds the
# same commit leaves the header untouched (nothing recompiles); the file COMMIT of a release
# tarball wins over git, -DANTROUTE_COMMIT (OVERRIDE) over both, and a tree with neither says
# "unknown".
source "$AR_SOURCE_DIR/tests/common/lib.sh"
command -v git >/dev/null || skip_test "no git"
cd "$AR_TMP" || exit 1
rm -rf repo plain && mkdir repo plain
script=$AR_SOURCE_DIR/cmake/build_commit.cmake
out=$AR_TMP/ar_commit.h
run() { cmake -DSOURCE_DIR="$1" -DOUT="$out" "-DOVERRIDE=${2:-}" -P "$script"; }
named() { grep -qx "#define AR_BUILD_COMMIT \"$1\"" "$out"; }
g() { git -C repo -c user.name=t -c user.email=t@t "$@" >/dev/null; }
g init -q && echo a >repo/f && g add f && g commit -qm a
a=$(git -C repo describe --always --dirty --abbrev=12)
rm -f "$out"
run repo && named "$a" && pass "names the commit checked out ($a)" || fail "commit a: $(cat "$out")"
before=$(stat -c %y "$out")
sleep 0.05
run repo && [ "$(stat -c %y "$out")" = "$before" ] && pass "the same commit leaves the header untouched" ||
  fail "the header was rewritten for the same commit"
echo b >repo/f && g commit -qam b
b=$(git -C repo describe --always --dirty --abbrev=12)
run repo && named "$b" && [ "$a" != "$b" ] && pass "a new commit is named at the next run ($b)" ||
  fail "commit b: $(cat "$out")"
echo c >repo/f
run repo && named "$b-dirty" && pass "a changed tracked file: $b-dirty" || fail "dirty: $(cat "$out")"
echo 0123456789ab >repo/COMMIT
run repo && named 0123456789ab && pass "the file COMMIT wins over git" || fail "COMMIT: $(cat "$out")"
run repo cafe && named cafe && pass "ANTROUTE_COMMIT wins over COMMIT" || fail "override: $(cat "$out")"
# (The test folder lies inside the project's clone: git must not look above it.)
GIT_CEILING_DIRECTORIES=$AR_TMP run plain && named unknown && pass "no .git and no COMMIT: unknown" || fail "plain: $(cat "$out")"
finish
