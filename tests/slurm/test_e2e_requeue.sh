#!/usr/bin/env bash
# antroute solve through the flagship template on the local Slurm cluster: `scontrol requeue` in
# the middle of a run, and a preemption by a job of partition high, each lead to a checkpoint, a
# restart with SLURM_RESTART_COUNT=1 and the same /best/tour and /best/cost as the run without
# Slurm. Skipped until antroute solve has --checkpoint-dir.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/e2e_setup.sh"

t0=$SECONDS
warm_references 12
cluster_up skip
# One after the other: the preempting job takes the whole node.
run_scenario requeue scenario_requeue requeue e7-8890v4-64x3.sbatch 12
collect_scenarios
# The user guide's last step: a plotted result of the run that was requeued in the middle.
if "$ANTROUTE" report "$AR_TMP/requeue/out.h5" -o "$AR_TMP/requeue/report" > "$AR_TMP/report.log" 2>&1 &&
  [ "$(find "$AR_TMP/requeue/report" -name '*.png' | wc -l)" -ge 2 ]; then
  pass "report of the requeued run draws its pictures"
else
  fail "report of the requeued run: $(head -c 400 "$AR_TMP/report.log")"
fi
run_scenario preempt scenario_preempt preempt e7-8890v4-64x3.sbatch 12
collect_scenarios
echo "took $((SECONDS - t0)) s"
finish
