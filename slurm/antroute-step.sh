# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# antroute-step.sh: the logic every antroute batch template shares (sourced, not run).
#
# A template sets its variables (ANTROUTE, INPUT, OUTPUT, CKPT_DIR, ...), its OpenMP settings and
# its srun layout options, then calls:
#
#   ar_step_main SRUN_LAYOUT_OPTIONS...
#
# which starts `srun -c $SLURM_CPUS_PER_TASK --kill-on-bad-exit=1 SRUN_LAYOUT_OPTIONS... $ANTROUTE
# solve ... --resume auto`
# in the background, forwards SIGUSR1 and SIGTERM to it, waits for it, and acts on its status:
#   0    finished: the results are in OUTPUT; the job ends COMPLETED.
#   75   checkpointed, please resume: `scontrol requeue` this job (unless SLURM_RESTART_COUNT has
#        reached MAX_RESTARTS, or the job was cancelled); the next start resumes from CKPT_DIR.
#   else failed (2 usage, 3 bad input, 4 I/O, 5 memory, 1 other, >128 killed by a signal): the job
#        ends FAILED with that status and is not requeued (a restart would fail the same way).
# See docs/slurm.md for the protocol.

# ar_log MESSAGE: one time-stamped line in the job's output file.
ar_log() { echo "antroute-step $(date '+%F %T'): $*"; }

# Where this helper is: an installed one lives in PREFIX/share/antroute/slurm.
AR_STEP_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# ar_find_program: ANTROUTE if set, else the program installed with this helper
# (PREFIX/bin/antroute), else antroute on PATH, else the build in the submit directory.
ar_find_program() {
  local installed=$AR_STEP_DIR/../../../bin/antroute
  if [ -z "${ANTROUTE:-}" ] && [ -x "$installed" ]; then
    ANTROUTE=$(cd "$(dirname "$installed")" && pwd)/antroute
  fi
  if [ -z "${ANTROUTE:-}" ]; then
    ANTROUTE=$(command -v antroute 2>/dev/null || echo "${SLURM_SUBMIT_DIR:-.}/build/antroute")
  fi
  [ -x "$ANTROUTE" ] || {
    ar_log "antroute program '$ANTROUTE' not found or not executable (set ANTROUTE)"
    exit 2
  }
}

# ar_export_end_time: Slurm 22.05 does not set SLURM_JOB_END_TIME (newer versions do); antroute
# reads it to checkpoint and stop before the walltime, so derive it from the job's EndTime.
ar_export_end_time() {
  [ -n "${SLURM_JOB_END_TIME:-}" ] && return 0
  local end
  end=$(squeue -h -j "$SLURM_JOB_ID" -o '%e' 2>/dev/null | head -n 1)
  case "$end" in
    [0-9][0-9][0-9][0-9]-*) end=$(date -d "$end" +%s 2>/dev/null) || return 0 ;;
    *) return 0 ;; # no time limit (or squeue failed): nothing to export
  esac
  export SLURM_JOB_END_TIME=$end
}

