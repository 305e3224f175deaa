#!/usr/bin/env bash
# mock-antroute.sh: a stand-in for `antroute solve` that honours its batch contract (options,
# signals, checkpoints, --resume auto, SLURM_JOB_END_TIME, exit statuses), so the Slurm templates
# and slurm/antroute-step.sh are tested for real before, and independently of, the solver.
#
# Work: ITERATIONS iterations of MOCK_ITER_SECONDS (default 0.2) of sleep each. The answer is a
# number folded from (seed, colonies, iteration): a run stopped and resumed ends with the same
# answer as one that never stopped, as antroute must. Results: OUTPUT (HDF5) with /best/tour (one
# int64) and /best/cost (the iteration count), like antroute's results file.
# Input: a text file whose first line is MOCK-NETWORK; anything else is bad input (exit 3).
# Only rank 0 (SLURM_PROCID) writes; the other ranks follow rank 0's exit status.
set -u

usage_exit() {
  echo "mock-antroute: $*" >&2
  exit 2
}
[ "${1:-}" = solve ] || usage_exit "only 'solve' is mocked"
shift
if [ "${1:-}" = --help ]; then
  cat <<'EOF'
usage: antroute solve IN.h5 -o RESULTS.h5 [--time S] [--iterations N] [--seed N] [--colonies C]
  --checkpoint-dir DIR [--checkpoint-every N | --checkpoint-seconds S] [--keep N]
  --resume auto [--max-hours H] [--report-binding]
EOF
  exit 0
fi

input='' output='' iterations=50 seed=1 colonies=1 ckpt_dir='' every=0 keep=2 resume='' max_hours=''
while [ $# -gt 0 ]; do
  case "$1" in
    -o) output=$2; shift ;;
    --iterations) iterations=$2; shift ;;
    --seed) seed=$2; shift ;;
    --colonies) colonies=$2; shift ;;
    --checkpoint-dir) ckpt_dir=$2; shift ;;
    --checkpoint-every) every=$2; shift ;;
    --checkpoint-seconds | --time) shift ;;
    --keep) keep=$2; shift ;;
    --resume) resume=$2; shift ;;
    --max-hours) max_hours=$2; shift ;;
    --report-binding) ;;
    -*) usage_exit "unknown option '$1'" ;;
    *)
      [ -z "$input" ] || usage_exit "unexpected argument '$1'"
      input=$1
      ;;
  esac
  shift
done
if [ -z "$input" ] || [ -z "$output" ] || [ -z "$ckpt_dir" ]; then usage_exit "missing argument"; fi

# Slurm signals every process of a task, so the external commands below may die of the same
# SIGTERM/SIGUSR1 that asks for a checkpoint: retry them (each signal arrives once).
retry() {
  local _
  for _ in 1 2 3 4 5; do
    "$@" && return 0
  done
  return 1
}

rank=${SLURM_PROCID:-${OMPI_COMM_WORLD_RANK:-0}}
run_tag=${SLURM_JOB_ID:-nojob}.${SLURM_RESTART_COUNT:-0}
exit_mark=$ckpt_dir/.mock-exit.$run_tag
step_seconds=${MOCK_ITER_SECONDS:-0.2}
margin=${MOCK_END_MARGIN:-20}

stop_requested=0
ints=0
on_int() {
  ints=$((ints + 1))
  [ "$ints" -ge 2 ] && exit 130
  stop_requested=1
}
trap 'stop_requested=1' TERM USR1
trap on_int INT

# Ranks other than 0 idle until rank 0 has decided, then exit with its status.
if [ "$rank" != 0 ]; then
  for _ in $(seq 1 36000); do
    if [ -s "$exit_mark" ] && read -r code <"$exit_mark"; then exit "$code"; fi
    sleep 0.1
  done
  exit 1
fi

finish() {
  retry mkdir -p "$ckpt_dir" 2>/dev/null && echo "$1" >"$exit_mark"
  exit "$1"
}

if [ ! -r "$input" ]; then
  echo "mock-antroute: cannot open $input: No such file or directory" >&2
  finish 4
