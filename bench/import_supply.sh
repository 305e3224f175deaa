#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/import_supply.sh [RUNS]: times, on one core, importing the shipped supply-chain data set,
# generating a 12-month x 100,000-order network grown from it, and reading that network back
# (antroute inspect reads and validates every dataset). Prints the best and median wall time of
# RUNS runs (default 3) per step against the 2 s target. Times include process start-up
# (MPI_Init, about 0.35 s here). Run from anywhere after building build/antroute.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
antroute=${ANTROUTE:-$root/build/antroute}
runs=${1:-3}
[ -x "$antroute" ] || { echo "build antroute first (./setup.sh build)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

# time_step NAME COMMAND...: runs the command RUNS times; prints one table row.
time_step() {
  local name=$1
  shift
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s.%N)
    "${pin[@]}" "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc -l)")
  done
  local sorted best median
  sorted=$(printf '%s\n' "${times[@]}" | sort -g)
  best=$(echo "$sorted" | head -1)
  median=$(echo "$sorted" | sed -n "$(((runs + 1) / 2))p")
  local verdict=ok
  (($(echo "$median > 2.0" | bc -l))) && verdict=SLOW
  printf '| %-46s | %7.3f | %7.3f | < 2 s  | %-4s |\n' "$name" "$best" "$median" "$verdict"
}

echo "antroute supply-chain import benchmark ($runs runs each, ${pin[*]:-unpinned}, $(nproc) cores)"
echo
printf '| %-46s | %7s | %7s | %-6s | %-4s |\n' step "best s" "median" target ""
printf '|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..48})" "---------" "---------" "--------" "------"
time_step "import supply-chain inputs/supply_chain" \
  "$antroute" import supply-chain "$root/inputs/supply_chain" -o "$work/real.h5"
time_step "import synthetic 12 x 100,000 orders (--from)" \
  "$antroute" import synthetic --kind supply-chain --from "$root/inputs/supply_chain" \
  --orders 100000 --months 12 --plants 200 --ports 100 --seed 1 -o "$work/synth.h5"
time_step "inspect (read + validate) the 1.2 M orders" "$antroute" inspect "$work/synth.h5"
echo
echo "generated network ($(du -h "$work/synth.h5" | cut -f1)):"
"$antroute" inspect "$work/synth.h5" | tail -n +2
