#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# local-cluster.sh: a single-node Slurm cluster on localhost, for antroute's tests and for trying
# the templates without a real cluster.
#
#   slurm/local-cluster.sh start  [DIR]   start munged, slurmctld and slurmd; wait for an idle node
#   slurm/local-cluster.sh stop   [DIR]   cancel all jobs, then stop slurmd, slurmctld, munged
#   slurm/local-cluster.sh status [DIR]   show the daemons and the node
#   slurm/local-cluster.sh env    [DIR]   print the export line for SLURM_CONF
#
# DIR (default $AR_SLURM_DIR, else build/slurm-cluster in the project) holds everything: slurm.conf,
# the munge key and socket, Slurm's state and spool, logs (DIR/log) and pid files (DIR/run); when
# DIR's path is long, the sockets and spool live in /tmp/antroute-slurm-<checksum of DIR> instead
# (Unix socket paths are short). Client commands need `export SLURM_CONF=DIR/slurm.conf` (or
# `source DIR/env.sh`).
#
# The node pretends to be one 4-socket Xeon E7-8890 v4 (4 x 24 cores x 2 hardware threads = 192
# CPUs, SlurmdParameters=config_overrides), so the flagship 64 x 3 template is accepted; jobs run
# oversubscribed on the real cores. Two partitions: `low` (default; preempted jobs are requeued
# after GraceTime) and `high` (preempts `low`). Requeue settings are fast (KillWait=10,
# cred_expire=10) so a requeued job restarts in about 15-25 s.
#
# Needs root, munge and Slurm 22.05 (Debian: munge slurm-wlm slurmctld slurmd slurm-client).
# Runs its own munged on its own socket and key; it never touches /etc/munge, /etc/slurm or system
# daemons, and stops only the processes whose pids it recorded. It refuses to start while daemons of
# an earlier cluster in DIR still run without their pid files (they would share its spool).
# Environment: AR_SLURM_PORT (slurmctld port, default 6817; slurmd uses the next one),
# AR_SLURM_GRACE (GraceTime of partition low in seconds, default 30).
# Exit status: 0 done, 1 failed (the log files are named), 2 usage, 3 cannot run on this machine
# (not root, or Slurm/munge missing).
set -euo pipefail

project_dir=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
action=${1:-}
dir=${2:-${AR_SLURM_DIR:-$project_dir/build/slurm-cluster}}
node=e7node
ctld_port=${AR_SLURM_PORT:-6817}
slurmd_port=$((ctld_port + 1))
grace=${AR_SLURM_GRACE:-30}

usage() {
  sed -n '5,9p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
AR_CL_NAME=local-cluster
# shellcheck source=slurm/cluster-lib.sh
source "$project_dir/slurm/cluster-lib.sh"

case "$action" in start | stop | status | env) ;; *) usage ;; esac
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf
export SLURM_CONF=$conf
short_dir=$(cl_short_dir "$dir")
sock=$short_dir/munge/munge.socket.2

write_config() {
  local host
  host=$(hostname -s)
  cl_make_dirs
  install -d -m 1777 "$short_dir/tmp"
  {
    echo "# Written by slurm/local-cluster.sh; rewritten at every start. Single node, localhost."
    echo "ClusterName=antroute"
    echo "SlurmctldHost=$host(127.0.0.1)"
    # task/none: Slurm cannot bind to the CPUs of a faked node that this machine does not have.
    cl_common_conf task/none "$short_dir/spool" slurmd
    # Per-job files named after the job id go into this cluster's own folder, not the machine's
    # /tmp or /dev/shm, where the same job id of another test cluster would meet them: the PMIx
    # plugin's step folders (spmix_appdir_UID_JOB.STEP, under TmpFS), Open MPI's session
    # directory and shared-memory segments (the task prolog, cl_task_prolog).
    echo "TmpFS=$short_dir/tmp"
    echo "TaskProlog=$dir/task-prolog.sh"
    echo "# One 4-socket Xeon E7-8890 v4: 4 x 24 cores x 2 hardware threads."
    echo "NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=192 Boards=1 SocketsPerBoard=4 CoresPerSocket=24 ThreadsPerCore=2 RealMemory=2000 State=UNKNOWN"
    cl_partitions "$node"
  } >"$conf"
  cl_task_prolog "$short_dir/tmp"
  echo "export SLURM_CONF=$conf" >"$dir/env.sh"
}

