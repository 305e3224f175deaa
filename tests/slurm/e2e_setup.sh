# shellcheck shell=bash disable=SC2034
# e2e_setup.sh: the common start of the test_e2e_* scripts (sourced after slurm_lib.sh): antroute
# itself is the solver, on att532 imported from TSPLIB; the run without Slurm is the same solve
# under mpirun with the same layout (2 ranks x 1 thread). Runs under Slurm are paced so that a
# run lasts a chosen number of seconds on any machine.

"$ANTROUTE" solve --help 2>&1 | grep -q -- '--checkpoint-dir' ||
  skip_test "antroute solve --checkpoint-dir not available yet"
SOLVER=$ANTROUTE
tsp=
for c in "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" "$AR_SHARED_DATA/tsplib/att532.tsp"; do
  [ -f "$c" ] && tsp=$c && break
done
[ -n "$tsp" ] || skip_test "att532.tsp is neither in inputs/tsplib nor in the shared data"
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

# Runs under Slurm are paced: every iteration sleeps AR_PACE_MS (ANTROUTE_TEST_PACE_MS, passed by
# submit), so a run lasts about the seconds a scenario asks for however loaded or fast the
# machine is (a calibration once went stale when the load changed). The pace does not change the
# answer, so the references run without it.
AR_PACE_MS=${AR_PACE_MS:-100}

# iters_for SECONDS: iterations that take about SECONDS at the pace (at least 20).
iters_for() {
  local n=$(($1 * 1000 / AR_PACE_MS))
  [ "$n" -ge 20 ] || n=20
  echo "$n"
}

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
  local s
  for s in "$@"; do reference "$(iters_for "$s")" >/dev/null; done
}
