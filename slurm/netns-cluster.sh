#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# netns-cluster.sh: a Slurm cluster of several hosts on one machine, each host a network namespace
# with its own hostname, for antroute's multi-node tests and for trying the 2-node templates.
#
#   slurm/netns-cluster.sh start  [DIR]   make the hosts and their links, start munged, slurmctld, slurmds
#   slurm/netns-cluster.sh stop   [DIR]   cancel all jobs, stop every daemon, remove hosts and links
#   slurm/netns-cluster.sh status [DIR]   show the hosts, the daemons and the nodes
#   slurm/netns-cluster.sh env    [DIR]   print the export line for SLURM_CONF
#   slurm/netns-cluster.sh crash  HOST [DIR]   lose a host: SIGKILL its slurmd and all it runs
#   slurm/netns-cluster.sh boot   HOST [DIR]   bring it back: empty its /tmp, start its slurmd
#
# Hosts node1..nodeN (N = $AR_SLURM_HOSTS, default 2): each is a network namespace plus a UTS
# namespace (its own `hostname`), with one veth link to a bridge that lives in a namespace of its
# own (the switch), address $AR_SLURM_SUBNET.I/24 (default 10.214.0.I). Nothing is added to the
# machine's own network: traffic goes only between these namespaces. node1 is also the login
# host: munged, slurmctld and the client commands run there. Every host runs its own slurmd. The
# hosts share the file system, as cluster nodes share a parallel file system.
#
# Helpers written at start: DIR/bin/on HOST COMMAND... runs a command on a host (`DIR/bin/on
# node1 sbatch ...`); DIR/bin/rsh is an rsh agent for Open MPI's mpirun with a host file
# (OMPI_MCA_plm_rsh_agent=DIR/bin/rsh; host names or addresses).
#
# AR_SLURM_SHAPE: `real` (default): every host advertises this machine's own CPUs and Slurm binds
# tasks (TaskPlugin=task/affinity, which needs no cgroups); `e7`: every host pretends to be a
# 4-socket Xeon E7-8890 v4 (192 CPUs, config_overrides) and nothing is bound (task/none), so
# unscaled templates are accepted. Partitions `low` (default) and `high` as in local-cluster.sh.
# DIR (default $AR_SLURM_DIR, else build/netns-cluster) holds slurm.conf, logs (DIR/log), pid
# files (DIR/run), state, each host's /tmp (DIR/hosts/nodeI/tmp); sockets and spools live in
# /run/antroute-netns-<checksum of DIR>.
# Environment: AR_SLURM_PORT (slurmctld port, default 6817; slurmd the next one), AR_SLURM_GRACE,
# AR_SLURMD_TIMEOUT (seconds after which a host that stopped answering is DOWN, default 60).
# Exit status: 0 done, 1 failed (the logs are shown), 2 usage, 3 cannot run on this machine (not
# root, programs missing, or the kernel refuses network or UTS namespaces).
set -euo pipefail

project_dir=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
action=${1:-}
dir=${2:-${AR_SLURM_DIR:-$project_dir/build/netns-cluster}}
nhosts=${AR_SLURM_HOSTS:-2}
subnet=${AR_SLURM_SUBNET:-10.214.0}
shape=${AR_SLURM_SHAPE:-real}
ctld_port=${AR_SLURM_PORT:-6817}
slurmd_port=$((ctld_port + 1))
grace=${AR_SLURM_GRACE:-30}
slurmd_timeout=${AR_SLURMD_TIMEOUT:-60}

usage() {
  sed -n '5,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
target=
case "$action" in
  crash | boot)
    target=${2:-}
    dir=${3:-${AR_SLURM_DIR:-$project_dir/build/netns-cluster}}
    ;;
esac
AR_CL_NAME=netns-cluster
# shellcheck source=slurm/cluster-lib.sh
source "$project_dir/slurm/cluster-lib.sh"

