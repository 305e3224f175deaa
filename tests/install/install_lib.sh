#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The set-up of the tests of an installed tree (install_selftest, install_guide), sourced after
# tests/common/lib.sh: skips without root or unshare, installs into a temporary prefix that it
# then moves (no path of the install step can work), and runs commands with the source and build
# trees hidden.
#
#   install_moved            cmake --install into $base/installed, moved to $prefix ($base/moved);
#                            $base is a fresh folder under /var/tmp, removed on exit
#   run_hidden WORDS...      bash -c "WORDS" from /tmp in a private mount namespace where a tmpfs
#                            covers the source and build trees, in a clean environment (PATH
#                            /usr/bin:/bin, HOME /tmp, TMPDIR $base, Open MPI's root allowances);
#                            WORDS may begin with VAR=VALUE assignments; its exit status
[ "$(id -u)" -eq 0 ] || skip_test "needs root (a private mount hides the source and build trees)"
command -v unshare >/dev/null || skip_test "unshare (util-linux) missing"

install_moved() {
  base=$(mktemp -d /var/tmp/antroute-install-test.XXXXXX)
  trap 'rm -rf "$base"' EXIT
  if cmake --install "$AR_BUILD_DIR" --prefix "$base/installed" >"$AR_TMP/install.log" 2>&1; then
    pass "cmake --install --prefix $base/installed"
  else
    fail "cmake --install: $(tail -n 5 "$AR_TMP/install.log")"
    finish
  fi
  mv "$base/installed" "$base/moved"
  prefix=$base/moved
}

run_hidden() {
  unshare --mount --propagation private bash -c "mount -t tmpfs none '$AR_SOURCE_DIR' &&
    { [ ! -d '$AR_BUILD_DIR' ] || mount -t tmpfs none '$AR_BUILD_DIR'; } &&
    test ! -e '$AR_SOURCE_DIR/CMakeLists.txt' && cd /tmp &&
    env -i PATH=/usr/bin:/bin HOME=/tmp TMPDIR='$base' OMPI_ALLOW_RUN_AS_ROOT=1 \
      OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1 $*"
}
