#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A command started without a launcher (issue #23: start-up counts in --time) runs as an isolated
# Open MPI singleton: no orted helper daemon beside it and no fabric probing (src/base/
# ar_singleton.h). A setting the user exported wins: with OMPI_MCA_ess_singleton_isolated=0 the
# helper is there. Ranks of mpirun on one node take ob1. Each run is held after its first iteration (ANTROUTE_TEST_HOLD) while the test
# looks at its children, so nothing here depends on how fast the machine is.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o net.h5 >/dev/null ||
  { fail "import berlin52"; finish; }

# run NAME ENV...: a held solve with the test environment's own Open MPI settings removed (ctest
# sets the same ones for every test); prints the children's command names while it is held.
run_held() {
  local name=$1 pid kids
  shift
  env -u OMPI_MCA_ess_singleton_isolated -u OMPI_MCA_pml "$@" \
    ANTROUTE_TEST_HOLD="$(hold_at 1 "$name")" OMP_NUM_THREADS=1 \
    "$A" solve net.h5 -o "$name.h5" --iterations 20 --epoch-iterations 1 --seed 4 -q \
    >"$name.out" 2>&1 &
  pid=$!
  wait_file "$AR_TMP/$name.go.held" 120 || { kill "$pid"; wait "$pid"; return 1; }
  kids=$(ps -o comm= --ppid "$pid" | sort | tr '\n' ' ')
  release "$name"
  wait "$pid" || fail "$name: solve exited $?: $(cat "$name.out")"
  echo "$kids"
}

kids=$(run_held plain) && [ -e plain.h5 ] || fail "the plain run"
case "$kids" in
*orted*) fail "a singleton started the orted helper: children '$kids'" ;;
*) pass "a singleton runs without a helper daemon (children: '${kids% }')" ;;
esac

kids=$(run_held helper OMPI_MCA_ess_singleton_isolated=0) && [ -e helper.h5 ] ||
  fail "the run with the user's setting"
case "$kids" in
*orted*) pass "OMPI_MCA_ess_singleton_isolated=0 from the user stands (orted beside it)" ;;
*) fail "the user's OMPI_MCA_ess_singleton_isolated=0 was overridden: children '$kids'" ;;
esac

# Two singletons at once on one node (a job array's tasks, a script's loop): isolated singletons
# all take Open MPI's job family 0, so they shared one session folder, and the first to end removed
# it under the other; when that happened between two of Open MPI's file opens inside the other's
# output creation, its output could not be created ("cannot create ....tmp ()", about 1 run in 60
# of two short solves started together). Each singleton now has a session folder of its own.
# Both runs wait after reading their input (ANTROUTE_TEST_PAUSE=prepared); the earlier one is let
# go and ends; the later one's session folder must still be there; then it writes its output.
base=${OMPI_MCA_orte_tmpdir_base:-${TMPDIR:-/tmp}}
paused() { # NAME: a solve that waits at "prepared" until NAME.go exists
  env -u OMPI_MCA_ess_singleton_isolated -u OMPI_MCA_pml ANTROUTE_TEST_PAUSE="prepared:$AR_TMP/$1" \
    OMP_NUM_THREADS=1 "$A" solve net.h5 -o "$1.h5" --iterations 5 --seed 4 -q >"$1.out" 2>&1
}
paused early &
early=$!
wait_file "$AR_TMP/early" 120 || fail "the first singleton never reached its pause: $(cat early.out)"
paused late &
late=$!
wait_file "$AR_TMP/late" 120 || fail "the second singleton never reached its pause: $(cat late.out)"
touch "$AR_TMP/early.go"
wait "$early" && [ -e early.h5 ] || fail "the first singleton: $(cat early.out)"
[ -n "$(find "$base" -type d -path '*/jf.*/*' 2>/dev/null)" ] &&
  pass "a running singleton keeps its session folder when another one ends" ||
  fail "the session folder of the running singleton went with the one that ended"
touch "$AR_TMP/late.go"
wait "$late" && [ -e late.h5 ] && pass "two singletons at once: each writes its output" ||
  fail "the second singleton, after the first ended: $(cat late.out)"
if [ -n "${OMPI_MCA_orte_tmpdir_base:-}" ]; then # the suite's folder for this test alone
  [ -z "$(find "$base" -mindepth 1 -maxdepth 1 -name 'ompi.*' 2>/dev/null)" ] &&
    pass "no session folder is left after them" ||
    fail "left behind: $(find "$base" -mindepth 1 -maxdepth 1 -name 'ompi.*')"
fi

# Ranks that mpirun puts all on one node take ob1 (ar_one_node_defaults): asked (pml_base_verbose),
# Open MPI lists the messaging layers each rank opens; without the setting they also open cm,
# monitoring and v (cm probes the fabric libraries), with it ob1 alone.
(
  unset OMPI_MCA_pml
  export OMPI_MCA_pml_base_verbose=10
  ar_mpirun 2 "$A" solve net.h5 -o np2.h5 --iterations 20 --epoch-iterations 1 --seed 4 \
    --colonies 2 -q >np2.out 2>&1
) || fail "mpirun -np 2 solve: $(tail -3 np2.out)"
opened=$(grep -o 'components_open: found loaded component [a-z0-9]*' np2.out | awk '{print $NF}' | sort | uniq -c | tr -s ' \n' '  ')
[ "$opened" = " 2 ob1 " ] && pass "mpirun -np 2 on one node: each rank opens ob1 alone" ||
  fail "mpirun -np 2 on one node: the ranks opened '$opened', not ob1 alone"

# A singleton leaves out hwloc's discovery of I/O devices (HWLOC_COMPONENTS): Open MPI's
# topology then reads no PCI device's configuration space. With the user's own setting (here the
# empty one, hwloc's default) it does, where the machine shows PCI devices to it.
pci_reads() { # NAME ENV...: how many PCI configuration files a one-iteration singleton solve opens
  local name=$1
  shift
  env -u OMPI_MCA_ess_singleton_isolated -u OMPI_MCA_pml -u HWLOC_COMPONENTS "$@" OMP_NUM_THREADS=1 \
    strace -f -qq -e trace=openat -o "$name.trace" "$A" solve net.h5 -o "$name.h5" --iterations 1 \
    --seed 4 -q >"$name.out" 2>&1 || { echo "solve failed: $(cat "$name.out")"; return 1; }
  grep -c '/sys/bus/pci/devices/[^"]*/config"' "$name.trace" || true # 0 matches: status 1
}
if command -v strace >/dev/null && strace -qq -o /dev/null true 2>/dev/null; then
  default_reads=$(pci_reads pci_default) && [ "$default_reads" = 0 ] &&
    pass "a singleton reads no PCI device's configuration" ||
    fail "a singleton read PCI configurations: $default_reads"
  user_reads=$(pci_reads pci_user HWLOC_COMPONENTS=) || fail "the run with HWLOC_COMPONENTS=: $user_reads"
  if [ "${user_reads:-0}" -gt 0 ] 2>/dev/null; then
    pass "HWLOC_COMPONENTS from the user stands ($user_reads PCI configurations read)"
  else
    echo "note: no PCI device visible here: only the default's check above means anything"
  fi
else
  echo "note: no strace, or no ptrace here: the I/O discovery checks skipped (setup.sh test installs strace)"
fi

# The settings change how MPI starts, not the answer.
[ "$(h5dump -d /best/cost -y -O /dev/null plain.h5 | tr -dc 0-9)" = \
  "$(h5dump -d /best/cost -y -O /dev/null helper.h5 | tr -dc 0-9)" ] &&
  pass "the same answer either way" || fail "the answers differ"
finish
