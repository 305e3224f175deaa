#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The guide's first run works with the installed program and its examples (issue #24, "Done
# when"): docs/guide.md says its commands work on the installed examples with the module loaded,
# `inputs/` becoming `$ANTROUTE_EXAMPLES/` and `build/antroute` becoming `antroute`. Installed into
# a temporary prefix, moved, with the source and build trees hidden (install_lib.sh, as
# install_selftest), each `sh` block of section 2 ("A first run"), after the block of section 1
# marked `<!-- test: install_guide -->` (the first run with the module loaded), runs with exactly
# that substitution in an unrelated folder, the module loaded with Lmod, under `set -eo pipefail`;
# a failure names the block and the command that failed.
# Usage (ctest): test_install_guide.sh [GUIDE.md]
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/install/install_lib.sh" # install_moved, run_hidden
guide=${1:-$AR_SOURCE_DIR/docs/guide.md}
LMOD_INIT=/usr/share/lmod/lmod/init/bash
[ -r "$LMOD_INIT" ] || skip_test "Lmod is not installed (Debian: apt-get install lmod; ./setup.sh deps)"
/usr/bin/python3 -c 'import h5py, matplotlib' 2>/dev/null ||
  skip_test "/usr/bin/python3 lacks h5py or matplotlib (the guide draws pictures)"
install_moved

# The blocks, split by the guide test's splitter (tests/common/md_blocks.py), numbered by line.
blocks=$base/blocks
mkdir -p "$blocks" "$base/work"
split() { /usr/bin/python3 "$AR_SOURCE_DIR/tests/common/md_blocks.py" "$guide" "$blocks" "$@"; }
n1=$(split bash --marked install_guide) && n2=$(split sh 2) || { fail "cannot split $guide"; finish; }
[ "$n1" = 1 ] && pass "section 1: the marked block of the installed module" ||
  fail "section 1: $n1 blocks marked install_guide, expected 1"
[ "$n2" -ge 2 ] && pass "section 2: $n2 sh blocks" || fail "section 2: only $n2 sh blocks"

for block in "$blocks"/*; do
  where=$(head -1 "$block" | sed 's/^# //; s|.*/docs/|docs/|')
  script=$block.run
  # The module, then the block with the guide's substitution; the ERR trap names the command.
  {
    echo "source $LMOD_INIT && module use $prefix/share/modulefiles && module load antroute || exit 99"
    echo "cd '$base/work' || exit 99"
    echo "trap 'echo \"command failed (exit \$?): \$BASH_COMMAND\"' ERR"
    echo "set -eo pipefail"
    tail -n +2 "$block" | sed -E 's#(^|[^[:alnum:]_./-])build/antroute#\1antroute#g;
      s#(^|[^[:alnum:]_./-])inputs/#\1$ANTROUTE_EXAMPLES/#g'
  } >"$script"
  if grep -qE '(^|[^[:alnum:]_./-])(build|inputs)/' "$script"; then
    fail "block at $where names the source or build tree after the substitution: $(grep -E \
      '(build|inputs)/' "$script" | head -2)"
    continue
  fi
  run_hidden "bash '$script'" >"$block.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ]; then
    pass "installed: block at $where"
  else
    fail "installed: block at $where failed (exit $rc): $(grep -m1 '^command failed' "$block.log")
$(tail -c 600 "$block.log")"
  fi
done
# What the blocks promise, in the unrelated folder.
for f in berlin52.h5 berlin52-results.h5 berlin52-pictures/tour.png berlin52-results.net.h5 berlin52.tour \
  berlin52.json pcb442.h5 pcb442-results.h5 pcb442-pictures/tour.png; do
  [ -s "$base/work/$f" ] && pass "installed run made $f" || fail "installed run did not make $f"
done
finish
