#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The single-node Slurm cluster (slurm/local-cluster.sh) and antroute through the batch templates
# on it, all in one cluster start.
# - The cluster script: it starts (twice: idempotent), advertises the E7-8890 v4 node and its
#   partitions, runs a job and a 64 x 3 allocation, and stops leaving no daemon behind.
# - antroute solve on att532 through the templates, side by side: a run to completion equals the
#   same run without Slurm; a broken or missing input fails at once without requeue; scancel
#   leaves the job cancelled; the restart cap stops requeueing, and resubmitting by hand resumes;
#   `scontrol requeue` mid-run leads to a checkpoint, a restart with SLURM_RESTART_COUNT=1 and the
#   same answer; a 1-minute job whose work takes longer checkpoints before its time limit and
#   requeues itself until done.
# - Then alone (the preempting job takes the whole node): preemption of the run by a job of
#   partition high: SIGUSR1, checkpoint, self-requeue, restart, same answer.
# Runs that are signalled hold mid-run until they take the signal (slurm_lib.sh): no scenario
# depends on how fast or loaded the machine is.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/e2e_setup.sh"

t0=$SECONDS
ITERS=40 # iterations of the antroute runs (the time-limit run has its own)
warm_references $ITERS 100
cluster_up fail
pass "cluster started in $((SECONDS - t0)) s (with the runs without Slurm)"
"$AR_CLUSTER" start "$AR_SLURM_DIR" | grep -q "already running" && pass "start again: already running" ||
  fail "a second start did not see the running cluster"
expect_eq "node shape (CPUs S:C:T state)" "$(sinfo -h -N -p low -o '%c %z %T')" "192 4:24:2 idle"
expect_eq "partitions" "$(sinfo -h -o '%P' | tr '\n' ' ')" "low* high "

# A trivial job, and the flagship layout (64 tasks x 3 CPUs = 192 CPUs: the whole node, so before
# the scenarios, which it would otherwise wait for).
j=$(sbatch --parsable -o "$AR_TMP/hostname.out" --wrap hostname)
k=$(sbatch --parsable --ntasks=64 --ntasks-per-socket=16 --cpus-per-task=3 --threads-per-core=2 \
  -o "$AR_TMP/layout.out" --wrap 'echo $SLURM_NTASKS $SLURM_CPUS_PER_TASK')
expect_eq "sbatch --wrap hostname" "$(wait_final "$j" 120)" COMPLETED
expect_eq "its output" "$(cat "$AR_TMP/hostname.out" 2>/dev/null)" "$(hostname)"
expect_eq "64 x 3 layout job" "$(wait_final "$k" 120)" COMPLETED
expect_eq "64 x 3 allocation" "$(job_field "$k" NumCPUs) $(cat "$AR_TMP/layout.out")" "192 64 3"

# 100 iterations of 500 ms each (ANTROUTE_TEST_PACE_MS): more than one run can do before the
# limit on any machine, since every run stops at a time set by the clock (the signal, or
# REQUEUE_SECONDS=15 before the limit). Runs on the faked 192-CPU node, hence task/none: the
# scaled-down job still asks for one rank per socket, on two sockets. Submitted first: its
# 1-minute clock starts at the allocation, and slurmd launches jobs one after the other.
run_scenario timelimit scenario_timelimit timelimit e7-8890v4-32x6.sbatch 100 500
wait_until 120 "the time-limit job to start" test -s "$AR_TMP/timelimit/job.out"
run_scenario complete scenario_complete complete e7-8890v4-64x3.sbatch small $ITERS
run_scenario complete-generic scenario_complete complete-generic generic.sbatch small $ITERS
run_scenario badinput scenario_badinput badinput e7-8890v4-32x6.sbatch
run_scenario cancel scenario_cancel cancel 2node-32x3-cores.sbatch $ITERS
run_scenario cap scenario_cap cap e7-8890v4-64x3.sbatch $ITERS
run_scenario requeue scenario_requeue requeue e7-8890v4-64x3.sbatch $ITERS
collect_scenarios

# The user guide's last step: a plotted result of the run that was requeued in the middle.
if "$ANTROUTE" report "$AR_TMP/requeue/out.h5" -o "$AR_TMP/requeue/report" >"$AR_TMP/report.log" 2>&1 &&
  [ "$(find "$AR_TMP/requeue/report" -name '*.png' | wc -l)" -ge 2 ]; then
  pass "report of the requeued run draws its pictures"
else
  fail "report of the requeued run: $(head -c 400 "$AR_TMP/report.log")"
fi

run_scenario preempt scenario_preempt preempt e7-8890v4-64x3.sbatch $ITERS
collect_scenarios

# Stop (nothing runs any more): no daemon, no step left.
pids=$(cat "$AR_SLURM_DIR"/run/*.pid 2>/dev/null | tr '\n' ' ')
trap - EXIT
"$AR_CLUSTER" stop "$AR_SLURM_DIR" && pass "cluster stopped" || fail "local-cluster.sh stop failed"
left=
for p in $pids; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
expect_eq "daemons left (recorded pids $pids)" "$left" ""
# Only this cluster's step daemons count (other clusters may run on the machine): they inherit
# slurmd's environment, which names this cluster's configuration.
ours=0
for p in $(pgrep -x slurmstepd); do
  tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "SLURM_CONF=$SLURM_CONF" && ours=$((ours + 1))
done
expect_eq "slurmstepd processes left" "$ours" 0
"$AR_CLUSTER" status "$AR_SLURM_DIR" >/dev/null && fail "status says running after stop" ||
  pass "status: not running"
"$AR_CLUSTER" stop "$AR_SLURM_DIR" >/dev/null && pass "stop again: nothing to do" ||
  fail "a second stop failed"
echo "took $((SECONDS - t0)) s"
finish
