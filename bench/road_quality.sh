#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/road_quality.sh [-n STOPS] [-t SECONDS] [-T LKH_SECONDS] [-r LKH_RUNS] [-l LKH] [-b ANTROUTE]
#                       [OUTDIR]
# The quality target of issue #22: on the road ATSP of 1,000 stops in Andorra (time costs), the
# answer of `antroute solve` in 60 s on 2 threads within 0.5 % of the best any tool finds in 10
# minutes. The stops are drawn deterministically from the road nodes (tests/road/make_stops.py,
# seed 1: the same N stops on any machine); the stop matrix goes out with `export --tsplib`
# (TYPE ATSP, EXPLICIT FULL_MATRIX) to LKH (default /tmp/peers/LKH3/LKH; build it outside the
# project: bench/peers.sh says how), with RUNS = LKH_RUNS (default 1) and TIME_LIMIT =
# LKH_SECONDS (default 600). Prints both costs, each checked against the matrix from the tour
# itself (/best/tour; LKH's OUTPUT_TOUR_FILE), and antroute's excess over LKH's, with the load.
#
# About 12 minutes at the defaults (import, 60 s solve, 600 s LKH); run it on a quiet machine.
# A check that it works: bench/road_quality.sh -n 100 -t 5 -T 5 /tmp/q.
# Files go to OUTDIR (default build/bench-road-quality). Not a test: it passes or fails nothing.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
stops=1000 secs=60 lkh_secs=600 runs=1 lkh=/tmp/peers/LKH3/LKH bin=$here/build/antroute
while getopts n:t:T:r:l:b: opt; do
  case $opt in
  n) stops=$OPTARG ;;
  t) secs=$OPTARG ;;
  T) lkh_secs=$OPTARG ;;
  r) runs=$OPTARG ;;
  l) lkh=$OPTARG ;;
  b) bin=$OPTARG ;;
  *) sed -n '3,4p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
out=$(mkdir -p "${1:-$here/build/bench-road-quality}" && cd "${1:-$here/build/bench-road-quality}" && pwd)
bin=$(readlink -f "$bin")
py=/usr/bin/python3
[ -x "$bin" ] || { echo "no antroute at $bin (build first, or give -b)"; exit 2; }
[ -x "$lkh" ] || { echo "no LKH at $lkh (give -l; bench/peers.sh says how to build it)"; exit 2; }
$py -c "import h5py, numpy" || { echo "needs python3-h5py"; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
export HDF5_USE_FILE_LOCKING=FALSE
load_before=$(uptime)

step() { # LOG command...: runs it, its output into LOG; stops the bench when it fails
  local log=$1
  shift
  "$@" >"$out/$log" 2>&1 || { echo "failed: $* (see $out/$log)"; exit 1; }
}
rm -f "$out/roads.h5" "$out/stops.h5" "$out/antroute.h5" "$out/stops.atsp" "$out/lkh.tour"
step import.log "$bin" import osm "$here/inputs/roads/andorra.osm.pbf" -o "$out/roads.h5"
step make_stops.log $py "$here/tests/road/make_stops.py" "$out/roads.h5" "$stops" 1 "$out/stops.csv"
step stops.log "$bin" import stops "$out/stops.csv" --roads "$out/roads.h5" --cost time -o "$out/stops.h5"
step solve.log env OMP_NUM_THREADS=2 "$bin" solve "$out/stops.h5" -o "$out/antroute.h5" --time "$secs" --seed 1 -q
step export.log "$bin" export "$out/antroute.h5" --tsplib "$out/stops.atsp"

# LKH on the exported ATSP: its best tour goes to lkh.tour, checked against the matrix below.
cat >"$out/lkh.par" <<PAR
PROBLEM_FILE = $out/stops.atsp
OUTPUT_TOUR_FILE = $out/lkh.tour
RUNS = $runs
SEED = 1
MAX_TRIALS = 1000000000
TIME_LIMIT = $lkh_secs
TRACE_LEVEL = 1
PAR
t0=$(date +%s.%N)
step lkh.log "$lkh" "$out/lkh.par"
lkh_wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.0f", b - a}')

# Both costs from the tours themselves, on the stop matrix of the stops file.
$py - "$out/stops.h5" "$out/antroute.h5" "$out/lkh.tour" "$out/stops.atsp" <<'PYEOF' >"$out/costs.txt"
import sys, h5py, numpy as np
W = h5py.File(sys.argv[1], "r")["tour/weights"][...].astype(np.int64)
r = h5py.File(sys.argv[2], "r")
n = len(W)
def cost(t): return int(sum(W[a, b] for a, b in zip(t, np.roll(t, -1))))
ours = r["best/tour"][...]
assert sorted(ours.tolist()) == list(range(n)), "antroute's tour is not a permutation"
assert cost(ours) == int(r["best/cost"][()]), (cost(ours), r["best/cost"][()])
lines = open(sys.argv[3]).read().split()
k = lines.index("TOUR_SECTION")
lkh = [int(x) - 1 for x in lines[k + 1:] if x not in ("-1", "EOF")]
assert sorted(lkh) == list(range(n)), "LKH's tour is not a permutation of the stops"
# the ATSP export must be the matrix itself (the comparison is on the same costs)
t = open(sys.argv[4]).read().split("\n")
e = t.index("EDGE_WEIGHT_SECTION")
M = np.array([[int(x) for x in l.split()] for l in t[e + 1:e + 1 + n]])
assert (M == W).all(), "the exported matrix differs from /tour/weights"
print(n, cost(ours), cost(lkh))
PYEOF
read -r n ours theirs <"$out/costs.txt"

echo "bench/road_quality.sh on $(hostname), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
echo "antroute: $("$bin" --version | head -n 1)"
echo "LKH: $lkh (RUNS = $runs, TIME_LIMIT = $lkh_secs s; took $lkh_wall s)"
echo "load before: $load_before"
echo
echo "Andorra road ATSP, $n stops (make_stops.py seed 1), costs in seconds (time, rounded per leg):"
printf '  %-38s %12s\n' "antroute solve --time $secs, 2 threads" "$ours"
printf '  %-38s %12s\n' "LKH, $runs run(s), $lkh_secs s limit" "$theirs"
awk -v a="$ours" -v b="$theirs" 'BEGIN{printf "  excess of antroute over LKH: %.3f %% (target: at most 0.5 %% over the best of any tool)\n", 100 * (a - b) / b}'
echo
echo "load after:  $(uptime)"
