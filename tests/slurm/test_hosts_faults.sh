#!/usr/bin/env bash
# Faults across two Slurm hosts (slurm/netns-cluster.sh), each on the 2-node template with one
# rank per host, paced runs that checkpoint every 5 iterations:
# - every antroute process on node2 killed mid-run: the job ends FAILED with the signal's status
#   and is not requeued (docs/slurm.md: a restart could fail the same way); submitting it again
#   resumes from the newest checkpoint and ends with the uninterrupted answer;
# - node2 lost mid-run (netns-cluster.sh crash: its slurmd, slurmstepd and antroute killed):
#   Slurm marks it DOWN after SlurmdTimeout and requeues the job (--requeue); the host comes back
#   (netns-cluster.sh boot: empty /tmp, slurmd again), sees the same checkpoint folder as node1,
#   and the job resumes to the uninterrupted answer.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/e2e_setup.sh"
source "$AR_SOURCE_DIR/tests/slurm/hosts_lib.sh"

t0=$SECONDS
ITERS=80 # 20 s at the pace of 250 ms
reference $ITERS >/dev/null
cluster_up fail
AR_SCALE=2x1
EXPORTS=CKPT_EVERY=5

# start_paced NAME: submits the paced run; prints the job id once it runs and has checkpointed.
start_paced() {
  local j
  j=$(submit "$1" 2node-32x3-cores.sbatch small $ITERS "$EXPORTS") || return 1
  wait_running "$j" 60 || return 1
  wait_checkpoint "$AR_TMP/$1/out.ckpt" 60 || return 1
  sleep 1
  echo "$j"
}

# ---- Every antroute process on node2 killed.
name=killranks
if j=$(start_paced $name); then
  pids=$(host_pids node2 antroute | tr '\n' ' ')
  if [ -n "${pids// /}" ]; then pass "$name: antroute on node2: pids $pids"; else
    fail "$name: no antroute process on node2"
  fi
  # shellcheck disable=SC2086
  kill -KILL $pids 2>/dev/null
  st=$(wait_final "$j" 90)
  expect_eq "$name: state" "$st" FAILED
  expect_eq "$name: restarts" "$(job_field "$j" Restarts)" 0
  expect_log "$name" "$AR_TMP/$name/job.out" "antroute failed with status [0-9]+; not requeued"
  resumed_to_answer $name 2node-32x3-cores.sbatch $ITERS "$EXPORTS" "node1 node2"
else
  fail "$name: the paced job did not start or checkpoint: $(tail -n 5 "$AR_TMP/$name/job.out" 2>&1)"
fi

# ---- node2 lost: its slurmd and everything of the job on it killed; then it comes back.
name=losthost
if j=$(start_paced $name); then
  "$AR_CLUSTER" crash node2 "$AR_SLURM_DIR" && pass "$name: node2 crashed (slurmd, slurmstepd, antroute killed)" ||
    fail "$name: netns-cluster.sh crash node2"
  t1=$SECONDS
  deadline=$((SECONDS + 4 * AR_SLURMD_TIMEOUT + 30))
  until [[ "$(sinfo -h -n node2 -o '%T')" == down* ]] || [ $SECONDS -ge $deadline ]; do sleep 1; done
  expect_eq "$name: node2 state after $((SECONDS - t1)) s" "$(sinfo -h -n node2 -o '%T' | head -n 1 | tr -d '*')" down
  until [ "$(job_field "$j" Restarts)" = 1 ] || [ $SECONDS -ge $deadline ]; do sleep 1; done
  expect_eq "$name: restarts (requeued by Slurm for the lost node)" "$(job_field "$j" Restarts)" 1
  # The host comes back (an empty /tmp, slurmd registers again; ReturnToService=2 returns it).
  "$AR_CLUSTER" boot node2 "$AR_SLURM_DIR" && pass "$name: node2 booted again" ||
    fail "$name: netns-cluster.sh boot node2"
  same_view "$name" "$AR_TMP/$name/out.ckpt"
  st=$(wait_final "$j" 180)
  expect_eq "$name: state" "$st" COMPLETED
  expect_log "$name" "$AR_TMP/$name/job.out" "SLURM_RESTART_COUNT=1,"
  expect_resumed "$name" "$AR_TMP/$name/job.out"
  expect_hosts "$name" "$AR_TMP/$name/out.h5" "node1 node2"
  expect_same "$name" "$AR_TMP/$name/out.h5" $ITERS
else
  fail "$name: the paced job did not start or checkpoint: $(tail -n 5 "$AR_TMP/$name/job.out" 2>&1)"
fi

echo "took $((SECONDS - t0)) s"
finish
