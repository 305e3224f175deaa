#!/usr/bin/env bash
# Two Slurm hosts in network namespaces (slurm/netns-cluster.sh, real node shape, task/affinity):
# Open MPI ranks on both hosts over TCP through `srun --mpi=pmix` and through `mpirun` with a host
# file, each rank's host in /layout/rank_host and the same answer as on one host; binding by
# Slurm (disjoint masks, OpenMP threads inside their rank's mask, and a run without binding that
# the report flags); the 2-node template and generic.sbatch end to end on both hosts, their
# binding reports naming both; elastic resume from 2 hosts to 1 (on the host that did not write
# the checkpoint) and from 1 to 2, to the same answer. One cluster start for all of it.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/e2e_setup.sh"
source "$AR_SOURCE_DIR/tests/slurm/hosts_lib.sh"

t0=$SECONDS
SHORT=40  # iterations of the direct runs (a few seconds)
ELASTIC=60 # iterations of the elastic runs: 15 s at the pace of 250 ms
reference "$SHORT" >/dev/null
reference "$ELASTIC" >/dev/null
warm_references 5
cluster_up fail

# ---- Open MPI on both hosts: srun --mpi=pmix (1 and 2 ranks per host), mpirun with a host file.
d=$AR_TMP/direct
mkdir -p "$d"
for rpn in 1 2; do
  if (cd "$d" && OMP_NUM_THREADS=1 srun --mpi=pmix -N2 --ntasks-per-node=$rpn -c1 "$ANTROUTE" solve \
    "$GOOD_INPUT" -o "$d/pmix-$rpn.h5" --iterations $SHORT --seed $SEED --colonies $COLONIES \
    >"$d/pmix-$rpn.log" 2>&1); then
    pass "srun --mpi=pmix -N2 --ntasks-per-node=$rpn: solve finished"
  else
    fail "srun --mpi=pmix -N2 --ntasks-per-node=$rpn: $(tail -n 5 "$d/pmix-$rpn.log")"
  fi
  want="node1 node2"
  [ $rpn = 2 ] && want="node1 node1 node2 node2"
  expect_hosts "pmix $rpn per host" "$d/pmix-$rpn.h5" "$want"
  expect_same "pmix $rpn per host" "$d/pmix-$rpn.h5" $SHORT
done
printf '%s slots=1\n' "${AR_SLURM_SUBNET:-10.214.0}.1" "${AR_SLURM_SUBNET:-10.214.0}.2" >"$d/hostfile"
# Only TCP between the ranks, and only on the hosts' link.
if "$AR_ON" node1 env OMPI_MCA_plm_rsh_agent="$AR_SLURM_DIR/bin/rsh" OMP_NUM_THREADS=1 \
  "$MPIEXEC" --hostfile "$d/hostfile" -np 2 --bind-to none --mca btl self,tcp \
  --mca btl_tcp_if_include "${AR_SLURM_SUBNET:-10.214.0}.0/24" "$ANTROUTE" solve "$GOOD_INPUT" \
  -o "$d/mpirun.h5" --iterations $SHORT --seed $SEED --colonies $COLONIES >"$d/mpirun.log" 2>&1; then
  pass "mpirun --hostfile (rsh agent into the hosts), btl self,tcp: solve finished"
else
  fail "mpirun --hostfile: $(tail -n 8 "$d/mpirun.log")"
fi
expect_hosts "mpirun --hostfile" "$d/mpirun.h5" "node1 node2"
expect_same "mpirun --hostfile" "$d/mpirun.h5" $SHORT

# ---- Binding by Slurm (task/affinity), read back by antroute's binding report.
# report_cores LOG: "rank:thread:cores" for every row of the binding table.
report_cores() { awk '$2 ~ /^node[0-9]+$/ && NF >= 5 {print $1 ":" $3 ":" $5}' "$1" | tr '\n' ' '; }
bind_run() { # NAME ENV... -- SRUN_OPTIONS...: advise --report-binding under srun
  local name=$1
  shift
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1") && shift; done
  shift
  (cd "$d" && "$AR_ON" node1 env "${envs[@]}" srun "$@" "$ANTROUTE" advise --report-binding) \
    >"$d/bind-$name.log" 2>&1
}
bind_run 2x1 OMP_NUM_THREADS=1 OMP_PLACES=cores OMP_PROC_BIND=close -- -N1 -w node1 -n2 -c1 \
  --cpu-bind=verbose,cores
