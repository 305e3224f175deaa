# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
# hosts_lib.sh: the multi-host tests' helpers (sourced after slurm_lib.sh and e2e_setup.sh).
#
# The cluster is slurm/netns-cluster.sh in $AR_TMP/hosts: hosts node1 and node2 in network
# namespaces, the real node shape (2 CPUs each here) and TaskPlugin=task/affinity. Slurm's client
# commands run on node1, the login host: sbatch, scontrol, squeue, scancel, sinfo and srun are
# shadowed by functions that enter it, so the scenarios of slurm_lib.sh run unchanged. A run that
# a fault is to hit mid-run holds there (ANTROUTE_TEST_HOLD, slurm_lib.sh: hold_export) until the
# test has struck, whatever the machine's speed.

export AR_SLURM_DIR=$AR_TMP/hosts
export SLURM_CONF=$AR_SLURM_DIR/slurm.conf
AR_CLUSTER=$AR_SOURCE_DIR/slurm/netns-cluster.sh
AR_ON=$AR_SLURM_DIR/bin/on
# A lost host is noticed after SlurmdTimeout (the netns cluster's default is 60 s).
export AR_SLURMD_TIMEOUT=${AR_SLURMD_TIMEOUT:-20}

sbatch() { "$AR_ON" node1 sbatch "$@"; }
scontrol() { "$AR_ON" node1 scontrol "$@"; }
squeue() { "$AR_ON" node1 squeue "$@"; }
scancel() { "$AR_ON" node1 scancel "$@"; }
sinfo() { "$AR_ON" node1 sinfo "$@"; }
srun() { "$AR_ON" node1 srun "$@"; }

# The cluster starts and stops with slurm_lib.sh's cluster_up and cluster_down ($AR_CLUSTER is
# netns-cluster.sh here): stopped (hosts and links removed) when the script exits, whatever
# happens; skipped only when the kernel refuses namespaces or Slurm cannot run.

# Templates on two hosts of 2 CPUs: 1 rank per host, or 2 (1 socket per host here).
scale_options() {
  case "${AR_SCALE:-2x1}" in
    2x1) echo "--nodes=2 --ntasks=2 --ntasks-per-node=1 --ntasks-per-socket=1 --cpus-per-task=1" ;;
    2x2) echo "--nodes=2 --ntasks=4 --ntasks-per-node=2 --ntasks-per-socket=2 --cpus-per-task=1" ;;
    1x2@*) echo "--nodes=1 --ntasks=2 --ntasks-per-node=2 --ntasks-per-socket=2 --cpus-per-task=1 -w ${AR_SCALE#1x2@}" ;;
  esac
}

# rank_hosts FILE: /layout/rank_host of a results file, one line "node1 node2 ...".
rank_hosts() {
  # The dataset's DATA block (3 spaces in), not its attribute's (6).
  h5dump -d /layout/rank_host "$1" 2>/dev/null | sed -n '/^   DATA {/,/^   }/p' | grep -o '"[^"]*"' |
    tr -d '"' | tr '\n' ' ' | sed 's/ $//'
}

# expect_hosts NAME FILE WANT: the ranks of FILE ran on the hosts WANT ("node1 node2").
expect_hosts() {
  expect_eq "$1: /layout/rank_host" "$(rank_hosts "$2")" "$3"
}

# host_pids HOST COMM: pids of the processes named COMM running on HOST (its network namespace).
host_pids() {
  local ns pid
  ns=$(ip netns list | sed -n "s/^\(antroute-[0-9]*-$1\)\( .*\)\{0,1\}$/\1/p" | head -n 1)
  [ -n "$ns" ] || return 0
  for pid in $(ip netns pids "$ns"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] && echo "$pid"
  done
  return 0
}

# same_view NAME DIR: both hosts list the same files in DIR with the same contents (a host that
# comes back must not see a stale checkpoint folder).
same_view() {
  local a b
  a=$("$AR_ON" node1 sh -c "cd '$2' && ls -A && sha256sum ckpt-*.h5" 2>&1)
  b=$("$AR_ON" node2 sh -c "cd '$2' && ls -A && sha256sum ckpt-*.h5" 2>&1)
  if [ -n "$a" ] && [ "$a" = "$b" ]; then
    pass "$1: node1 and node2 see the same checkpoint files ($(echo "$a" | grep -c 'ckpt-.*h5$') checkpoints)"
  else
    fail "$1: the hosts see different checkpoint folders: node1 [$a] node2 [$b]"
  fi
}

# resumed_to_answer NAME TEMPLATE ITERATIONS EXPORTS HOSTS: submits NAME again (the same OUTPUT,
# layout $AR_SCALE): it completes, resumes from the checkpoint left before, runs on HOSTS and
# ends with the uninterrupted answer.
resumed_to_answer() {
  local name=$1 j st
  j=$(submit "$name" "$2" small "$3" "$4") || { fail "$name: resubmission refused"; return; }
  st=$(wait_final "$j" 120)
  expect_eq "$name: resubmitted job ($AR_SCALE) state" "$st" COMPLETED
  if sed -n "/^antroute-step .*job $j,/,\$p" "$AR_TMP/$name/job.out" | grep -q "^resumed from"; then
    pass "$name: the resubmitted job resumed from the checkpoint"
  else
    fail "$name: the resubmitted job did not resume"
  fi
  expect_hosts "$name" "$AR_TMP/$name/out.h5" "$5"
  expect_same "$name" "$AR_TMP/$name/out.h5" "$3"
}