node_state() { sinfo -h -N -n "$node" -o '%T' 2>/dev/null | head -n 1; }
node_idle() {
  local s
  s=$(node_state)
  case "$s" in
    idle | mixed | allocated) return 0 ;;
    drain* | down* | fail*)
      # A drain (e.g. "Low CPUs" from an earlier run) survives in the saved state: lift it.
      scontrol update nodename="$node" state=resume >/dev/null 2>&1 || true
      return 1
      ;;
  esac
  return 1
}

# leftover_daemons: pids of daemons and step daemons that still run with this DIR's configuration
# or munge socket although its pid files are gone (DIR was deleted under a running cluster, e.g. a
# test killed by a timeout before it could stop its cluster). A new cluster in DIR would share its
# spool ($short_dir/spool) with them, and the old slurmd then signals or aborts the new cluster's
# steps there: same node name, same job ids.
leftover_daemons() {
  local n p
  for n in slurmctld slurmd slurmstepd munged; do
    for p in $(pgrep -x "$n"); do
      if { tr '\0' '\n' <"/proc/$p/cmdline"; } 2>/dev/null | grep -qxF -e "$conf" -e "--socket=$sock" ||
        { tr '\0' '\n' <"/proc/$p/environ"; } 2>/dev/null | grep -qxF "SLURM_CONF=$conf"; then
        echo "$p"
      fi
    done
  done | tr '\n' ' '
}

start() {
  check_machine
  if ! alive munged && ! alive slurmctld && ! alive slurmd; then
    local left
    left=$(leftover_daemons)
    [ -z "${left// /}" ] || fail_start "processes of an earlier cluster in $dir still run (pids" \
      "${left% }; their pid files are gone): a new cluster would share their spool in $short_dir" \
      "and they would act on its jobs; stop them first (kill ${left% })"
  fi
  if alive munged && alive slurmctld && alive slurmd; then
    say "already running in $dir"
    wait_until 30 node_idle || fail_start "node $node is not usable: state '$(node_state)'"
    return 0
  fi
  if ! alive slurmctld && ! alive slurmd; then write_config; fi
  start_munged
  if ! alive slurmctld; then
    rm -f "$dir/run/slurmctld.pid"
    "$(sbin slurmctld)" -f "$conf" || fail_start "slurmctld failed to start"
    wait_until 20 alive slurmctld || fail_start "slurmctld wrote no pid file or died"
  fi
  wait_until 30 ctld_up || fail_start "slurmctld does not answer (scontrol ping)"
  if ! alive slurmd; then
    rm -f "$dir/run/slurmd.pid"
    "$(sbin slurmd)" -f "$conf" -N "$node" || fail_start "slurmd failed to start"
    wait_until 20 alive slurmd || fail_start "slurmd wrote no pid file or died"
  fi
  wait_until 45 node_idle || fail_start "node $node did not become idle: state '$(node_state)'"
  say "running in $dir (munged $(pid_of munged), slurmctld $(pid_of slurmctld), slurmd $(pid_of slurmd))"
  say "logs in $dir/log; clients need: export SLURM_CONF=$conf"
}

stop() {
  [ -f "$conf" ] || {
    say "nothing to stop in $dir"
    return 0
  }
  if alive slurmctld && ctld_up; then cancel_all_jobs; fi
  # slurmd first: it waits for its steps, and steps need slurmctld to finish.
  stop_daemon slurmd 30
  stop_daemon slurmctld 30
  stop_daemon munged 10
  cl_remove_sockets
  say "stopped (logs kept in $dir/log)"
}

status() {
  local d rc=0
  for d in munged slurmctld slurmd; do
    if alive "$d"; then say "$d running, pid $(pid_of "$d")"; else
      say "$d not running"
      rc=1
    fi
  done
  cl_show
  say "state in $dir; export SLURM_CONF=$conf"
  return $rc
}

case "$action" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) echo "export SLURM_CONF=$conf" ;;
esac
