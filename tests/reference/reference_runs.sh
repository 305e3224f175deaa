#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# reference_runs.sh: the answers that no refactor may change (issue #11, "What must not change").
#
# Sixteen solves with fixed seeds and iteration counts: tours (symmetric and ATSP, MMAS and ACS,
# pheromone sharing) and supply-chain order routing (default, capacity ignored, two months), on
# the layouts 1x1, 2x1 and 1x2 (ranks x threads), and three of them resumed from a checkpoint of an
# earlier run on another layout. For each run it prints one line:
#   NAME  COST  DIGEST
# COST is /best/cost (tours) or the plan's cost recomputed by `antroute evaluate` (orders);
# DIGEST is the md5 of the best tour's node list, or of the plan CSV of `antroute export`.
# Only data values enter (never dataset or attribute names), so a versioned rename of a
# dataset cannot change a line, but a change of the answer always does.
#
#   reference_runs.sh [NAME...]     run all (or the named) reference runs, print their lines
# Environment: ANTROUTE, AR_SOURCE_DIR, AR_TMP, MPIEXEC (as from ctest; see tests/common/lib.sh).
set -u
A=${ANTROUTE:?}
SRC=${AR_SOURCE_DIR:?}
T=${AR_TMP:?}
mkdir -p "$T"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
TSP=$SRC/inputs/tsplib

nets() {
  [ -e "$T/pcb442.h5" ] || "$A" import tsplib "$TSP/pcb442.tsp" -o "$T/pcb442.h5" >/dev/null
  [ -e "$T/kro124p.h5" ] || "$A" import tsplib "$TSP/kro124p.atsp" -o "$T/kro124p.h5" >/dev/null
  [ -e "$T/att532.h5" ] || "$A" import tsplib "$TSP/att532.tsp" -o "$T/att532.h5" >/dev/null
  [ -e "$T/real.h5" ] || "$A" import supply-chain "$SRC/inputs/supply_chain" -o "$T/real.h5" \
    >/dev/null
  [ -e "$T/syn.h5" ] || "$A" import synthetic --kind supply-chain --orders 1500 --months 2 \
    --plants 8 --ports 5 --seed 4 -o "$T/syn.h5" >/dev/null
}

