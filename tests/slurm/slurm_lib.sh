# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# slurm_lib.sh: helpers for the Slurm tests (sourced after tests/common/lib.sh).
#
# Each test script starts its own cluster (slurm/local-cluster.sh) in $AR_TMP/cluster and stops it
# on exit. The scenarios submit the real templates of slurm/ through sbatch; they are parametrised
# by the solver under test (SOLVER, GOOD_INPUT, BAD_INPUT, SEED, COLONIES, AR_PACE_MS, AR_HOLD_AT
# and the function `reference ITERATIONS`, defined by the test script), so the same scenarios run
# against antroute itself (no stand-in solver: real parts only).
#
# No scenario races the clock: a run that is to be signalled, cancelled, requeued, preempted or
# killed holds after AR_HOLD_AT iterations (ANTROUTE_TEST_HOLD, tests/hooks/test_hooks.h) until it
# takes its signal or the test releases it, and the test waits for that state (NAME.go.held) and
# for job states, each with a generous bound and a message naming what did not happen.

export AR_SLURM_DIR=$AR_TMP/cluster
# Two consecutive free ports (slurmctld, slurmd), so that test suites of several checkouts can run
# on one machine at the same time; AR_SLURM_TEST_PORT fixes them.
free_port_pair() {
  python3 - <<'PY'
import random, socket
for _ in range(200):
    base = random.randrange(20000, 40000)
    try:
        for p in (base, base + 1):
            s = socket.socket(); s.bind(("", p)); s.close()
        print(base); break
    except OSError:
        continue
else:
    print(6917)
PY
}
export AR_SLURM_PORT=${AR_SLURM_TEST_PORT:-$(free_port_pair)}
export AR_SLURM_GRACE=${AR_SLURM_TEST_GRACE:-20}
export SLURM_CONF=$AR_SLURM_DIR/slurm.conf
export AR_STEP_HELPER=$AR_SOURCE_DIR/slurm/antroute-step.sh
AR_CLUSTER=$AR_SOURCE_DIR/slurm/local-cluster.sh
AR_FINAL_STATES=" COMPLETED FAILED CANCELLED TIMEOUT OUT_OF_MEMORY NODE_FAIL BOOT_FAIL DEADLINE "

# cluster_up skip|fail: starts the cluster and stops it when the script exits. When Slurm cannot
# run here (not root, packages missing) the test is skipped; when the cluster does not start, the
# test is skipped (skip) or fails (fail).
cluster_up() {
  local rc=0 log=$AR_TMP/cluster-start.log
  "$AR_CLUSTER" start "$AR_SLURM_DIR" >"$log" 2>&1 || rc=$?
  cat "$log"
  case "$rc" in
    0)
      trap cluster_down EXIT
      return 0
      ;;
    3) skip_test "Slurm cannot run on this machine: $(tail -n 1 "$log")" ;;
  esac
  [ "$1" = skip ] && skip_test "the local Slurm cluster did not start (messages above)"
  fail "slurm/local-cluster.sh start exited $rc"
  finish
}

# cluster_down: stops the cluster, keeping the exit status of the script.
cluster_down() {
  local rc=$?
  "$AR_CLUSTER" stop "$AR_SLURM_DIR" || echo "FAILED: local-cluster.sh stop"
  exit "$rc"
}

# job_field JOB NAME: one field of `scontrol show job` (JobState, Restarts, ExitCode, ...).
job_field() {
  scontrol show job -o "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s|^$2=||p" | head -n 1
}

# wait_final JOB SECONDS: waits until the job has ended for good; prints its state.
wait_final() {
  local deadline=$((SECONDS + $2)) state
  while :; do
    state=$(job_field "$1" JobState)
    [[ "$AR_FINAL_STATES" == *" $state "* ]] && break
    if [ "$SECONDS" -ge "$deadline" ]; then
      state="still-$state-after-$2-s"
      break
    fi
    sleep 1
  done
  echo "$state"
}

# wait_running JOB SECONDS: true once the job runs.
wait_running() {
  local deadline=$((SECONDS + $2))
  until [ "$(job_field "$1" JobState)" = RUNNING ]; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.5
  done
}

# answer FILE: the best tour and cost of a results file, as h5dump prints them.
answer() {
  h5dump -d /best/tour -d /best/cost "$1" 2>&1 | tail -n +2
}

