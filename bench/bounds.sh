#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/bounds.sh: the proven lower bounds, how close and how fast (docs/bounds.md).
#
#   bench/bounds.sh [-T THREADS] [-B BUILD] [-d DATADIR] [-s SUPPLYDIR] [INSTANCE ...]
#
# Tours: each TSPLIB instance (default: every one of DATADIR's OPTIMA.tsv, DATADIR =
# ../shared/data/tsplib, else inputs/tsplib; "uniform:N:SEED" / "clustered:N:SEED" for generated
# ones) gets its bound computed on THREADS OpenMP threads (default 2): one row with the bound, the
# optimum, the gap, the ascent steps, the exact checks, the wall and CPU seconds.
# Orders: the real data (SUPPLYDIR, default ../shared/data/supply_chain, else
# inputs/supply_chain) under the default readings, with every order on its date, and with
# capacity ignored: the min-cost-flow bound per month and its time.
# The load average is printed before and after: on a shared machine, wall times are worth what
# the share of the cores the run got (CPU seconds / wall / threads) says.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
threads=2 build=$here/build data="" supply=""
while getopts "T:B:d:s:" opt; do
  case $opt in
  T) threads=$OPTARG ;; B) build=$OPTARG ;; d) data=$OPTARG ;; s) supply=$OPTARG ;;
  *) sed -n '3,15p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$data" ] || { data=$here/../shared/data/tsplib; [ -d "$data" ] || data=$here/inputs/tsplib; }
[ -n "$supply" ] || { supply=$here/../shared/data/supply_chain; [ -d "$supply" ] || supply=$here/inputs/supply_chain; }
args=()
if [ $# -gt 0 ]; then
  for name in "$@"; do
    case $name in
    *:*) args+=("$name") ;;
    *) if [ -e "$data/$name.tsp" ]; then args+=("$data/$name.tsp"); elif [ -e "$data/$name.atsp" ]; then args+=("$data/$name.atsp"); else echo "skipping $name (not in $data)"; fi ;;
    esac
  done
else
  while read -r name n type best; do
    [ "$name" = name ] && continue
    if [ "$type" = EXPLICIT ] && [ -e "$data/$name.atsp" ]; then args+=("$data/$name.atsp")
    elif [ -e "$data/$name.tsp" ]; then args+=("$data/$name.tsp"); fi
  done < "$data/OPTIMA.tsv"
fi
echo "# $(date -u +%FT%TZ) $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?'), $threads threads, load: $(cut -d' ' -f1-3 /proc/loadavg)"
OMP_NUM_THREADS=$threads "$build/bench_bounds" "${args[@]}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if "$build/antroute" import supply-chain "$supply" -o "$tmp/orders.h5" >/dev/null 2>&1; then
  for mode in "" "--no-ship-window" "--ignore-capacity --no-ship-window"; do
    echo "# orders ${mode:-(default readings)}"
    # shellcheck disable=SC2086
    OMP_NUM_THREADS=$threads "$build/bench_supply_bounds" "$tmp/orders.h5" $mode
  done
else
  echo "# orders: cannot import $supply"
fi
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