case "$action" in start | stop | status | env | crash | boot) ;; *) usage ;; esac
case "$shape" in real | e7) ;; *) die "AR_SLURM_SHAPE must be real or e7, not '$shape'" ;; esac
[[ "$nhosts" =~ ^[1-9][0-9]?$ ]] || die "AR_SLURM_HOSTS must be 1-99, not '$nhosts'"
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf
export SLURM_CONF=$conf
# Namespace names and handles are per DIR, so two clusters (two worktrees) never meet.
tag=$(cksum <<<"$dir" | cut -d' ' -f1)
# Sockets and spools outside /tmp: every host has a /tmp of its own (below).
short_dir=/run/antroute-netns-$tag
sock=$short_dir/munge/munge.socket.2

host_name() { echo "node$1"; }
host_ns() { echo "antroute-$tag-node$1"; }
switch_ns=antroute-$tag-switch

# on_host I COMMAND...: runs COMMAND in host I's network, UTS and mount namespaces, entered
# through the host's anchor process (so it works from inside another host as well).
# --root: entering a mount namespace moves to its root, which would leave a chroot; the
# anchor's own root keeps the command where the cluster was started.
on_host() {
  local i=$1
  shift
  nsenter -t "$(pid_of "anchor-node$i")" --net --uts --mount --root --wd="$PWD" -- "$@"
}
cl_client() { on_host 1 "$@"; }

# hosts_made: true when hosts of this DIR exist (from an earlier start).
hosts_made() { [ -e "/run/netns/$switch_ns" ] || [ -e "/run/netns/$(host_ns 1)" ]; }

refused() {
  echo "netns-cluster: the kernel refuses $1 here: $2" >&2
  remove_hosts
  exit 3
}

# make_hosts: the switch namespace with its bridge; per host a network namespace with a veth link
# to the bridge, an address and loopback, and an anchor process (`sleep`, pid in
# DIR/run/anchor-nodeI.pid) that holds the host's own UTS namespace (its hostname) and mount
# namespace. A host's mount namespace differs only in /tmp (DIR/hosts/nodeI/tmp): node-local, as
# on real nodes, where Slurm's PMIx plugin and Open MPI keep per-node files under fixed /tmp names.
make_hosts() {
  local err i ns
  err=$(ip netns add "$switch_ns" 2>&1) || refused "network namespaces" "$err"
  ip -n "$switch_ns" link add br0 type bridge
  ip -n "$switch_ns" link set br0 up
  for i in $(seq 1 "$nhosts"); do
    ns=$(host_ns "$i")
    err=$(ip netns add "$ns" 2>&1) || refused "network namespaces" "$err"
    ip link add "p$i" netns "$switch_ns" type veth peer name eth0 netns "$ns"
    ip -n "$switch_ns" link set "p$i" master br0
    ip -n "$switch_ns" link set "p$i" up
    ip -n "$ns" addr add "$subnet.$i/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" link set lo up
    install -d -m 1777 "$dir/hosts/node$i/tmp"
    rm -f "$dir/run/anchor-node$i.pid"
    # nsenter, unshare and sh each exec the next: the pid is the anchor's.
    nsenter --net="/run/netns/$ns" unshare --uts --mount --propagation private /bin/sh -c \
      "$(host_setup "$i") && exec sleep infinity" \
      </dev/null >"$dir/log/anchor-node$i.log" 2>&1 &
    echo $! >"$dir/run/anchor-node$i.pid"
    wait_until 10 host_ready "$i" ||
      refused "UTS or mount namespaces" "$(cat "$dir/log/anchor-node$i.log")"
  done
}
# tmp_entry PATH: the entry of /tmp that holds PATH ("" when PATH is not under /tmp).
tmp_entry() {
  case "$1/" in /tmp/?*/) echo "/tmp/$(cut -d/ -f3 <<<"$1")" ;; esac
}