# expect_same NAME RESULTS ITERATIONS: RESULTS holds the same answer as the run without Slurm.
expect_same() {
  local got want
  got=$(answer "$2")
  want=$(reference "$3")
  if [ -n "$want" ] && [ "$got" = "$want" ]; then
    pass "$1: /best/tour and /best/cost equal the run without Slurm"
  else
    fail "$1: answer differs from the run without Slurm: got [$(echo "$got" | tr -s ' \n' ' ' |
      head -c 300)] want [$(echo "$want" | tr -s ' \n' ' ' | head -c 300)]"
  fi
}

# expect_eq NAME GOT WANT
expect_eq() {
  if [ "$2" = "$3" ]; then pass "$1 = $3"; else fail "$1 is '$2', expected '$3'"; fi
}

# expect_log NAME FILE PATTERN: the job's output contains PATTERN (grep -E).
expect_log() {
  if grep -Eq -- "$3" "$2" 2>/dev/null; then pass "$1: output has /$3/"; else
    fail "$1: output lacks /$3/; it reads:"
    sed 's/^/    | /' "$2" 2>/dev/null | tail -n 40
  fi
}

# scale_options TEMPLATE: sbatch options that shrink the template's layout to 2 ranks x 1 thread.
scale_options() {
  case "$1" in
    2node-*) echo "--nodes=1 --ntasks-per-node=2 --ntasks-per-socket=1 --cpus-per-task=1" ;;
    generic.sbatch) echo "--ntasks=2 --cpus-per-task=1" ;;
    *) echo "--ntasks=2 --ntasks-per-socket=1 --cpus-per-task=1" ;;
  esac
}

# hold_export NAME: the export that holds NAME's runs after AR_HOLD_AT iterations until
# `release NAME` (or a signal), and the state a test waits for: wait_held NAME.
hold_export() { echo "ANTROUTE_TEST_HOLD=$(hold_at "$AR_HOLD_AT" "$1")"; }
wait_held() { wait_file "$AR_TMP/$1.go.held" 180; }

# wait_restarts JOB N: until Slurm has requeued JOB N times (bounded, fails naming the job).
wait_restarts() {
  wait_until 180 "job $1 to be requeued ($2 restarts)" eval "[ \"\$(job_field $1 Restarts)\" = $2 ]"
}

# wait_restarted NAME: until the requeued job of scenario NAME has started again (its script's
# SLURM_RESTART_COUNT=1 line): only then has the first run surely taken its signal and ended.
# Slurm counts the restart when it decides to requeue, before the signal reaches the run: a run
# released at that moment could finish instead of checkpointing.
wait_restarted() {
  wait_until 180 "the requeued job of $1 to start again" grep -q "SLURM_RESTART_COUNT=1," \
    "$AR_TMP/$1/job.out"
}

# submit NAME TEMPLATE full|small ITERATIONS EXPORTS [SBATCH_OPTIONS...]: submits a template from
# slurm/ with the job's files in $AR_TMP/NAME (job.out, out.h5, out.ckpt); prints the job id.
submit() {
  local name=$1 template=$2 scale=$3 iters=$4 exports=$5
  shift 5
  local d=$AR_TMP/$name layout=()
  mkdir -p "$d"
  [ "$scale" = small ] && read -r -a layout <<<"$(scale_options "$template")"
  # The pace of e2e_setup.sh, unless the scenario sets its own.
  [[ -n "${AR_PACE_MS:-}" && "$exports" != *ANTROUTE_TEST_PACE_MS=* ]] &&
    exports="ANTROUTE_TEST_PACE_MS=$AR_PACE_MS${exports:+,$exports}"
  (cd "$d" && sbatch --parsable -J "$name" -o "$d/job.out" "${layout[@]}" "$@" \
    --export="ALL,ANTROUTE=$SOLVER,INPUT=$GOOD_INPUT,OUTPUT=$d/out.h5,ITERATIONS=$iters,SEED=$SEED,COLONIES=$COLONIES${exports:+,$exports}" \
    "$AR_SOURCE_DIR/slurm/$template")
}

# ---- Scenarios. Each runs in its own subshell (see run_scenario) and reports with pass/fail. ----