masks=$(grep -o 'node1, task  *[0-9]  *[0-9]* \[[0-9]*\]: mask 0x[0-9a-f]*' "$d/bind-2x1.log" |
  awk '{print $NF}' | sort | tr '\n' ' ')
expect_eq "2 ranks x 1 thread on node1: srun's masks (sorted)" "$masks" "0x1 0x2 "
expect_eq "2 ranks x 1 thread: rank:thread:core rows" "$(report_cores "$d/bind-2x1.log")" "0:0:0 1:0:1 "
expect_log "2 ranks x 1 thread" "$d/bind-2x1.log" "binding report: 0 warnings"
bind_run 1x2 OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=close -- -N1 -w node2 -n1 -c2 \
  --cpu-bind=verbose,cores
expect_log "1 rank x 2 threads on node2" "$d/bind-1x2.log" "node2, task  0  0 .*mask 0x3 set"
expect_eq "1 rank x 2 threads (the templates' OpenMP settings): each thread on its own core of the rank's mask" \
  "$(report_cores "$d/bind-1x2.log")" "0:0:0 0:1:1 "
expect_log "1 rank x 2 threads" "$d/bind-1x2.log" "binding report: 0 warnings"
# The control: the same 2 ranks with Slurm's binding off must be flagged.
bind_run unbound OMP_NUM_THREADS=1 OMP_PROC_BIND=false -- -N1 -w node1 -n2 -c1 --cpu-bind=none
expect_log "2 ranks with --cpu-bind=none" "$d/bind-unbound.log" "warning: node1: .*(not bound|overlap)"

# ---- The 2-node template and generic.sbatch end to end on both hosts (1 rank per host).
AR_SCALE=2x1
run_scenario t2node scenario_complete t2node 2node-32x3-cores.sbatch small 5
run_scenario generic2 scenario_complete generic2 generic.sbatch small 5
collect_scenarios
for name in t2node generic2; do
  out=$AR_TMP/$name/job.out
  expect_hosts "$name" "$AR_TMP/$name/out.h5" "node1 node2"
  expect_log "$name: binding report" "$out" "binding report: 2 ranks on 2 nodes"
  expect_log "$name: binding report, rank 0" "$out" "^ +0 +node1 +0 "
  expect_log "$name: binding report, rank 1" "$out" "^ +1 +node2 +0 "
  expect_log "$name: srun binds on node1" "$out" "cpu-bind=MASK - node1, task +0"
  expect_log "$name: srun binds on node2" "$out" "cpu-bind=MASK - node2, task +1"
  expect_log "$name: the step's job line" "$out" "on node\[1-2\]: 2 ranks x 1 threads"
done
expect_log "generic2: advise's lines for 2 nodes" "$AR_TMP/generic2/job.out" "OMP_PROC_BIND=close"

# ---- Elastic resume. A run stopped (scancel: checkpoint, exit 75, not requeued) and submitted
# again with another layout resumes from its checkpoint and ends with the uninterrupted answer.
# elastic NAME FIRST_LAYOUT SECOND_LAYOUT SECOND_HOSTS
elastic() {
  local name=$1 j st ckpt=$AR_TMP/$1/out.ckpt exports=CKPT_EVERY=5
  j=$(AR_SCALE=$2 submit "$name" 2node-32x3-cores.sbatch small $ELASTIC "$exports") ||
    { fail "$name: sbatch refused the job"; return; }
  wait_running "$j" 60 || { fail "$name: job $j did not start"; return; }
  wait_checkpoint "$ckpt" 60 || fail "$name: no checkpoint after 60 s"
  scancel "$j"
  st=$(wait_final "$j" 60)
  expect_eq "$name: first job ($2) state" "$st" CANCELLED
  expect_log "$name" "$AR_TMP/$name/job.out" "checkpoint .*/ckpt-[0-9]*.h5: iteration"
  same_view "$name" "$ckpt"
  AR_SCALE=$3 resumed_to_answer "$name" 2node-32x3-cores.sbatch $ELASTIC "$exports" "$4"
}
# Written with rank 0 on node1, read on node2 alone: the other host's view of the folder.
elastic elastic-2to1 2x1 1x2@node2 "node2 node2"
elastic elastic-1to2 1x2@node1 2x1 "node1 node2"

echo "took $((SECONDS - t0)) s"
finish