# ar_stop_hours: AR_STOP_HOURS, the --max-hours for the solve: MAX_HOURS, or less so that antroute
# stops REQUEUE_SECONDS (default 30) before SLURM_JOB_END_TIME (AR_STOP_AT, for the log). antroute's
# own margin covers its last iteration and checkpoint; the reserve covers what follows before the
# limit: srun ending the step and `scontrol requeue` (RPCs to a possibly busy slurmctld). Without
# it a job that stops a second before its limit can still end TIMEOUT (Slurm checks limits every
# 30 s). --max-hours counts from antroute's start, a little after now: start-up eats the reserve.
ar_stop_hours() {
  AR_STOP_HOURS=${MAX_HOURS:-}
  AR_STOP_AT=
  AR_LATE_START=0
  [ -n "${SLURM_JOB_END_TIME:-}" ] || return 0
  local now left
  now=$(date +%s)
  left=$((SLURM_JOB_END_TIME - ${REQUEUE_SECONDS:-30} - now))
  # Started inside the reserve: Slurm counts the limit from the allocation, and a busy slurmd has
  # taken 57 s to launch a requeued job (seen in CI) -- a step started then is cut by the limit
  # and the job ends FAILED or TIMEOUT for good. ar_step_main requeues at once instead (nothing is
  # lost; it counts as a restart, so MAX_RESTARTS still bounds a job that never gets time to run).
  [ "$left" -ge 0 ] || AR_LATE_START=1
  [ "$left" -ge 1 ] || left=1
  # A smaller MAX_HOURS stays.
  awk -v m="${MAX_HOURS:-0}" -v s="$left" 'BEGIN { exit !(m > 0 && m * 3600 < s) }' && return 0
  AR_STOP_AT=$((now + left))
  AR_STOP_HOURS=$(awk -v s="$left" 'BEGIN { printf "%.6f", s / 3600 }')
}

# ar_check_task_binding: with TaskPlugin=task/none Slurm binds no rank, and OMP_PROC_BIND would
# then put thread 0 of every rank on the node's first place: all ranks on the same core. Unbind
# OpenMP there (AR_KEEP_OMP_BINDING=yes keeps it).
ar_check_task_binding() {
  [ "${AR_KEEP_OMP_BINDING:-no}" = yes ] && return 0
  scontrol show config 2>/dev/null | grep -Eq '^TaskPlugin +=.*task/none' || return 0
  ar_log "this cluster has TaskPlugin=task/none: ranks are not bound, so OpenMP binding would" \
    "stack the ranks' threads on the same cores; using OMP_PROC_BIND=false instead"
  export OMP_PROC_BIND=false
  unset OMP_PLACES
}

# ar_solve_command: fills the array AR_SOLVE with the antroute command line from the variables.
ar_solve_command() {
  AR_SOLVE=("$ANTROUTE" solve "$INPUT" -o "$OUTPUT" --checkpoint-dir "$CKPT_DIR" --resume auto)
  [ -n "${TIME:-}" ] && AR_SOLVE+=(--time "$TIME")
  [ -n "${ITERATIONS:-}" ] && AR_SOLVE+=(--iterations "$ITERATIONS")
  [ -n "${SEED:-}" ] && AR_SOLVE+=(--seed "$SEED")
  [ -n "${COLONIES:-}" ] && AR_SOLVE+=(--colonies "$COLONIES")
  if [ -n "${CKPT_EVERY:-}" ]; then
    AR_SOLVE+=(--checkpoint-every "$CKPT_EVERY")
  elif [ -n "${CKPT_SECONDS:-}" ]; then
    AR_SOLVE+=(--checkpoint-seconds "$CKPT_SECONDS")
  fi
  [ -n "${KEEP:-}" ] && AR_SOLVE+=(--keep "$KEEP")
  ar_stop_hours
  [ -n "$AR_STOP_HOURS" ] && AR_SOLVE+=(--max-hours "$AR_STOP_HOURS")
  # The binding report (rank -> package/cores/hardware threads, with warnings) at start: by the
  # solve itself when it has the option, else by a short `antroute advise --report-binding` step.
  AR_BINDING_STEP=no
  if [ "${REPORT_BINDING:-yes}" = yes ]; then
    if "$ANTROUTE" solve --help 2>/dev/null | grep -q -- '--report-binding'; then
      AR_SOLVE+=(--report-binding)
    elif "$ANTROUTE" advise --help 2>/dev/null | grep -q -- '--report-binding'; then
      AR_BINDING_STEP=yes
    fi
  fi
  if [ -n "${EXTRA_ARGS:-}" ]; then
    local extra
    read -r -a extra <<<"$EXTRA_ARGS"
    ar_drop_given "${extra[@]}"
    AR_SOLVE+=("${extra[@]}")
  fi
}

