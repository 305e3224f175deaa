#!/usr/bin/env bash
# The batch templates of slurm/ and slurm/antroute-step.sh, driven through sbatch on the local
# cluster, with tests/slurm/mock-antroute.sh as the solver: a stand-in that keeps antroute's batch
# contract (options, SIGUSR1/SIGTERM -> checkpoint -> exit 75, --resume auto, SLURM_JOB_END_TIME,
# exit 3 on bad input) and sleeps instead of computing. This checks the templates' own logic
# (signal forwarding, status handling, requeue, its cap, cancel) independently of antroute; the
# test_e2e_* scripts run the same scenarios with antroute itself.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"

/usr/bin/python3 -c 'import h5py' 2>/dev/null || skip_test "the mock solver needs /usr/bin/python3 with h5py"
SOLVER=$AR_SOURCE_DIR/tests/slurm/mock-antroute.sh
export MOCK_ITER_SECONDS=0.1 MOCK_END_MARGIN=20
GOOD_INPUT=$AR_TMP/network.txt
BAD_INPUT=$AR_TMP/broken.txt
echo MOCK-NETWORK >"$GOOD_INPUT"
echo "no network here" >"$BAD_INPUT"
SEED=7
COLONIES=64

# iters_for SECONDS: iterations that take about SECONDS.
iters_for() { echo $(($1 * 10)); }
# reference ITERATIONS: the answer of the same solve without Slurm.
reference() {
  local d
  d=$(mktemp -d "$AR_TMP/ref.XXXXXX")
  MOCK_ITER_SECONDS=0 "$SOLVER" solve "$GOOD_INPUT" -o "$d/out.h5" --iterations "$1" --seed "$SEED" \
    --colonies "$COLONIES" --checkpoint-dir "$d/ckpt" --resume auto >/dev/null &&
    answer "$d/out.h5"
}

t0=$SECONDS
cluster_up skip

# Phase 1: independent scenarios side by side (the node has 192 CPUs).
run_scenario complete-64x3-full scenario_complete c64 e7-8890v4-64x3.sbatch full 2
run_scenario complete-32x6 scenario_complete c32 e7-8890v4-32x6.sbatch small 2
run_scenario complete-2node scenario_complete c2n 2node-32x3-cores.sbatch small 2
run_scenario complete-generic scenario_complete cgen generic.sbatch small 2
run_scenario requeue scenario_requeue requeue e7-8890v4-64x3.sbatch 10
run_scenario timelimit scenario_timelimit timelimit e7-8890v4-32x6.sbatch 50
run_scenario badinput scenario_badinput badinput 2node-32x3-cores.sbatch
run_scenario cancel scenario_cancel cancel generic.sbatch 10
run_scenario cap scenario_cap cap e7-8890v4-64x3.sbatch 10
collect_scenarios

# The flagship ran unscaled: 64 ranks x 3 threads on the 192-CPU node.
j=$(cat "$AR_TMP/c64/jobid" 2>/dev/null)
expect_eq "flagship allocation (CPUs tasks CPUs/task)" \
  "$(job_field "$j" NumCPUs) $(job_field "$j" NumTasks) $(job_field "$j" CPUs/Task)" "192 64 3"
expect_log "flagship" "$AR_TMP/c64/job.out" "64 ranks x 3 threads, OMP_PLACES=threads OMP_PROC_BIND=close"
expect_log "flagship" "$AR_TMP/c64/job.out" "srun -c 3 --distribution=block:block --cpu-bind=verbose,threads"
expect_log "flagship" "$AR_TMP/c64/job.out" "TaskPlugin=task/none: .* using OMP_PROC_BIND=false"
expect_log "generic" "$AR_TMP/cgen/job.out" "antroute advise rejected 2x1 on this node .*binding to cores"

# Phase 2: preemption takes the whole node, so it runs alone.
run_scenario preempt scenario_preempt preempt e7-8890v4-64x3.sbatch 10
collect_scenarios
echo "took $((SECONDS - t0)) s"
finish
