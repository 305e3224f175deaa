#!/usr/bin/env bash
# The local Slurm cluster (slurm/local-cluster.sh): it starts (twice: idempotent), advertises the
# E7-8890 v4 node, runs a job, preempts a `low` job for a `high` one and requeues it with
# SLURM_RESTART_COUNT=1, and stops leaving no daemon behind.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"

t0=$SECONDS
cluster_up fail
pass "cluster started in $((SECONDS - t0)) s"
"$AR_CLUSTER" start "$AR_SLURM_DIR" | grep -q "already running" && pass "start again: already running" ||
  fail "a second start did not see the running cluster"

expect_eq "node shape (CPUs S:C:T state)" "$(sinfo -h -N -p low -o '%c %z %T')" "192 4:24:2 idle"
expect_eq "partitions" "$(sinfo -h -o '%P' | tr '\n' ' ')" "low* high "

# A trivial job.
j=$(sbatch --parsable -o "$AR_TMP/hostname.out" --wrap hostname)
expect_eq "sbatch --wrap hostname" "$(wait_final "$j" 60)" COMPLETED
expect_eq "its output" "$(cat "$AR_TMP/hostname.out" 2>/dev/null)" "$(hostname)"

# The flagship layout fits the advertised node: 64 tasks x 3 CPUs = 192 CPUs.
j=$(sbatch --parsable --ntasks=64 --ntasks-per-socket=16 --cpus-per-task=3 --threads-per-core=2 \
  -o "$AR_TMP/layout.out" --wrap 'echo $SLURM_NTASKS $SLURM_CPUS_PER_TASK')
expect_eq "64 x 3 layout job" "$(wait_final "$j" 60)" COMPLETED
expect_eq "64 x 3 allocation" "$(job_field "$j" NumCPUs) $(cat "$AR_TMP/layout.out")" "192 64 3"

# Preemption: a low job holding the whole node is requeued for a high job, then runs again.
cat >"$AR_TMP/victim.sh" <<'EOF'
#!/bin/bash
echo "victim start SLURM_RESTART_COUNT=${SLURM_RESTART_COUNT:-0}"
sleep 300 &
wait
EOF
v=$(sbatch --parsable -p low --exclusive --requeue --open-mode=append -o "$AR_TMP/victim.out" \
  "$AR_TMP/victim.sh")
wait_running "$v" 30 && pass "low job running" || fail "low job $v did not start"
h=$(sbatch --parsable -p high --exclusive -o "$AR_TMP/high.out" --wrap 'echo high ran')
expect_eq "high job" "$(wait_final "$h" 90)" COMPLETED
expect_eq "high job output" "$(cat "$AR_TMP/high.out" 2>/dev/null)" "high ran"
if wait_running "$v" 90; then pass "preempted low job runs again"; else
  fail "preempted low job $v did not run again: $(job_field "$v" JobState)"
fi
expect_eq "preempted job restarts" "$(job_field "$v" Restarts)" 1
for _ in $(seq 1 20); do grep -q "SLURM_RESTART_COUNT=1" "$AR_TMP/victim.out" && break; sleep 0.5; done
expect_eq "preempted job output" "$(tr '\n' '|' <"$AR_TMP/victim.out" | grep -o 'victim start [^|]*' |
  tr '\n' ';')" "victim start SLURM_RESTART_COUNT=0;victim start SLURM_RESTART_COUNT=1;"

# Stop (the running low job is cancelled first): no daemon, no step left.
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
