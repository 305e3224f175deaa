#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The release tarball (docs/release.md) builds with no network: tools/make_release.sh packs HEAD
# (git archive plus the file COMMIT), the tarball holds the sources and no .git, and unpacked in a
# temporary folder it configures in a network namespace of its own (no network at all) with
# -DBUILD_TESTING=OFF, records the packed commit for --version (it has no .git to ask) and builds.
# To stay fast on a loaded machine the build is one layer (ar_base, whose build writes the
# version and commit headers); AR_RELEASE_FULL_BUILD=1 builds the program too and checks its --version.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
git -C "$AR_SOURCE_DIR" rev-parse --git-dir >/dev/null 2>&1 ||
  skip_test "the source tree is not a git clone (a release tarball makes no tarball)"
cd "$AR_TMP" || exit 1
rm -rf out unpack
tarball=$("$AR_SOURCE_DIR/tools/make_release.sh" HEAD out 2>make_release.err) ||
  { fail "make_release.sh: $(cat make_release.err)"; finish; }
version=$(sed -n 's/^project(antroute VERSION \([0-9.]*\).*/\1/p' "$AR_SOURCE_DIR/CMakeLists.txt")
commit=$(git -C "$AR_SOURCE_DIR" describe --always --abbrev=12 HEAD)
[ "$tarball" = "$AR_TMP/out/antroute-$version.tar.gz" ] && [ -s "$tarball" ] &&
  pass "make_release.sh wrote out/antroute-$version.tar.gz" || fail "tarball: '$tarball'"
list=$(tar tzf "$tarball")
for f in CMakeLists.txt COMMIT LICENSE CHANGELOG.md src/app/main.c inputs/LICENSES.md tools/make_release.sh; do
  grep -qx "antroute-$version/$f" <<<"$list" && pass "the tarball holds $f" || fail "the tarball lacks $f"
done
grep -q '/\.git/' <<<"$list" && fail "the tarball holds .git" || pass "no .git in the tarball"
mkdir unpack && tar xzf "$tarball" -C unpack || fail "tar xzf"
src=$AR_TMP/unpack/antroute-$version
[ "$(cat "$src/COMMIT")" = "$commit" ] && pass "COMMIT is $commit" || fail "COMMIT: $(cat "$src/COMMIT")"
# No network: a namespace of its own with only the loopback (Open MPI's wrapper wants an
# interface), where it may be made; else the ordinary one (the build fetches nothing anyway).
offline=()
if [ "$(id -u)" -eq 0 ] && unshare -n true 2>/dev/null; then
  offline=(unshare -n sh -c 'ip link set lo up 2>/dev/null; exec "$@"' offline)
  pass "no network: configure and build run in a network namespace of their own"
fi
build() { "${offline[@]}" "$@"; }
if build cmake -S "$src" -B "$src/b" -DBUILD_TESTING=OFF -DANTROUTE_WERROR=ON >configure.log 2>&1; then
  pass "the tarball configures offline"
else
  fail "configure: $(tail -n 8 configure.log)"
  finish
fi
grep -q "#define AR_BUILD_COMMIT \"$commit\"" "$src/b/generated/ar_commit.h" &&
  pass "the build records commit $commit from COMMIT (no .git)" ||
  fail "commit header: $(grep AR_BUILD_COMMIT "$src/b/generated/ar_commit.h")"
target=ar_base
[ "${AR_RELEASE_FULL_BUILD:-0}" = 1 ] && target=antroute
build cmake --build "$src/b" -j2 --target $target >build.log 2>&1 && pass "the tarball builds $target" ||
  fail "build $target: $(tail -n 8 build.log)"
if [ $target = antroute ]; then
  "$src/b/antroute" --version | grep -q "^commit: *$commit$" && pass "--version names $commit" ||
    fail "--version: $("$src/b/antroute" --version | head -n 2)"
fi
finish
