# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# cluster-lib.sh: what the test clusters share (sourced by slurm/local-cluster.sh and
# slurm/netns-cluster.sh, not run): pid files, waiting, the machine check, munged, the common part
# of slurm.conf, stopping daemons and jobs.
#
# The sourcing script sets: AR_CL_NAME (prefix of its messages), dir (the cluster's folder),
# short_dir (sockets and spool; /tmp when dir is long), sock (munged's socket), conf (slurm.conf),
# ctld_port, slurmd_port, grace, and optionally slurmd_timeout (seconds until a silent node is
# DOWN; default 60). Every daemon is started and stopped by the pid it recorded, never
# by name.

say() { echo "$AR_CL_NAME: $*"; }
die() {
  echo "$AR_CL_NAME: $*" >&2
  exit 1
}

# cl_short_dir DIR: DIR itself, or /tmp/antroute-slurm-<checksum of DIR> when DIR's path is too
# long for Unix sockets (107 bytes, and slurmd's spool holds the steps' sockets).
cl_short_dir() {
  if [ ${#1} -le 48 ]; then echo "$1"; else echo "/tmp/antroute-slurm-$(cksum <<<"$1" | cut -d' ' -f1)"; fi
}

# alive PIDNAME [COMM]: true when DIR/run/PIDNAME.pid names a live process whose command is COMM
# (default PIDNAME; a recycled pid of some other program does not count).
alive() {
  local pidfile=$dir/run/$1.pid pid
  [ -s "$pidfile" ] || return 1
  pid=$(tr -dc '0-9' <"$pidfile")
  [ -n "$pid" ] && [ -r "/proc/$pid/comm" ] && [ "$(cat "/proc/$pid/comm")" = "${2:-$1}" ]
}
pid_of() { tr -dc '0-9' <"$dir/run/$1.pid"; }

show_logs() {
  echo "$AR_CL_NAME: logs are in $dir/log:" >&2
  local f
  for f in "$dir"/log/*.log; do
    [ -f "$f" ] || continue
    echo "---- $f (last lines)" >&2
    tail -n 15 "$f" >&2
  done
}
fail_start() {
  echo "$AR_CL_NAME: $*" >&2
  show_logs
  exit 1
}

# wait_until SECONDS COMMAND...: polls every 0.5 s.
wait_until() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.5
  done
}

# check_machine [PROGRAMS...]: exit 3 unless root with munge, Slurm and the given programs.
check_machine() {
  local missing=() b
  for b in munged slurmctld slurmd sbatch srun scontrol sinfo squeue scancel "$@"; do
    command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || missing+=("$b")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "$AR_CL_NAME: missing programs: ${missing[*]} (Debian: apt-get install munge slurm-wlm" \
      "slurmctld slurmd slurm-client iproute2 util-linux, or ./setup.sh deps)" >&2
    exit 3
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "$AR_CL_NAME: must run as root (slurmd starts jobs as their users)" >&2
    exit 3
  fi
}
cl_munged_args=()
sbin() { command -v "$1" 2>/dev/null || echo "/usr/sbin/$1"; }

# cl_make_dirs: the folders every cluster uses.
cl_make_dirs() {
  install -d -m 0755 "$dir/munge" "$dir/run" "$dir/log" "$dir/state" "$short_dir/munge" \
    "$short_dir/spool"
  : >"$dir/plugstack.conf"
}

# cl_common_conf TASK_PLUGIN SPOOL PIDNAME: the slurm.conf lines both clusters share (after their
# SlurmctldHost line). SPOOL and PIDNAME may hold Slurm's %n (the node name) for several slurmds.
cl_common_conf() {
  cat <<EOF
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock,cred_expire=10
# Debian's Open MPI launches only through PMIx (pmi2 fails).
MpiDefault=pmix
ProctrackType=proctrack/linuxproc
TaskPlugin=$1
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# Let a node advertise more CPUs than this machine has (the faked E7 node).
SlurmdParameters=config_overrides
# Preemption: a job in partition high requeues jobs of partition low; preempted jobs get their
# --signal at once (not only at its time), then GraceTime seconds, then SIGTERM.
PreemptType=preempt/partition_prio
PreemptMode=REQUEUE
SlurmctldParameters=preempt_send_user_signal
JobRequeue=1
# Fast requeue: a requeued job restarts in 15-25 s instead of about 3 minutes.
KillWait=10
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=5,sched_interval=10
MinJobAge=300
ReturnToService=2
InactiveLimit=0
MessageTimeout=10
SlurmdTimeout=${slurmd_timeout:-60}
MailProg=/bin/true
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
PlugStackConfig=$dir/plugstack.conf
StateSaveLocation=$dir/state
SlurmdSpoolDir=$2
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/$3.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/$3.log
SlurmctldDebug=info
SlurmdDebug=info
EOF
}

# cl_task_prolog TMP: writes DIR/task-prolog.sh (slurm.conf's TaskProlog), which gives every task
# of the cluster TMP as TMPDIR and as the folder of Open MPI's shared-memory segments. Both are
# named after the job id (Open MPI's session directory, /dev/shm/vader_segment.HOST.JOBID.RANK),
# so the same job id of another test cluster on the machine would otherwise share them.
cl_task_prolog() {
  cat >"$dir/task-prolog.sh" <<EOF
#!/bin/sh
# Written by slurm/$AR_CL_NAME.sh: per-job files of this cluster stay in its own folder.
echo "export TMPDIR=$1"
echo "export OMPI_MCA_btl_vader_backing_directory=$1"
EOF
  chmod 0755 "$dir/task-prolog.sh"
}

# cl_partitions NODES: the two partitions over NODES (a Slurm node list).
cl_partitions() {
  cat <<EOF
PartitionName=low Nodes=$1 Default=YES MaxTime=INFINITE State=UP PriorityTier=1 PreemptMode=REQUEUE GraceTime=$grace
PartitionName=high Nodes=$1 Default=NO MaxTime=INFINITE State=UP PriorityTier=10 PreemptMode=OFF
EOF
}

# start_munged [LAUNCHER...]: starts munged (with the extra options in the array cl_munged_args) (through LAUNCHER, e.g. a namespace entry) unless it
# runs; its socket is a file, so processes in every network namespace reach it.
start_munged() {
  alive munged && return 0
  local key=$dir/munge/munge.key
  if [ ! -s "$key" ]; then
    "$(sbin mungekey)" --create --keyfile="$key" >/dev/null 2>&1 ||
      dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
  fi
  chmod 0600 "$key"
  local args=("${cl_munged_args[@]}" --socket="$sock" --key-file="$key"
    --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log"
    --seed-file="$dir/munge/munged.seed")
  # munged refuses group- or world-writable parent directories (common in CI checkouts); --force
  # turns those refusals into warnings.
  "$@" "$(sbin munged)" "${args[@]}" 2>/dev/null || "$@" "$(sbin munged)" --force "${args[@]}" ||
    fail_start "munged did not start"
  wait_until 10 alive munged || fail_start "munged did not write its pid file"
  wait_until 10 test -S "$sock" || fail_start "munged created no socket $sock"
}

# stop_daemon PIDNAME SECONDS [COMM]: SIGTERM to the recorded pid, SIGKILL if it outlives SECONDS.
stop_daemon() {
  alive "$1" "${3:-$1}" || {
    rm -f "$dir/run/$1.pid"
    return 0
  }
  local pid
  pid=$(pid_of "$1")
  kill -TERM "$pid" 2>/dev/null || true
  if ! wait_until "$2" eval "! kill -0 $pid 2>/dev/null"; then
    echo "$AR_CL_NAME: $1 ($pid) ignored SIGTERM for $2 s; sending SIGKILL" >&2
    kill -KILL "$pid" 2>/dev/null || true
    wait_until 5 eval "! kill -0 $pid 2>/dev/null" || die "$1 ($pid) survives SIGKILL"
  fi
  rm -f "$dir/run/$1.pid"
}

# cl_client COMMAND...: a Slurm client command as the sourcing script runs them (it may redefine
# this, e.g. to enter the login host's namespace).
cl_client() { "$@"; }
# cl_show: the nodes and the queue, when slurmctld runs.
cl_show() {
  alive slurmctld || return 0
  cl_client sinfo -N -o '%N %P %T %c %z' 2>/dev/null || true
  cl_client squeue 2>/dev/null || true
}
ctld_up() { cl_client scontrol ping 2>/dev/null | grep -q 'UP'; }
no_jobs() { [ -z "$(cl_client squeue -h -o '%i' 2>/dev/null)" ]; }

# cancel_all_jobs: scancel every job, SIGKILL those that outlive 45 s.
cancel_all_jobs() {
  local jobs
  jobs=$(cl_client squeue -h -o '%i' 2>/dev/null | tr '\n' ' ')
  [ -n "${jobs// /}" ] || return 0
  say "cancelling jobs: $jobs"
  # shellcheck disable=SC2086
  cl_client scancel $jobs 2>/dev/null || true
  wait_until 45 no_jobs && return 0
  # A job whose script ignores SIGTERM (or requeues itself on it) is killed outright.
  say "jobs still there after 45 s; sending SIGKILL: $(cl_client squeue -h -o '%i' | tr '\n' ' ')"
  # shellcheck disable=SC2086
  cl_client scancel --signal=KILL --full $jobs 2>/dev/null || true
  # shellcheck disable=SC2086
  cl_client scancel $jobs 2>/dev/null || true
  wait_until 30 no_jobs || echo "$AR_CL_NAME: jobs still listed: $(cl_client squeue -h)" >&2
}

# cl_remove_sockets: munged's socket, and the short folder (only sockets and the spool).
cl_remove_sockets() {
  rm -f "$sock" "$sock.lock"
  [ "$short_dir" = "$dir" ] || rm -rf "$short_dir"
}