fi
if [ "$(head -n 1 "$input")" != MOCK-NETWORK ]; then
  echo "mock-antroute: $input: line 1: not a network file" >&2
  finish 3
fi
mkdir -p "$ckpt_dir" || finish 4
input_sum=$(cksum <"$input" | cut -d' ' -f1)

# ckpt_numbers: the iterations of the checkpoints in ckpt_dir, newest first.
ckpt_numbers() {
  local f n=()
  for f in "$ckpt_dir"/ckpt-*.txt; do
    f=${f##*/ckpt-}
    f=${f%.txt}
    [[ "$f" =~ ^[0-9]+$ ]] && n+=("$f")
  done
  [ ${#n[@]} -gt 0 ] && printf '%s\n' "${n[@]}" | retry sort -n -r
}

iter=0 hash=$((seed * 7919 + colonies))
if [ "$resume" = auto ]; then
  for n in $(ckpt_numbers); do
    f=$ckpt_dir/ckpt-$n.txt
    read -r c_iter c_hash c_seed c_colonies c_sum c_mark <"$f" || continue
    [ "${c_mark:-}" = complete ] || { echo "mock-antroute: $f is incomplete; trying an older one"; continue; }
    if [ "$c_seed $c_colonies $c_sum" != "$seed $colonies $input_sum" ]; then
      echo "mock-antroute: $f was made with other input or parameters; refusing it" >&2
      finish 3
    fi
    iter=$c_iter hash=$c_hash
    echo "mock-antroute: resumed from $f at iteration $iter"
    break
  done
fi
echo "mock-antroute: start restart=${SLURM_RESTART_COUNT:-0} iteration=$iter of $iterations" \
  "ranks=${SLURM_NTASKS:-1} threads=${OMP_NUM_THREADS:-} end_time=${SLURM_JOB_END_TIME:-none}"

checkpoint() {
  local f=$ckpt_dir/ckpt-$iter.txt
  echo "$iter $hash $seed $colonies $input_sum complete" >"$f.tmp" && retry mv "$f.tmp" "$f" || finish 4
  local numbers
  mapfile -t numbers < <(ckpt_numbers)
  for n in "${numbers[@]:$keep}"; do retry rm -f "$ckpt_dir/ckpt-$n.txt"; done
  echo "mock-antroute: checkpoint at iteration $iter"
}

started=$EPOCHSECONDS
max_seconds=
[ -n "$max_hours" ] && max_seconds=$(awk -v h="$max_hours" 'BEGIN { printf "%d", h * 3600 }')
while [ "$iter" -lt "$iterations" ]; do
  sleep "$step_seconds"
  iter=$((iter + 1))
  hash=$(((hash * 1103515245 + iter * 12345 + seed) % 2147483648))
  [ "$every" -gt 0 ] && [ $((iter % every)) -eq 0 ] && checkpoint
  now=$EPOCHSECONDS
  if [ "$iter" -lt "$iterations" ]; then
    reason=
    [ "$stop_requested" = 1 ] && reason="signal"
    [ -n "${SLURM_JOB_END_TIME:-}" ] && [ $((now + margin)) -ge "$SLURM_JOB_END_TIME" ] &&
      reason="job end time near"
    [ -n "$max_seconds" ] && [ $((now - started + margin)) -ge "$max_seconds" ] && reason="max-hours"
    if [ -n "$reason" ]; then
      checkpoint
      echo "mock-antroute: stopping at iteration $iter ($reason): checkpointed, please resume"
      finish 75
    fi
  fi
done
retry /usr/bin/python3 -c '
import sys, os, h5py, numpy as np
out, tour, cost = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
with h5py.File(out + ".tmp", "w") as f:
    f.create_dataset("best/tour", data=np.array([tour], dtype=np.int64))
    f.create_dataset("best/cost", data=np.float64(cost))
os.replace(out + ".tmp", out)
' "$output" "$hash" "$iter" || finish 4
checkpoint
echo "mock-antroute: finished at iteration $iter; answer $hash"
finish 0