# solve LAYOUT NET OUT args...: one solve on RANKSxTHREADS
solve() {
  local r=${1%x*} t=${1#*x} net=$2 out=$3
  shift 3
  OMP_NUM_THREADS=$t timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np "$r" "$A" solve \
    "$T/$net.h5" -o "$out" -q "$@" >"$out.log" 2>&1
}

values() { h5dump -d "$2" -y -w 0 -O /dev/null "$1" 2>/dev/null | tr -s ', \n' ' ' | sed 's/^ //;s/ $//'; }

tour_line() { # tour_line NAME RESULTS
  [ -s "$2" ] || { echo "$1 FAILED $(tail -c 300 "$2.log" | tr '\n' ' ')"; return; }
  echo "$1 $(values "$2" /best/cost) $(values "$2" /best/tour | md5sum | cut -c1-32)"
}

plan_line() { # plan_line NAME NET RESULTS [evaluate options]
  local name=$1 net=$2 res=$3
  shift 3
  [ -s "$res" ] && "$A" export "$res" --csv "$res.csv" >/dev/null 2>&1 \
    || { echo "$name FAILED $(tail -c 300 "$res.log" | tr '\n' ' ')"; return; }
  local cost
  cost=$("$A" evaluate "$T/$net.h5" "$res.csv" "$@" 2>&1 | awk '/^cost:/ {print $2; exit}')
  echo "$name ${cost:-?} $(md5sum <"$res.csv" | cut -c1-32)"
}

TOUR=(--colonies 2 --iterations 60 --epoch-iterations 20 --seed 3)
KICK=(--stall-kick 2 --new-edges 16)

# resumed NAME FIRST THEN args...: pcb442 on layout FIRST with a checkpoint every 25 iterations,
# then the checkpoint of iteration 25 resumed on layout THEN (the tour lines' resume).
resumed() {
  local name=$1 first=$2 then=$3 o=$T/$1.h5 ck
  shift 3
  solve "$first" pcb442 "$o.first" "$@" --checkpoint-dir "$T/ck-$name" --checkpoint-every 25 \
    --keep 100
  ck=$(ls "$T/ck-$name"/*.h5 2>/dev/null | sort -V | head -1)
  solve "$then" pcb442 "$o" "$@" --resume "${ck:-missing}"
  tour_line "$name" "$o"
}
SUPPLY=(--colonies 2 --iterations 4 --epoch-iterations 2 --seed 7)

run_one() {
  local o=$T/$1.h5
  rm -rf "$o" "$o.csv" "$T/ck-$1"
  case $1 in
  tour-1x1) solve 1x1 pcb442 "$o" "${TOUR[@]}"; tour_line "$1" "$o" ;;
  tour-2x1) solve 2x1 pcb442 "$o" "${TOUR[@]}"; tour_line "$1" "$o" ;;
  tour-1x2) solve 1x2 pcb442 "$o" "${TOUR[@]}"; tour_line "$1" "$o" ;;
  tour-resume) resumed "$1" 1x1 2x1 "${TOUR[@]}" ;;
  # A colony's stall changes its ants (--stall-kick): with 2, the kick grows within these short
  # runs, and the answer must still not depend on the layout or on a resume. --new-edges 16: with
  # the default (32 here) these runs end on tour-*'s tour, kick or not, so a resume that lost the
  # stall would not show; with 16 the kick changes the answer (test_reference.sh checks that
  # against kick-off-1x1, the same run without it: a stall of 100 never comes in 60 iterations).
  kick-off-1x1) solve 1x1 pcb442 "$o" "${TOUR[@]}" --new-edges 16; tour_line "$1" "$o" ;;
  kick-1x1) solve 1x1 pcb442 "$o" "${TOUR[@]}" "${KICK[@]}"; tour_line "$1" "$o" ;;
  kick-2x1) solve 2x1 pcb442 "$o" "${TOUR[@]}" "${KICK[@]}"; tour_line "$1" "$o" ;;
  kick-resume) resumed "$1" 1x2 2x1 "${TOUR[@]}" "${KICK[@]}" ;;
  atsp-1x1) solve 1x1 kro124p "$o" "${TOUR[@]}"; tour_line "$1" "$o" ;;
  atsp-2x1) solve 2x1 kro124p "$o" "${TOUR[@]}"; tour_line "$1" "$o" ;;
  acs-1x2) solve 1x2 att532 "$o" --algorithm acs --colonies 2 --iterations 30 --seed 11
    tour_line "$1" "$o" ;;
  share-2x1) solve 2x1 att532 "$o" --colonies 4 --iterations 40 --epoch-iterations 10 \
    --share-every 1 --seed 13; tour_line "$1" "$o" ;;
  supply-1x1) solve 1x1 real "$o" "${SUPPLY[@]}"; plan_line "$1" real "$o" ;;
  supply-nocap-2x1) solve 2x1 real "$o" "${SUPPLY[@]}" --ignore-capacity
    plan_line "$1" real "$o" --ignore-capacity ;;
  months-1x2) solve 1x2 syn "$o" "${SUPPLY[@]}"; plan_line "$1" syn "$o" ;;
  months-resume)
    # 1x1 checkpointing every 3 iterations; then, on 2x1, the first checkpoint of the second
    # month (the one with supply_month 1 and the fewest iterations).
    solve 1x1 syn "$o.first" "${SUPPLY[@]}" --checkpoint-dir "$T/ck-$1" --checkpoint-every 3 \
      --keep 100
    local f ck=""
    for f in $(ls "$T/ck-$1"/*.h5 2>/dev/null | sort -V); do
      if h5dump -a /supply_month "$f" 2>/dev/null | grep -q '(0): 1'; then ck=$f; break; fi
    done
    solve 2x1 syn "$o" "${SUPPLY[@]}" --resume "${ck:-missing}"
    plan_line "$1" syn "$o" ;;
  *) echo "$1 UNKNOWN" ;;
  esac
}

ALL="tour-1x1 tour-2x1 tour-1x2 tour-resume kick-off-1x1 kick-1x1 kick-2x1 kick-resume atsp-1x1
  atsp-2x1 acs-1x2 share-2x1 supply-1x1 supply-nocap-2x1 months-1x2 months-resume"
nets
for n in ${*:-$ALL}; do run_one "$n"; done
