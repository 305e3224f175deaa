#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# What slurm/antroute-step.sh does after a step that checkpointed (status 75), decided from the
# job as `scontrol show job` describes it, with a stand-in `scontrol` that plays a sequence of
# states (no cluster: the real templates run on real clusters in slurm_local and slurm_hosts).
# - SIGNALING (Slurm delivering its --signal=B:USR1@N just as the run stopped at its own
#   deadline) is a running job: read again, then requeued, never taken for a cancelled one (seen
#   once in the stress run: the time-limit job ended FAILED, "cancelled (state SIGNALING)");
# - CANCELLED: not requeued, exit 75; restarts moved on: Slurm requeues it itself, exit 0;
# - the restart cap: not requeued, exit 75;
# - the trap's line for a signal after the step ended, and before it started;
# - a start inside the REQUEUE_SECONDS reserve: requeued at once, no step.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
fake=$AR_TMP/bin
mkdir -p "$fake"
# scontrol show job: the next line of $AR_TMP/states ("STATE REASON RESTARTS"), the last one
# again when they run out; scontrol requeue: noted in $AR_TMP/requeued.
cat >"$fake/scontrol" <<'SH'
#!/usr/bin/env bash
if [ "$1" = requeue ]; then echo "$2" >>"$AR_TMP/requeued"; exit 0; fi
n=$(cat "$AR_TMP/reads" 2>/dev/null || echo 0)
n=$((n + 1)); echo "$n" >"$AR_TMP/reads"
line=$(sed -n "${n}p" "$AR_TMP/states"); [ -n "$line" ] || line=$(tail -n 1 "$AR_TMP/states")
read -r state reason restarts <<<"$line"
echo "JobId=7 JobName=t"
echo "   JobState=$state Reason=$reason Dependency=(null)"
echo "   Requeue=1 Restarts=$restarts BatchFlag=1 Reboot=0 ExitCode=0:0"
SH
chmod +x "$fake/scontrol"

# decide NAME "STATE REASON RESTARTS"...: ar_requeue after status 75 with these reads; prints its
# exit status and log.
decide() {
  local name=$1
  shift
  printf '%s\n' "$@" >"$AR_TMP/states"
  rm -f "$AR_TMP/reads" "$AR_TMP/requeued"
  (
    PATH=$fake:$PATH SLURM_JOB_ID=7 SLURM_RESTART_COUNT=0 MAX_RESTARTS=${CAP:-10} CKPT_DIR=/ckpt
    export PATH SLURM_JOB_ID
    # shellcheck source=/dev/null
    source "$AR_SOURCE_DIR/slurm/antroute-step.sh"
    ar_requeue
  ) >"$AR_TMP/$name.log" 2>&1
  echo $?
}
expect_decision() { # NAME STATUS PATTERN REQUEUED(yes|no)
  local got requeued=no
  got=$(cat "$AR_TMP/$1.status")
  [ -s "$AR_TMP/requeued" ] && requeued=yes
  if [ "$got" = "$2" ] && grep -Eq "$3" "$AR_TMP/$1.log" && [ "$requeued" = "$4" ]; then
    pass "$1: exit $2, /$3/, scontrol requeue: $4"
  else
    fail "$1: exit $got (want $2), requeued: $requeued (want $4): $(cat "$AR_TMP/$1.log")"
  fi
}

decide signaling "SIGNALING None 0" "SIGNALING None 0" "RUNNING None 0" >"$AR_TMP/signaling.status"
expect_decision signaling 0 "requeueing \(restart 1 of at most 10\)" yes
[ "$(cat "$AR_TMP/reads")" -ge 3 ] && pass "signaling: the state was read again until it passed" ||
  fail "signaling: read $(cat "$AR_TMP/reads") times"
decide cancelled "CANCELLED None 0" >"$AR_TMP/cancelled.status"
expect_decision cancelled 75 "the job was cancelled \(state CANCELLED\): not requeued" no
decide by-slurm "PENDING BeginTime 1" >"$AR_TMP/by-slurm.status"
expect_decision by-slurm 0 "Slurm is requeueing the job itself" no
decide timelimit "COMPLETING TimeLimit 0" >"$AR_TMP/timelimit.status"
expect_decision timelimit 0 "time limit was reached before the checkpoint" yes
CAP=0 decide cap "RUNNING None 0" >"$AR_TMP/cap.status"
expect_decision cap 75 "MAX_RESTARTS=0\): not requeued" no

# What the trap says of a signal that comes after the step ended (Slurm's --signal just after
# the run stopped at its own deadline) and of one before the step started.
said() { # said STEP_ENDED: the trap's line for SIGUSR1
  (
    # shellcheck source=/dev/null
    source "$AR_SOURCE_DIR/slurm/antroute-step.sh"
    AR_STEP_ENDED=$1
    ar_forward USR1
  ) 2>&1
}
said 1 | grep -q "received SIGUSR1 after the step had ended" && pass "a signal after the step: said so" ||
  fail "a signal after the step: $(said 1)"
said 0 | grep -q "received SIGUSR1 before the step started" && pass "a signal before the step: said so" ||
  fail "a signal before the step: $(said 0)"

# A run that starts inside the REQUEUE_SECONDS reserve before its limit (a busy slurmd took 57 s
# of a requeued 1-minute job to launch it, in CI) requeues at once, without a step: srun would
# fail ("Job/step already completing") and the job would end FAILED for good.
late=$AR_TMP/late
mkdir -p "$late"
: >"$late/in.h5"
printf '#!/usr/bin/env bash\necho "$*" >>"$AR_TMP/srun-called"\nexit 1\n' >"$fake/srun"
chmod +x "$fake/srun"
echo "RUNNING None 1" >"$AR_TMP/states"
rm -f "$AR_TMP/reads" "$AR_TMP/requeued" "$AR_TMP/srun-called"
(
  PATH=$fake:$PATH SLURM_JOB_ID=7 SLURM_RESTART_COUNT=1 SLURM_JOB_NODELIST=n1 REQUEUE_SECONDS=15
  SLURM_JOB_END_TIME=$(($(date +%s) + 5))
  export PATH SLURM_JOB_ID SLURM_RESTART_COUNT SLURM_JOB_NODELIST REQUEUE_SECONDS SLURM_JOB_END_TIME
  ANTROUTE=/bin/true INPUT=$late/in.h5 OUTPUT=$late/out.h5 CKPT_DIR=$late/ckpt
  # shellcheck source=/dev/null
  source "$AR_SOURCE_DIR/slurm/antroute-step.sh"
  ar_step_main --distribution=block:block
) >"$AR_TMP/late.log" 2>&1
echo $? >"$AR_TMP/late.status"
expect_decision late 0 "inside the 15 s reserve .*no time to run; requeueing without a step" yes
grep -q "requeueing (restart 2 of at most 10)" "$AR_TMP/late.log" && pass "late: counted as restart 2" ||
  fail "late: $(cat "$AR_TMP/late.log")"
[ ! -e "$AR_TMP/srun-called" ] && pass "late: no step started" ||
  fail "late: srun was called: $(cat "$AR_TMP/srun-called")"
finish
