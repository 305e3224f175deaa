#!/usr/bin/env bash
# antroute solve through the templates on the local Slurm cluster: a run to completion equals the
# same run without Slurm; a broken or missing input fails at once without requeue; scancel leaves
# the job cancelled; the restart cap stops requeueing, and resubmitting by hand resumes.
# Skipped until antroute solve has --checkpoint-dir.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/e2e_setup.sh"

t0=$SECONDS
warm_references 5 10
cluster_up skip
run_scenario complete scenario_complete complete e7-8890v4-64x3.sbatch small 5
run_scenario complete-generic scenario_complete complete-generic generic.sbatch small 5
run_scenario badinput scenario_badinput badinput e7-8890v4-32x6.sbatch
run_scenario cancel scenario_cancel cancel 2node-32x3-cores.sbatch 10
run_scenario cap scenario_cap cap e7-8890v4-64x3.sbatch 10
collect_scenarios
echo "took $((SECONDS - t0)) s"
finish