# host_setup I: the shell commands that give host I its name and its own /tmp. Entries of the
# machine's /tmp that hold DIR or the project stay shared (a checkout under /tmp), bound back in
# through a folder in $short_dir.
host_setup() {
  local i=$1 keep=$short_dir/keep-node$1 e cmd shared=()
  cmd="hostname node$i"
  for e in $(printf '%s\n' "$(tmp_entry "$dir")" "$(tmp_entry "$project_dir")" | sort -u); do
    shared+=("$e")
  done
  for e in "${shared[@]}"; do
    mkdir -p "$keep/${e#/tmp/}"
    cmd+=" && mount --bind '$e' '$keep/${e#/tmp/}'"
  done
  cmd+=" && mount --bind '$dir/hosts/node$i/tmp' /tmp"
  for e in "${shared[@]}"; do
    cmd+=" && mkdir -p '$e' && mount --bind '$keep/${e#/tmp/}' '$e' && umount '$keep/${e#/tmp/}'"
  done
  echo "$cmd"
}
host_ready() {
  alive "anchor-node$1" sleep && [ "$(on_host "$1" hostname)" = "node$1" ]
}

# host_pids_but_anchor I: pids of the processes in host I's network namespace except its anchor.
host_pids_but_anchor() {
  local ns anchor=none
  ns=$(host_ns "$1")
  [ -e "/run/netns/$ns" ] || return 0
  alive "anchor-node$1" sleep && anchor=$(pid_of "anchor-node$1")
  ip netns pids "$ns" 2>/dev/null | { grep -vx "$anchor" || true; } | tr '\n' ' '
}

# kill_processes_but_anchor I: SIGKILL to what runs on host I (job steps left by a failed test,
# or a crash); all of it was started inside the namespace this script made.
kill_processes_but_anchor() {
  local pids
  pids=$(host_pids_but_anchor "$1")
  [ -n "${pids// /}" ] || return 0
  say "killing processes on $(host_name "$1"): $pids"
  # shellcheck disable=SC2086
  kill -KILL $pids 2>/dev/null || true
}

# kill_host_processes I: everything on host I, its anchor last.
kill_host_processes() {
  kill_processes_but_anchor "$1"
  if alive "anchor-node$1" sleep; then kill -KILL "$(pid_of "anchor-node$1")" 2>/dev/null || true; fi
}

remove_hosts() {
  local f
  for f in /run/netns/antroute-"$tag"-node*; do
    [ -e "$f" ] || continue
    kill_host_processes "${f##*-node}" # the anchors too
    ip netns del "$(basename "$f")" 2>/dev/null || true
  done
  [ -e "/run/netns/$switch_ns" ] && ip netns del "$switch_ns" 2>/dev/null
  rm -f "$dir"/run/anchor-node*.pid
  rm -rf "$dir/hosts"
}

node_shape() {
  if [ "$shape" = e7 ]; then
    echo "CPUs=192 Boards=1 SocketsPerBoard=4 CoresPerSocket=24 ThreadsPerCore=2"
  else
    "$(sbin slurmd)" -C | head -n 1 | tr ' ' '\n' |
      grep -E '^(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore)=' | tr '\n' ' '
  fi
}

write_config() {
  local i nodes task=task/affinity
  [ "$shape" = e7 ] && task=task/none # Slurm cannot bind to CPUs this machine does not have
  cl_make_dirs
  for i in $(seq 1 "$nhosts"); do install -d -m 0755 "$short_dir/spool/node$i"; done
  nodes=node[1-$nhosts]
  [ "$nhosts" -eq 1 ] && nodes=node1
  {
    echo "# Written by slurm/netns-cluster.sh; rewritten at every start. $nhosts hosts in namespaces."
    echo "ClusterName=antroute"
    echo "SlurmctldHost=node1($subnet.1)"
    cl_common_conf "$task" "$short_dir/spool/%n" slurmd-%n
    # Open MPI's shared-memory segments in each host's own /tmp, not the machine's /dev/shm,
    # where hosts of the same name in another test cluster would meet them (cl_task_prolog).
    echo "TaskProlog=$dir/task-prolog.sh"
    for i in $(seq 1 "$nhosts"); do
      echo "NodeName=node$i NodeHostname=node$i NodeAddr=$subnet.$i $(node_shape) RealMemory=2000 State=UNKNOWN"
    done
    cl_partitions "$nodes"
  } >"$conf"
  cl_task_prolog /tmp
  echo "export SLURM_CONF=$conf" >"$dir/env.sh"
  write_helpers
}