# scenario_complete NAME TEMPLATE SCALE ITERATIONS: the job runs to the end; same answer as
# without Slurm; no restart.
scenario_complete() {
  local name=$1 iters=$4 j st
  j=$(submit "$name" "$2" "$3" "$iters" "") || { fail "$name: sbatch refused the job"; return; }
  echo "$j" >"$AR_TMP/$name/jobid"
  st=$(wait_final "$j" 180)
  expect_eq "$name: state" "$st" COMPLETED
  expect_eq "$name: restarts" "$(job_field "$j" Restarts)" 0
  expect_eq "$name: exit code" "$(job_field "$j" ExitCode)" 0:0
  expect_log "$name" "$AR_TMP/$name/job.out" "finished; results in"
  expect_same "$name" "$AR_TMP/$name/out.h5" "$iters"
}

# scenario_requeue NAME TEMPLATE ITERATIONS: `scontrol requeue` in the middle of the run (held
# there): the step checkpoints, the job restarts with SLURM_RESTART_COUNT=1, resumes, ends with
# the same answer.
scenario_requeue() {
  local name=$1 iters=$3 j st out=$AR_TMP/$1/job.out
  j=$(submit "$name" "$2" small "$iters" "$(hold_export "$name")") ||
    { fail "$name: sbatch refused the job"; return; }
  wait_held "$name" || return
  scontrol requeue "$j" && pass "$name: scontrol requeue $j" || fail "$name: scontrol requeue $j"
  wait_restarts "$j" 1
  wait_restarted "$name"
  release "$name" # the restarted run must not hold
  st=$(wait_final "$j" 240)
  expect_eq "$name: state" "$st" COMPLETED
  expect_eq "$name: restarts" "$(job_field "$j" Restarts)" 1
  expect_log "$name" "$out" "checkpointed; Slurm is requeueing the job itself"
  expect_log "$name" "$out" "SLURM_RESTART_COUNT=1,"
  expect_resumed "$name" "$out"
  expect_same "$name" "$AR_TMP/$name/out.h5" "$iters"
}

# expect_resumed NAME OUTPUT: after the restart, the solver reports that it resumed.
expect_resumed() {
  if sed -n '/SLURM_RESTART_COUNT=1,/,$p' "$2" | grep -qi "resum"; then
    pass "$1: the restarted solve says it resumed from a checkpoint"
  else
    fail "$1: no 'resum...' line from the solver after the restart"
  fi
}

# scenario_preempt NAME TEMPLATE ITERATIONS: a job of partition high preempts the run (partition
# low, held mid-run): SIGUSR1 at once, checkpoint, self-requeue, restart with
# SLURM_RESTART_COUNT=1, same answer. The preempting job takes the whole node: run it alone.
scenario_preempt() {
  local name=$1 iters=$3 j h st out=$AR_TMP/$1/job.out
  j=$(submit "$name" "$2" small "$iters" "$(hold_export "$name")" --exclusive) || {
    fail "$name: sbatch refused the job"
    return
  }
  wait_held "$name" || return
  h=$(sbatch --parsable -p high --exclusive -J "$name-high" -o "$AR_TMP/$name/high.out" \
    --wrap 'echo "high job ran"') || { fail "$name: sbatch -p high refused"; return; }
  st=$(wait_final "$h" 180)
  expect_eq "$name: preempting job state" "$st" COMPLETED
  wait_restarts "$j" 1
  wait_restarted "$name"
  release "$name" # the restarted run must not hold
  st=$(wait_final "$j" 240)
  expect_eq "$name: state" "$st" COMPLETED
  expect_eq "$name: restarts" "$(job_field "$j" Restarts)" 1
  expect_log "$name" "$out" "received SIGUSR1"
  expect_log "$name" "$out" "requeueing \(restart 1 of"
  expect_log "$name" "$out" "SLURM_RESTART_COUNT=1,"
  expect_resumed "$name" "$out"
  expect_same "$name" "$AR_TMP/$name/out.h5" "$iters"
}

