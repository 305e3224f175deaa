#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Keeps docs/guide.md true: runs its ```sh blocks in order in a scratch folder (build/, inputs/,
# tools/ linked to the real ones), each under `set -eo pipefail`, and fails if a command fails;
# runs its ```console blocks line by line ("$ " lines) and fails unless the output is exactly the
# lines shown (the error messages of "Troubleshooting"). ```bash blocks are not run.
# Usage (ctest): test_guide_commands.sh [GUIDE.md]
source "$AR_SOURCE_DIR/tests/common/lib.sh"
guide=${1:-$AR_SOURCE_DIR/docs/guide.md}
[ -f "$guide" ] || { fail "no guide at $guide"; finish; }
/usr/bin/python3 -c 'import h5py, matplotlib' 2>/dev/null ||
  skip_test "/usr/bin/python3 lacks h5py or matplotlib (the guide draws pictures)"

work=$AR_TMP/guide
mkdir -p "$work" "$AR_TMP/blocks"
ln -s "$AR_BUILD_DIR" "$work/build"
for d in inputs tools slurm docs; do
  [ -e "$AR_SOURCE_DIR/$d" ] && ln -s "$AR_SOURCE_DIR/$d" "$work/$d"
done
# Runs as root and on machines with fewer cores than the guide's ranks.
export OMPI_MCA_rmaps_base_oversubscribe=1

# Split the guide into block files numbered by line: NNNNN.sh (run) and NNNNN.console (run and
# compare); the splitter is shared with install_guide.
/usr/bin/python3 "$AR_SOURCE_DIR/tests/common/md_blocks.py" "$guide" "$AR_TMP/blocks" sh,console \
  >/dev/null || fail "cannot split $guide into blocks"

# A console block: "$ cmd" lines run in one shell (2>&1), the other lines are the expected output.
run_console() {
  local block=$1 script=$2 expected=$3
  : > "$script"
  : > "$expected"
  echo 'cd "$1"' >> "$script"
  tail -n +2 "$block" | while IFS= read -r line; do # line 1 names the block's place
    case "$line" in
      '$ '*) printf '{ %s\n} 2>&1\n' "${line#\$ }" >> "$script" ;;
      *) printf '%s\n' "$line" >> "$expected" ;;
    esac
  done
}

nblocks=0
for block in "$AR_TMP"/blocks/*; do
  [ -e "$block" ] || continue
  nblocks=$((nblocks + 1))
  where=$(head -1 "$block" | sed 's/^# //; s|.*/docs/|docs/|')
  log=$AR_TMP/blocks/$(basename "$block").log
  case "$block" in
    *.sh)
      if (cd "$work" && timeout 300 bash -eo pipefail "$block") > "$log" 2>&1; then
        pass "sh block at $where"
      else
        fail "sh block at $where failed (exit $?): $(tail -c 800 "$log")"
      fi
      ;;
    *.console)
      run_console "$block" "$block.run" "$block.expected"
      timeout 300 bash "$block.run" "$work" > "$log" 2>&1
      if diff -u "$block.expected" "$log" > "$log.diff"; then
        pass "console block at $where prints what the guide shows"
      else
        fail "console block at $where differs from the guide:
$(cat "$log.diff")"
      fi
      ;;
  esac
done
[ "$nblocks" -ge 10 ] && pass "$nblocks runnable blocks in the guide" || fail "only $nblocks runnable blocks found"

# The pictures the guide promises exist.
for f in pcb442-pictures/tour.png pcb442-pictures/convergence.png pcb442-pictures/bsp.png \
  pictures-2ranks/tour.svg pictures-moved/tour.png by-hand/tour.png supply-pictures/flows.png \
  supply-pictures/goals.png supply-pictures/convergence.png; do
  [ -s "$work/$f" ] && pass "the guide's $f exists" || fail "the guide's $f is missing"
done

# Links to other pages: each must be a real file.
for link in $(grep -o '](\([a-z_-]*\.md\))' "$guide" | sed 's/](\(.*\))/\1/' | sort -u); do
  if [ -f "$(dirname "$guide")/$link" ]; then pass "link $link"; else fail "link $link: no such page"; fi
done
finish