# ar_drop_given ARGS...: removes from AR_SOLVE the options (with their values) that ARGS give
# again: antroute refuses an option given twice, and EXTRA_ARGS is meant to win over the
# variables (EXTRA_ARGS="--keep 5" with KEEP's default 2).
ar_drop_given() {
  local kept=() i=1 opt
  kept+=("${AR_SOLVE[0]}")
  while [ "$i" -lt "${#AR_SOLVE[@]}" ]; do
    opt=${AR_SOLVE[$i]}
    local takes_value=0
    [[ "$opt" == --* && "$opt" != --report-binding && $((i + 1)) -lt ${#AR_SOLVE[@]} &&
      "${AR_SOLVE[$((i + 1))]}" != -* ]] && takes_value=1
    if [[ "$opt" == --* ]] && printf '%s\n' "$@" | grep -qxF -- "$opt"; then
      i=$((i + 1 + takes_value))
      continue
    fi
    kept+=("$opt")
    [ "$takes_value" = 1 ] && kept+=("${AR_SOLVE[$((i + 1))]}")
    i=$((i + 1 + takes_value))
  done
  AR_SOLVE=("${kept[@]}")
}

# The signal handlers. srun forwards SIGUSR1 to every task; a SIGTERM sent to srun would make it
# end the step ("forcing job termination"), so both are forwarded as SIGUSR1, which antroute treats
# like SIGTERM: finish the iteration, checkpoint, exit 75.
# A signal before the step has started is remembered and acted on instead of starting it.
AR_STEP_PID=
AR_STEP_ENDED=0
AR_TRAPPED=0
AR_SIGNALLED=0
ar_forward() {
  AR_TRAPPED=1
  AR_SIGNALLED=1
  if [ -n "$AR_STEP_PID" ]; then
    ar_log "received SIG$1; asking the step to checkpoint and stop"
    kill -USR1 "$AR_STEP_PID" 2>/dev/null
  elif [ "$AR_STEP_ENDED" = 1 ]; then
    ar_log "received SIG$1 after the step had ended"
  else
    ar_log "received SIG$1 before the step started"
  fi
  return 0
}

# ar_job_info: the job as slurmctld sees it now: AR_JOB_STATE (RUNNING, COMPLETING, PENDING, ...),
# AR_JOB_REASON (None, TimeLimit, ...) and AR_JOB_RESTARTS (how often it has been requeued).
# SIGNALING is a running job to which Slurm is delivering a signal (its --signal=B:USR1@N, which
# can come just as the run stopped at its own deadline, or scancel --signal): read again until it
# has passed (at most ~10 s), so that it is never taken for a cancelled job.
ar_job_info() {
  local info tries=0
  while :; do
    info=$(scontrol show job "$SLURM_JOB_ID" 2>/dev/null)
    AR_JOB_STATE=$(sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' <<<"$info" | head -n 1)
    AR_JOB_REASON=$(sed -n 's/.*Reason=\([^ ]*\).*/\1/p' <<<"$info" | head -n 1)
    AR_JOB_RESTARTS=$(sed -n 's/.*Restarts=\([0-9]*\).*/\1/p' <<<"$info" | head -n 1)
    [ "$AR_JOB_STATE" = SIGNALING ] && [ "$tries" -lt 20 ] || break
    tries=$((tries + 1))
    sleep 0.5
  done
}

# ar_requeued_by_slurm: true when Slurm has already requeued this job (scontrol requeue from
# outside, or preemption after GraceTime): its restart count has moved past this run's.
ar_requeued_by_slurm() {
  [ "${AR_JOB_RESTARTS:-0}" -gt "${SLURM_RESTART_COUNT:-0}" ] ||
    [[ "$AR_JOB_STATE" == PENDING || "$AR_JOB_STATE" == REQUEUE* ]]
}

# ar_requeue: after status 75, asks Slurm to start this job again; it resumes from CKPT_DIR.
# Never after scancel: Slurm would requeue even a cancelled job that is still completing.
ar_requeue() {
  local restarts=${SLURM_RESTART_COUNT:-0}
  ar_job_info
  if ar_requeued_by_slurm; then
    ar_log "checkpointed; Slurm is requeueing the job itself; it resumes from $CKPT_DIR"
    exit 0
  fi
  if [[ "$AR_JOB_STATE" != RUNNING && "$AR_JOB_STATE" != SIGNALING && "$AR_JOB_REASON" != TimeLimit ]]; then
    ar_log "checkpointed; the job was cancelled (state $AR_JOB_STATE): not requeued. To resume," \
      "submit the same template again with CKPT_DIR=$CKPT_DIR"
    exit 75
  fi
  if [ "$restarts" -ge "$MAX_RESTARTS" ]; then
    ar_log "checkpointed, but the job has restarted $restarts times (MAX_RESTARTS=$MAX_RESTARTS):" \
      "not requeued. To resume, submit the same template again with CKPT_DIR=$CKPT_DIR"
    exit 75
  fi
  [ "$AR_JOB_REASON" = TimeLimit ] && [ "${AR_LATE_START:-0}" = 0 ] &&
    ar_log "the time limit was reached before the checkpoint: choose a larger --signal=B:USR1@N"
  local done_what="checkpointed in $CKPT_DIR"
  [ "${AR_LATE_START:-0}" = 1 ] && done_what="nothing ran; the checkpoints in $CKPT_DIR stay"
  ar_log "$done_what; requeueing (restart $((restarts + 1)) of at most $MAX_RESTARTS)"
  # scontrol requeue also sends SIGTERM to this script; the trap only logs it (the step has ended).
  if scontrol requeue "$SLURM_JOB_ID"; then
    exit 0
  fi
  ar_job_info
  if ar_requeued_by_slurm; then
    ar_log "Slurm requeued the job itself (state $AR_JOB_STATE)"
    exit 0
  fi
  ar_log "scontrol requeue failed (job state $AR_JOB_STATE; submitted without --requeue?). To" \
    "resume, submit the same template again with CKPT_DIR=$CKPT_DIR"
  exit 75
}

# ar_step_main SRUN_LAYOUT_OPTIONS...: runs the solve as one job step and handles its status.
ar_step_main() {
  trap 'ar_forward USR1' USR1
  trap 'ar_forward TERM' TERM
  : "${SLURM_JOB_ID:?run this template with sbatch}"
  : "${INPUT:?set INPUT to the network file (antroute import ...)}"
  : "${OUTPUT:?set OUTPUT to the results file to write}"
  : "${CKPT_DIR:?set CKPT_DIR to a directory for checkpoints}"
  MAX_RESTARTS=${MAX_RESTARTS:-10}
  ar_find_program
  # Fail fast on what a restart cannot fix; antroute itself checks the contents of INPUT.
  if [ ! -r "$INPUT" ]; then
    ar_log "input file '$INPUT' does not exist or is not readable; not requeued"
    exit 4
  fi
  mkdir -p "$CKPT_DIR" "$(dirname "$OUTPUT")" || {
    ar_log "cannot create '$CKPT_DIR' or the directory of '$OUTPUT'; not requeued"
    exit 4
  }
  ar_export_end_time
  ar_solve_command
  local cpus=${SLURM_CPUS_PER_TASK:-1}
  export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$cpus}
  local ends=none
  [ -n "${SLURM_JOB_END_TIME:-}" ] && ends=$(date -d "@$SLURM_JOB_END_TIME" '+%F %T')
  ar_log "job $SLURM_JOB_ID, SLURM_RESTART_COUNT=${SLURM_RESTART_COUNT:-0}, on $SLURM_JOB_NODELIST:" \
    "${SLURM_NTASKS:-1} ranks x $OMP_NUM_THREADS threads, OMP_PLACES=${OMP_PLACES:-}" \
    "OMP_PROC_BIND=${OMP_PROC_BIND:-}, time limit at $ends"
  if [ "$AR_LATE_START" = 1 ]; then
    ar_log "started $((SLURM_JOB_END_TIME - $(date +%s))) s before the time limit, inside the" \
      "${REQUEUE_SECONDS:-30} s reserve (REQUEUE_SECONDS): no time to run; requeueing without a step"
    ar_requeue
  fi
  [ -n "$AR_STOP_AT" ] && ar_log "antroute stops by $(date -d "@$AR_STOP_AT" '+%F %T')," \
    "${REQUEUE_SECONDS:-30} s before the limit (REQUEUE_SECONDS: room for the requeue), if no signal" \
    "comes first"
  ar_check_task_binding
  # --kill-on-bad-exit: a rank that dies (killed, or its node lost) ends the whole step at once;
  # the other ranks would otherwise wait for it in MPI forever.
  local srun_cmd=(srun -c "$cpus" --kill-on-bad-exit=1 "$@" "${AR_SOLVE[@]}")
  if [ "$AR_BINDING_STEP" = yes ]; then
    srun -c "$cpus" "$@" "$ANTROUTE" advise --report-binding ||
      ar_log "the binding report step failed (status $?); going on"
  fi
  if [ "$AR_SIGNALLED" = 1 ]; then
    ar_log "asked to stop before the solve started: nothing new to checkpoint"
    ar_requeue
  fi
  ar_log "${srun_cmd[*]}"

  # bash runs a trap only when the foreground command returns, so the step runs in the background
  # and `wait` returns early on every trapped signal: wait again until the step has really ended.
  local started
  started=$(date +%s)
  "${srun_cmd[@]}" &
  AR_STEP_PID=$!
  local status=0 rc
  while :; do
    AR_TRAPPED=0
    wait "$AR_STEP_PID"
    rc=$?
    [ "$rc" -eq 127 ] && break # collected by the previous wait already
    status=$rc
    [ "$AR_TRAPPED" = 1 ] || break
  done
  AR_STEP_PID=
  AR_STEP_ENDED=1
  # 138 = 128 + SIGUSR1: the forwarded signal came before antroute had installed its handlers
  # (e.g. during MPI start-up): nothing was lost since the last checkpoint; go on as after 75.
  if [ "$status" -eq 138 ] && [ "$AR_SIGNALLED" = 1 ]; then
    ar_log "the step died of the forwarded SIGUSR1 before antroute could handle it; treating it" \
      "as checkpointed (the next start resumes from the last checkpoint in $CKPT_DIR)"
    status=75
  fi
  ar_finish "$status" "$started"
}

# ar_finish STATUS STARTED: what the job does after the step ended with STATUS (the step began at
# STARTED, in seconds since 1970).
ar_finish() {
  # Slurm 22.05's srun exits 0 when no task could be launched at all: a finished solve must have
  # written OUTPUT during this step.
  if [ "$1" -eq 0 ] && { [ ! -s "$OUTPUT" ] || [ "$(stat -c %Y "$OUTPUT")" -lt "$2" ]; }; then
    ar_log "the step ended with status 0 but wrote no $OUTPUT: its tasks did not run (launch" \
      "failure, see the srun messages above); not requeued"
    exit 1
  fi
  case "$1" in
    0)
      ar_log "finished; results in $OUTPUT"
      exit 0
      ;;
    75) ar_requeue ;;
    *)
      ar_job_info
      if ar_requeued_by_slurm; then
        ar_log "antroute ended with status $1 while Slurm requeues the job (no checkpoint" \
          "was confirmed: the restart resumes from the newest checkpoint in $CKPT_DIR, if any)"
      else
        ar_log "antroute failed with status $1; not requeued (see the messages above)"
      fi
      exit "$1"
      ;;
  esac
}