# scenario_timelimit NAME TEMPLATE ITERATIONS PACE_MS: a 1-minute job whose work takes longer
# checkpoints before its time limit and requeues itself, until it is done; it is never killed by
# the limit. Every iteration sleeps PACE_MS (ANTROUTE_TEST_PACE_MS), so the work outlasts the limit
# on a fast machine too; the sleep does not change the answer. Each run stops by itself
# REQUEUE_SECONDS=15 before the limit (SLURM_JOB_END_TIME, antroute-step.sh) unless the signal
# (sent up to 30 s before its @10 by Slurm) comes first: either way at a time fixed by the clock,
# not by the machine's speed, so ITERATIONS x PACE_MS > 45 s needs a requeue on any machine.
# Once the first run has requeued the job, its limit becomes 4 minutes (scontrol update while it
# waits to start again): Slurm counts a limit from the allocation, and a busy slurmd once took 57 s
# of the minute to launch the requeued job (CI, Dec 2026: its run had no time left and the job
# ended FAILED). What the later runs check is the resume and the answer, not the minute.
scenario_timelimit() {
  local name=$1 iters=$3 j st out=$AR_TMP/$1/job.out
  j=$(submit "$name" "$2" small "$iters" "MAX_RESTARTS=10,REQUEUE_SECONDS=15,ANTROUTE_TEST_PACE_MS=$4" \
    --time=1 --signal=B:USR1@10) || {
    fail "$name: sbatch refused the job"
    return
  }
  wait_restarts "$j" 1
  scontrol update JobId="$j" TimeLimit=4 && pass "$name: the requeued job's limit raised to 4 minutes" ||
    fail "$name: scontrol update TimeLimit=4 refused"
  st=$(wait_final "$j" 720)
  expect_eq "$name: state" "$st" COMPLETED
  local restarts
  restarts=$(job_field "$j" Restarts)
  if [ "${restarts:-0}" -ge 1 ]; then pass "$name: requeued itself $restarts time(s)"; else
    fail "$name: never requeued itself (restarts '$restarts')"
  fi
  expect_log "$name" "$out" "requeueing \(restart 1 of"
  expect_log "$name" "$out" "stopped by .*(SIGUSR1|deadline) after iteration"
  if grep -q "DUE TO TIME LIMIT" "$out"; then fail "$name: killed by the time limit"; else
    pass "$name: never killed by the time limit"
  fi
  expect_same "$name" "$AR_TMP/$name/out.h5" "$iters"
  [ "$st" = COMPLETED ] || explain_job_end "$name" "$j"
}

# explain_job_end NAME JOB: what the cluster's logs say about how JOB's runs ended, for a failure.
# A job whose batch step slurmd aborted (REQUEST_ABORT_JOB: "abort completed") never reports its
# end, and slurmctld declares it TIMEOUT at its limit although nothing ran until then.
explain_job_end() {
  local log=$AR_SLURM_DIR/log
  echo "$1: job $2 as the cluster logged it:"
  grep -E "JobId=$2 |JOB $2 |job $2 |\[$2\.(batch|0)\] .*(signal|abort|exit|CANCELLED)" \
    "$log/slurmctld.log" "$log/slurmd.log" 2>/dev/null | sed 's/^/    | /' | tail -n 30
  if grep -q "\[$2\.batch\] job $2 abort completed" "$log/slurmd.log" 2>/dev/null; then
    fail "$1: slurmd aborted job $2 (SIGKILL to the batch script and its step, not asked by this" \
      "test: another slurmd on the same spool $(sed -n 's/^SlurmdSpoolDir=//p' "$SLURM_CONF")?)"
  fi
  sed 's/^/    | /' "$AR_TMP/$1/job.out" 2>/dev/null | tail -n 25
}

# scenario_badinput NAME TEMPLATE: a broken input fails at once: FAILED, exit 3, no requeue; a
# missing input: exit 4, no requeue. A job is FAILED only once its script has ended, and the
# script would have requeued it before that: the restart counts read then are final.
scenario_badinput() {
  local name=$1 j st k
  j=$(submit "$name" "$2" small 10 "INPUT=$BAD_INPUT") || { fail "$name: sbatch refused"; return; }
  k=$(submit "$name-missing" "$2" small 10 "INPUT=$AR_TMP/no-such-input.h5") || {
    fail "$name: sbatch refused"
    return
  }
  local t0=$SECONDS
  st=$(wait_final "$j" 180)
  expect_eq "$name: state" "$st" FAILED
  expect_eq "$name: exit code" "$(job_field "$j" ExitCode)" 3:0
  expect_log "$name" "$AR_TMP/$name/job.out" "failed with status 3; not requeued"
  st=$(wait_final "$k" 180)
  expect_eq "$name (missing input): state" "$st" FAILED
  expect_eq "$name (missing input): exit code" "$(job_field "$k" ExitCode)" 4:0
  expect_log "$name (missing input)" "$AR_TMP/$name-missing/job.out" "does not exist or is not readable; not requeued"
  # A generous bound: a failure that waited for retries or a requeue would take minutes.
  [ $((SECONDS - t0)) -le 120 ] && pass "$name: failed at once ($((SECONDS - t0)) s)" ||
    fail "$name: took $((SECONDS - t0)) s to fail"
  expect_eq "$name: restarts" "$(job_field "$j" Restarts)" 0
  expect_eq "$name (missing input): restarts" "$(job_field "$k" Restarts)" 0
}

