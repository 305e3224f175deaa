#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/import.sh [ANTROUTE] [RUNS]: times `antroute import tsplib` (whole command: start-up,
# parse, validation, HDF5 write) on pla85900.tsp (85,900 nodes, 1.8 MB; target < 2 s on one core)
# and on the shipped att532 and kro124p. Uses hyperfine when installed, else /usr/bin/time (best
# of RUNS runs). Needs ../shared/data for pla85900 (skipped when absent). With --no-bound: the
# lower bound has its own benchmark (bench/bounds.sh). Not part of the tests.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
bin=$(readlink -f "${1:-$here/build/antroute}")
runs=${2:-5}
shared=${AR_SHARED_DATA:-$here/../shared/data}
[ -x "$bin" ] || { echo "no antroute at $bin (build first, or pass its path)"; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
export HDF5_USE_FILE_LOCKING=FALSE OMP_NUM_THREADS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

inputs=()
if [ -e "$shared/tsplib/pla85900.tsp" ]; then inputs+=("$shared/tsplib/pla85900.tsp")
else echo "note: $shared/tsplib/pla85900.tsp is absent; timing the shipped instances only"; fi
inputs+=("$here/inputs/tsplib/att532.tsp" "$here/inputs/tsplib/kro124p.atsp")

# One core, as the target says.
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

# Start-up alone (MPI_Init + HDF5), to separate it from the import itself.
start_cmd=("${pin[@]}" "$bin" inspect --help)

best_of() { # prints the best wall time in seconds of $runs runs of "$@"
  local best="" t
  for _ in $(seq "$runs"); do
    /usr/bin/time -f %e -o "$tmp/time.txt" "$@" >/dev/null 2>&1
    t=$(tail -1 "$tmp/time.txt")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a<b)}'; then best=$t; fi
  done
  echo "$best"
}

printf '%-14s %9s %10s %12s %12s\n' instance nodes "input" "time (s)" "output"
for f in "${inputs[@]}"; do
  name=$(basename "$f"); name=${name%.*}
  out="$tmp/$name.h5"
  cmd=("${pin[@]}" "$bin" import tsplib "$f" -o "$out" --no-tour --no-bound)
  if command -v hyperfine >/dev/null; then
    hyperfine -N -w 1 -r "$runs" --export-json "$tmp/$name.json" "${cmd[*]}" >/dev/null
    t=$(/usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.3f +- %.3f" % (r["mean"], r["stddev"]))' "$tmp/$name.json")
  else
    t=$(best_of "${cmd[@]}")
  fi
  n=$(sed -n 's/^ *DIMENSION *: *\([0-9]*\).*/\1/p' "$f")
  printf '%-14s %9s %9sK %12s %11sK\n' "$name" "$n" "$(( $(stat -c %s "$f") / 1024 ))" "$t" \
    "$(( $(stat -c %s "$out") / 1024 ))"
done
printf '%-14s %9s %10s %12s\n' "(start-up)" - - "$(best_of "${start_cmd[@]}")"
echo "timer: $(command -v hyperfine >/dev/null && echo "hyperfine (mean +- sd of $runs)" || echo "/usr/bin/time (best of $runs)"); $(getconf _NPROCESSORS_ONLN) cores, pinned to one: ${pin[*]:-no}"
