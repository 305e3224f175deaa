#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# run_timing_stress.sh [-n N] [-b BUILD] [-f FUZZ_BUILD] [-k] [TEST_REGEX]: runs every test that
# sends a signal, kills, requeues, cancels, waits with a bound or times anything (the list below)
# N times in a row (default 10) while a CPU-bound process in another session spins on each core,
# and reports each failure with its log, then a table of passes per test. Not part of the default
# run: it takes a few hours. Run it alone on the machine (the Slurm tests use /run/munge):
#
#   flock /tmp/antroute-suite.lock tests/stress/run_timing_stress.sh
#
# -b the build folder (default build), -f a build-fuzz folder whose fuzz tests to add (they run
# for a fixed wall time: a loaded machine fuzzes less, it must not fail), -k no CPU hogs (to
# compare), TEST_REGEX only the listed tests that match. Exit status: 0 when every run passed.
set -uo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."

# The tests that race nothing any more but would if they did (docs/testing.md, "Timing"):
TIMING_TESTS=(
  ckpt_signals             # SIGTERM, SIGUSR1 through mpirun, SIGINT once and twice, deadlines
  ckpt_control             # signals raised in-process, deadline arithmetic on the clock
  ckpt_solve_resume        # SIGTERM to one rank, self-kills, SIGKILLs at random moments, --max-hours
  ckpt_solve_supply_resume # SIGTERM in a chosen month, SIGKILLs, --max-hours, SLURM_JOB_END_TIME
  ckpt_faults              # ranks that kill themselves mid-write; hang guards
  ckpt_early_stop          # SIGTERM/SIGHUP/SIGINT while the bound is computed (held there)
  ckpt_shared              # two runs on one folder, a killed holder, SIGKILLs
  cli_strict               # hang guards on FIFOs (timeout)
  ckpt_fullfs              # hang guards
  slurm_local              # scancel, the restart cap, scontrol requeue, time limit, preemption
  slurm_hosts              # scancel, killed ranks, a crashed host, waits for job states
  install_module           # an sbatch waited for
  engine_no_wait           # a thread held on the clock
  engine_idle_wait         # CPU time over a 600 ms hold
  engine_queue             # threads that sleep and are woken
  progress_lines           # --time 6 and progress every 0.5 s (batch: paced iterations)
  trust_memory             # "stops within 60 s"
  cli_mpi_errors           # hang guards (timeout)
  advise_cli               # hang guards (timeout)
  reference_answers        # hang guards (timeout)
  report_guide_commands    # hang guards (timeout per block)
  road_resume              # SIGTERM to a road solve held mid-run
  budget_time              # --time budgets: plan arithmetic, a run that must end within 8 s
  release_no_hooks         # a paced run under a hang guard (timeout)
)
FUZZ_TESTS=(fuzz_tsplib fuzz_csv fuzz_h5net fuzz_ckpt) # 20 s each, per-input time-outs

n=10 build=build fuzz_build= hogs=1
while getopts "n:b:f:k" opt; do
  case $opt in
    n) n=$OPTARG ;;
    b) build=$OPTARG ;;
    f) fuzz_build=$OPTARG ;;
    k) hogs=0 ;;
    *) sed -n '3,14p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
filter=${1:-.}
[ -f "$build/CTestTestfile.cmake" ] || { echo "no ctest folder $build (build first)" >&2; exit 2; }

tests=()
for t in "${TIMING_TESTS[@]}"; do [[ $t =~ $filter ]] && tests+=("$build:$t"); done
if [ -n "$fuzz_build" ]; then
  for t in "${FUZZ_TESTS[@]}"; do [[ $t =~ $filter ]] && tests+=("$fuzz_build:$t"); done
fi
[ ${#tests[@]} -gt 0 ] || { echo "no test matches /$filter/" >&2; exit 2; }

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
logs=$(mktemp -d /tmp/antroute-stress.XXXXXX)
hog_pids=()
stop_hogs() {
  local p
  for p in "${hog_pids[@]}"; do kill -- "-$p" 2>/dev/null; done
  hog_pids=()
}
trap stop_hogs EXIT
if [ "$hogs" = 1 ]; then
  # One spinning shell per core, each in a session (and process group) of its own.
  for i in $(seq "$(nproc)"); do
    setsid sh -c "echo \$\$ >'$logs/hog.$i'; while :; do :; done" &
  done
  for i in $(seq "$(nproc)"); do
    until [ -s "$logs/hog.$i" ]; do sleep 0.1; done
    hog_pids+=("$(cat "$logs/hog.$i")")
  done
  echo "CPU hogs (one per core, own sessions): ${hog_pids[*]}"
fi

declare -A passed failed
for entry in "${tests[@]}"; do passed[$entry]=0 failed[$entry]=0; done
t0=$SECONDS
for round in $(seq "$n"); do
  for entry in "${tests[@]}"; do
    dir=${entry%%:*} t=${entry#*:} log=$logs/$t.$round.log
    start=$SECONDS
    if (cd "$dir" && ctest -R "^$t\$" --output-on-failure) </dev/null >"$log" 2>&1 &&
      grep -q "100% tests passed" "$log" && ! grep -q "Skipped" "$log"; then
      passed[$entry]=$((passed[$entry] + 1))
      echo "round $round/$n: $t passed ($((SECONDS - start)) s)"
    else
      failed[$entry]=$((failed[$entry] + 1))
      echo "round $round/$n: $t FAILED or skipped ($((SECONDS - start)) s); its log ($log):"
      sed 's/^/    | /' "$log" | tail -n 80
    fi
  done
done
stop_hogs
echo
echo "timing stress: $n rounds$([ "$hogs" = 1 ] && echo ", a CPU hog on each of $(nproc) cores"), $((SECONDS - t0)) s"
printf '  %-26s %s\n' test "passed of $n"
bad=0
for entry in "${tests[@]}"; do
  printf '  %-26s %d/%d\n' "${entry#*:}" "${passed[$entry]}" "$n"
  [ "${failed[$entry]}" -eq 0 ] || bad=1
done
echo "logs of every run: $logs"
exit $bad
