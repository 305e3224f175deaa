#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/tsplib.sh: solution quality and speed of `antroute solve` on TSPLIB instances.
#
#   bench/tsplib.sh [-t SECONDS] [-s SEEDS] [-T THREADS] [-b BINARY] [-d DATADIR] [-- SOLVE-OPTIONS]
#                   [INSTANCE ...]
#
# Each instance (default: att532 rat783 pr1002 pr2392 pcb3038 fnl4461) is imported from DATADIR
# (default: ../shared/data/tsplib, else inputs/tsplib; missing ones are skipped) and solved SEEDS
# times (seeds 1..SEEDS, default 5) for SECONDS each (default 10) on THREADS OpenMP threads
# (default 1). Prints one row per instance: n, optimum, best and mean excess over the optimum,
# iterations per second and tours (ants, each with local search) per second, averaged over the
# trials, and the share of the cores the runs really got (CPU seconds / (wall seconds x
# threads): on a shared machine the other columns are worth that much of a core). Options after
# `--` go to every solve (for example `-- --ants 32`).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=10 seeds=5 threads=1 bin=$here/build/antroute data=""
while getopts "t:s:T:b:d:" opt; do
  case $opt in
  t) seconds=$OPTARG ;; s) seeds=$OPTARG ;; T) threads=$OPTARG ;; b) bin=$OPTARG ;;
  d) data=$OPTARG ;; *) sed -n '3,13p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
extra=()
instances=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
  instances+=("$1"); shift
done
[ ${#instances[@]} -gt 0 ] || instances=(att532 rat783 pr1002 pr2392 pcb3038 fnl4461)
if [ -z "$data" ]; then
  data=$here/../shared/data/tsplib
  [ -d "$data" ] || data=$here/inputs/tsplib
fi
[ -x "$bin" ] || { echo "no antroute binary at $bin (build first, or give -b)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMP_NUM_THREADS=$threads

printf '# %s s per trial, %s seeds, %s thread(s), %s %s\n' "$seconds" "$seeds" "$threads" \
  "$("$bin" --version | head -n 1)" "${extra[*]:-}"
printf '%-10s %7s %11s %9s %9s %11s %11s %6s\n' instance n optimum best% mean% iter/s tours/s cpu%
for name in "${instances[@]}"; do
  file=$data/$name.tsp
  [ -e "$file" ] || file=$data/$name.atsp
  if [ ! -e "$file" ]; then printf '%-10s (missing in %s, skipped)\n' "$name" "$data"; continue; fi
  "$bin" import tsplib "$file" -o "$tmp/$name.h5" >/dev/null
  opt=$(h5dump -a /tour/optimum -y -O /dev/null "$tmp/$name.h5" 2>/dev/null | tr -dc '0-9-')
  n=$(h5dump -a /tour/n -y -O /dev/null "$tmp/$name.h5" 2>/dev/null | tr -dc '0-9')
  rows=""
  for s in $(seq 1 "$seeds"); do
    line=$("$bin" solve "$tmp/$name.h5" -o "$tmp/r.h5" --time "$seconds" --seed "$s" -q \
      "${extra[@]}" | tail -1)
    cost=$(h5dump -d /best/cost -y -O /dev/null "$tmp/r.h5" | tr -dc '0-9')
    ips=$(echo "$line" | sed -n 's/.*(\([0-9.]*\) iterations\/s.*/\1/p')
    tps=$(echo "$line" | sed -n 's/.* \([0-9.]*\) tours\/s.*/\1/p')
    cpu=$(echo "$line" | sed -n 's/.*used \([0-9.]*\) CPU s.*/\1/p')
    wall=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s (.*/\1/p')
    share=$(awk -v c="$cpu" -v w="$wall" -v t="$threads" 'BEGIN { printf "%.0f", 100 * c / (w * t) }')
    rows="$rows$cost $ips $tps $share"$'\n'
  done
  echo -n "$rows" | awk -v name="$name" -v n="$n" -v opt="$opt" '
    { c[NR] = $1; ips += $2; tps += $3; share += $4 }
    END {
      best = c[1]; sum = 0
      for (i = 1; i <= NR; i++) { if (c[i] < best) best = c[i]; sum += c[i] }
      if (opt > 0) { b = sprintf("%.3f", 100 * (best - opt) / opt); m = sprintf("%.3f", 100 * (sum / NR - opt) / opt) }
      else { b = best; m = sum / NR }
      printf "%-10s %7d %11s %9s %9s %11.0f %11.0f %5.0f%%\n", name, n, opt, b, m, ips / NR, tps / NR, share / NR
    }'
done