# scenario_cancel NAME TEMPLATE ITERATIONS: scancel during the run (held there): the step
# checkpoints but the job stays cancelled (Slurm would requeue even a cancelled job if the script
# asked it to). The state is read once the script has said that it does not requeue.
scenario_cancel() {
  local name=$1 iters=$3 j st
  j=$(submit "$name" "$2" small "$iters" "$(hold_export "$name")") ||
    { fail "$name: sbatch refused the job"; return; }
  wait_held "$name" || return
  scancel "$j"
  st=$(wait_final "$j" 120)
  expect_eq "$name: state" "$st" CANCELLED
  wait_until 120 "the script of job $j to end" grep -Eq "the job was cancelled .*: not requeued" \
    "$AR_TMP/$name/job.out"
  expect_log "$name" "$AR_TMP/$name/job.out" "the job was cancelled .*: not requeued"
  expect_eq "$name: state after the script ended" "$(job_field "$j" JobState)" CANCELLED
  expect_eq "$name: restarts" "$(job_field "$j" Restarts)" 0
  release "$name"
}

# scenario_cap NAME TEMPLATE ITERATIONS: with MAX_RESTARTS=0 a checkpointed run (SIGUSR1 as before
# a time limit, sent while the run holds) is not requeued: FAILED with exit 75. Resubmitting the
# same template by hand resumes from the checkpoint and ends with the same answer.
scenario_cap() {
  local name=$1 iters=$3 j st out=$AR_TMP/$1/job.out
  j=$(submit "$name" "$2" small "$iters" "MAX_RESTARTS=0,$(hold_export "$name")") ||
    { fail "$name: sbatch refused"; return; }
  wait_held "$name" || return
  scancel --batch --signal=USR1 "$j"
  st=$(wait_final "$j" 120)
  expect_eq "$name: state" "$st" FAILED
  expect_eq "$name: exit code" "$(job_field "$j" ExitCode)" 75:0
  expect_eq "$name: restarts" "$(job_field "$j" Restarts)" 0
  expect_log "$name" "$out" "MAX_RESTARTS=0.*not requeued"
  # Resume by hand: the same submission again (same OUTPUT, so the same CKPT_DIR), not held.
  release "$name"
  j=$(submit "$name" "$2" small "$iters" "") || { fail "$name: resubmission refused"; return; }
  st=$(wait_final "$j" 180)
  expect_eq "$name: resubmitted job state" "$st" COMPLETED
  if sed -n "/^antroute-step .*job $j,/,\$p" "$out" | grep -qi resum; then
    pass "$name: the resubmitted job resumed from the checkpoint"
  else
    fail "$name: the resubmitted job did not say it resumed"
  fi
  expect_same "$name" "$AR_TMP/$name/out.h5" "$iters"
}

# run_scenario NAME FUNCTION ARGS...: runs a scenario in the background (its output goes to
# $AR_TMP/NAME.log); collect_scenarios waits for all and counts their results.
AR_SCENARIOS=()
run_scenario() {
  local name=$1
  shift
  ("$@") >"$AR_TMP/scenario-$name.log" 2>&1 &
  AR_SCENARIOS+=("$name:$!")
}
collect_scenarios() {
  local s name pid rc log n
  for s in "${AR_SCENARIOS[@]}"; do
    name=${s%%:*} pid=${s##*:} log=$AR_TMP/scenario-$name.log
    wait "$pid"
    rc=$?
    echo "---- scenario $name"
    cat "$log"
    n=$(grep -c '^ok:' "$log")
    AR_PASSED=$((AR_PASSED + n))
    n=$(grep -c '^FAILED:' "$log")
    AR_FAILED=$((AR_FAILED + n))
    [ "$rc" -eq 0 ] || fail "scenario $name ended with status $rc"
  done
  AR_SCENARIOS=()
}
