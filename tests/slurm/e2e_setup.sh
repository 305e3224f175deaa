# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash disable=SC2034
# e2e_setup.sh: the common start of the Slurm tests that run antroute (sourced after
# slurm_lib.sh): antroute itself is the solver, on att532 imported from TSPLIB; the run without
# Slurm is the same solve under mpirun with the same layout (2 ranks x 1 thread).

SOLVER=$ANTROUTE
tsp=$AR_SOURCE_DIR/inputs/tsplib/att532.tsp
GOOD_INPUT=$AR_TMP/att532.h5
BAD_INPUT=$AR_TMP/broken.h5
"$ANTROUTE" import tsplib "$tsp" -o "$GOOD_INPUT" >/dev/null || {
  fail "antroute import tsplib $tsp"
  finish
}
echo "this is not an HDF5 file" >"$BAD_INPUT"
SEED=7
COLONIES=4

# solve_without_slurm ITERATIONS DIR: the reference run; prints nothing, fails like antroute.
solve_without_slurm() {
  OMP_NUM_THREADS=1 ar_mpirun 2 "$ANTROUTE" solve "$GOOD_INPUT" -o "$2/out.h5" --iterations "$1" \
    --seed "$SEED" --colonies "$COLONIES" --checkpoint-dir "$2/ckpt" --resume auto >"$2/log" 2>&1
}

# Runs under Slurm are not paced (AR_PACE_MS, ANTROUTE_TEST_PACE_MS, is for a scenario that needs
# a run longer than a time limit); those that a scenario signals hold after AR_HOLD_AT iterations
# (slurm_lib.sh: hold_export) until the signal has come, so their length does not matter.
AR_PACE_MS=${AR_PACE_MS:-}
AR_HOLD_AT=${AR_HOLD_AT:-10}

# reference ITERATIONS: the answer of the run without Slurm, computed once (warm_references runs
# them before the scenarios start, so that the scenarios only read them).
reference() {
  local f=$AR_TMP/reference-$1
  if [ ! -f "$f.answer" ]; then
    mkdir -p "$f"
    solve_without_slurm "$1" "$f" && answer "$f/out.h5" >"$f.answer"
  fi
  cat "$f.answer"
}
warm_references() {
  local n
  for n in "$@"; do reference "$n" >/dev/null; done
}