# write_helpers: DIR/bin/on and DIR/bin/rsh with this cluster's namespaces built in.
write_helpers() {
  install -d -m 0755 "$dir/bin"
  cat >"$dir/bin/on" <<EOF
#!/bin/bash
# on HOST COMMAND...: runs COMMAND on a host of the cluster in $dir (node1..node$nhosts, or its
# address $subnet.I). Written by slurm/netns-cluster.sh.
h=\${1:?usage: on HOST COMMAND...}
shift
case "\$h" in node[0-9]*) i=\${h#node} ;; $subnet.[0-9]*) i=\${h##*.} ;; *) echo "on: unknown host \$h" >&2; exit 255 ;; esac
export SLURM_CONF=$conf
exec nsenter -t "\$(cat "$dir/run/anchor-node\$i.pid")" --net --uts --mount --root --wd="\$PWD" -- "\$@"
EOF
  # mpirun calls its agent as `AGENT [options] HOST COMMAND-LINE`, the command line as words
  # for a remote shell.
  cat >"$dir/bin/rsh" <<EOF
#!/bin/bash
# rsh HOST COMMAND-LINE: an rsh/ssh stand-in for Open MPI's mpirun on this cluster: runs the
# command line with sh on the host. Written by slurm/netns-cluster.sh.
while [ \$# -gt 0 ] && [ "\${1#-}" != "\$1" ]; do shift; done
h=\${1:?usage: rsh HOST COMMAND-LINE}
shift
exec "$dir/bin/on" "\$h" /bin/sh -c "\$*"
EOF
  chmod 0755 "$dir/bin/on" "$dir/bin/rsh"
}

node_states() { cl_client sinfo -h -N -o '%N %T' 2>/dev/null | sort -u; }
nodes_idle() {
  local states bad
  states=$(node_states)
  [ "$(grep -c . <<<"$states")" -eq "$nhosts" ] || return 1
  bad=$(grep -Ev ' (idle|mixed|allocated)$' <<<"$states" | cut -d' ' -f1 | tr '\n' ',')
  [ -z "$bad" ] && return 0
  # A drain or down state survives in the saved state: lift it.
  cl_client scontrol update nodename="${bad%,}" state=resume >/dev/null 2>&1 || true
  return 1
}

all_running() {
  local i
  alive munged && alive slurmctld || return 1
  for i in $(seq 1 "$nhosts"); do alive "slurmd-node$i" slurmd || return 1; done
}

start() {
  check_machine ip nsenter unshare
  if all_running; then
    say "already running in $dir"
    wait_until 30 nodes_idle || fail_start "nodes are not usable: $(node_states | tr '\n' ';')"
    return 0
  fi
  # Anything left by an earlier run of this DIR (a test that died) goes first.
  if hosts_made || [ -f "$conf" ]; then stop >/dev/null 2>&1 || true; fi
  cl_make_dirs
  make_hosts
  write_config
  cl_munged_args=(--origin="$subnet.1") # node1 is no name the resolver knows
  start_munged on_host 1
  rm -f "$dir/run/slurmctld.pid"
  on_host 1 "$(sbin slurmctld)" -f "$conf" || fail_start "slurmctld failed to start"
  wait_until 20 alive slurmctld || fail_start "slurmctld wrote no pid file or died"
  wait_until 30 ctld_up || fail_start "slurmctld does not answer (scontrol ping on node1)"
  local i
  for i in $(seq 1 "$nhosts"); do
    rm -f "$dir/run/slurmd-node$i.pid"
    on_host "$i" "$(sbin slurmd)" -f "$conf" -N "node$i" || fail_start "slurmd on node$i failed to start"
  done
  for i in $(seq 1 "$nhosts"); do
    wait_until 20 alive "slurmd-node$i" slurmd || fail_start "slurmd on node$i wrote no pid file or died"
  done
  wait_until 60 nodes_idle || fail_start "nodes did not become idle: $(node_states | tr '\n' ';')"
  say "running in $dir: hosts node1..node$nhosts ($subnet.1-$nhosts), shape $shape"
  say "clients run on node1: $dir/bin/on node1 sbatch ...; logs in $dir/log"
}

stop() {
  local i
  if [ -f "$conf" ] && alive slurmctld && ctld_up; then cancel_all_jobs; fi
  # slurmds first: they wait for their steps, and steps need slurmctld to finish.
  for i in $(seq 1 "$nhosts"); do stop_daemon "slurmd-node$i" 30 slurmd; done
  for f in "$dir"/run/slurmd-node*.pid; do # hosts of an earlier start with more of them
    [ -e "$f" ] || continue
    f=${f##*/}
    stop_daemon "${f%.pid}" 30 slurmd
  done
  stop_daemon slurmctld 30
  stop_daemon munged 10
  remove_hosts
  cl_remove_sockets
  say "stopped; hosts and links removed (logs kept in $dir/log)"
}

# host_index HOST: I of nodeI, or a usage error.
host_index() {
  [[ "$1" =~ ^node([1-9][0-9]?)$ ]] && [ "${BASH_REMATCH[1]}" -le "$nhosts" ] ||
    die "HOST must be one of node1..node$nhosts, not '$1'"
  echo "${BASH_REMATCH[1]}"
}

# crash HOST: what a crash leaves: the host's slurmd and every process on it (slurmstepd, the
# job's tasks) killed at once, its /tmp as it was. Slurm notices after SlurmdTimeout.
crash() {
  local i
  i=$(host_index "$1")
  all_running || die "the cluster in $dir is not running"
  kill -KILL "$(pid_of "slurmd-node$i")" 2>/dev/null || true
  kill_processes_but_anchor "$i"
  rm -f "$dir/run/slurmd-node$i.pid"
  say "node$i crashed: slurmd and everything it ran killed"
}

# boot HOST: the host comes back as after a reboot: an empty /tmp and an empty spool (Slurm's
# PMIx plugin refuses to reuse a crashed step's folders in either), then its slurmd, which
# registers again (ReturnToService=2 makes a DOWN node usable).
boot() {
  local i
  i=$(host_index "$1")
  alive "slurmd-node$i" slurmd && die "slurmd on node$i is running: crash it first"
  kill_processes_but_anchor "$i"
  find "$dir/hosts/node$i/tmp" -mindepth 1 -maxdepth 1 ! -name "$(basename "$(tmp_entry "$dir")")" \
    ! -name "$(basename "$(tmp_entry "$project_dir")")" -exec rm -rf {} + 2>/dev/null || true
  # An empty spool, as on a node whose spool is on tmpfs: the crashed steps' PMIx folders and
  # sockets there would make the next step of the same job id (the requeued job) fail.
  find "$short_dir/spool/node$i" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null || true
  on_host "$i" "$(sbin slurmd)" -f "$conf" -N "node$i" || fail_start "slurmd on node$i failed to start"
  wait_until 20 alive "slurmd-node$i" slurmd || fail_start "slurmd on node$i wrote no pid file or died"
  say "node$i booted: slurmd $(pid_of "slurmd-node$i")"
}

status() {
  local d rc=0 i
  for d in munged slurmctld; do
    if alive "$d"; then say "$d running on node1, pid $(pid_of "$d")"; else
      say "$d not running"
      rc=1
    fi
  done
  for i in $(seq 1 "$nhosts"); do
    if alive "slurmd-node$i" slurmd; then say "slurmd running on node$i, pid $(pid_of "slurmd-node$i")"; else
      say "slurmd on node$i not running"
      rc=1
    fi
  done
  cl_show
  say "state in $dir; clients: $dir/bin/on node1 COMMAND (SLURM_CONF=$conf)"
  return $rc
}

case "$action" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) echo "export SLURM_CONF=$conf" ;;
  crash) crash "$target" ;;
  boot) boot "$target" ;;
esac
