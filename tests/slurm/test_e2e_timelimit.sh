#!/usr/bin/env bash
# antroute solve through a template with a 1-minute time limit and more work than one run can do
# (100 iterations of 500 ms each: ANTROUTE_TEST_PACE_MS, so the work outlasts a run however fast
# the machine is): it checkpoints before the limit (SIGUSR1 from --signal, or SLURM_JOB_END_TIME),
# requeues itself, resumes, and ends with the same answer as the run without Slurm (which does not
# sleep); never killed by the limit. Runs on the faked 192-CPU node of local-cluster.sh, hence
# task/none: the scaled-down job still asks for one rank per socket, on two sockets.
# Skipped until antroute solve has --checkpoint-dir.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/e2e_setup.sh"

t0=$SECONDS
reference 100 >/dev/null
cluster_up skip
run_scenario timelimit scenario_timelimit timelimit e7-8890v4-32x6.sbatch 100 500
collect_scenarios
echo "took $((SECONDS - t0)) s"
finish
