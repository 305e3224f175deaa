#!/usr/bin/env bash
# antroute solve through a template with a 1-minute time limit and more work than that: it
# checkpoints before the limit (SIGUSR1 from --signal, or SLURM_JOB_END_TIME), requeues itself,
# resumes, and ends with the same answer as the run without Slurm; never killed by the limit.
# Skipped until antroute solve has --checkpoint-dir.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/e2e_setup.sh"

t0=$SECONDS
warm_references 50
cluster_up skip
run_scenario timelimit scenario_timelimit timelimit e7-8890v4-32x6.sbatch 50
collect_scenarios
echo "took $((SECONDS - t0)) s"
finish
