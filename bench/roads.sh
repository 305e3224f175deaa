#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/roads.sh [OUTDIR]: road networks (issue #22). Prints one table, with the machine's load
# (uptime) before and after: the figures of a loaded machine are not the program's.
#
#   1. import time and peak memory: `import osm` of the shipped Andorra map, `import synthetic
#      --kind road-graph` of SYNTH_NODES (default 1,000,000) nodes and, when BIG_NODES > 0, of
#      BIG_NODES (10,000,000 for the target: imported and inspected under 8 GB), and `inspect` of
#      each;
#   2. the stop-to-stop matrix at 1x1, 1x2 and 2x1 (ranks x threads) of STOPS (default 2,000)
#      stops on Andorra and SYNTH_STOPS (default 500) on the synthetic network (make_stops.py:
#      real road locations): the searches' wall time, the whole command's, the speed-up over 1x1
#      (target: 1.8x for 1x2 and 2x1), settled nodes per CPU second; and what 2,000 stops on the
#      synthetic network take at 1x2 by proportion (each search settles nearly every node, so the
#      search time is proportional to the stops; target: import + 2,000 stops under 5 minutes);
#   3. settled nodes per CPU second of scipy.sparse.csgraph.dijkstra on the same CSR arrays
#      (bench/road_scipy.py: full searches from a few sources), beside antroute's 1x1 figure
#      (target: at least scipy's).
#
# About 4 minutes on a quiet 2-core machine at the defaults (SYNTH_STOPS=2000 gives the target's
# figure directly: about 10 minutes). Files go to OUTDIR (default build/bench-roads), never into
# the source tree. A quick look: STOPS=200 SYNTH_STOPS=50 SYNTH_NODES=100000 bench/roads.sh /tmp/r.
# ANTROUTE overrides the program (default build/antroute).
# Not a test: it prints figures and passes or fails nothing.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
out=$(mkdir -p "${1:-$here/build/bench-roads}" && cd "${1:-$here/build/bench-roads}" && pwd)
bin=$(readlink -f "${ANTROUTE:-$here/build/antroute}")
stops=${STOPS:-2000}
synth_stops=${SYNTH_STOPS:-500}
synth=${SYNTH_NODES:-1000000}
big=${BIG_NODES:-0}
py=/usr/bin/python3
[ -x "$bin" ] || { echo "no antroute at $bin (build first, or set ANTROUTE)"; exit 2; }
$py -c "import h5py, scipy.sparse.csgraph" || { echo "needs python3-h5py and python3-scipy"; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
export HDF5_USE_FILE_LOCKING=FALSE
load_before=$(uptime)

# timed NAME command...: runs it, keeps "wall_s peak_MB" in $out/NAME.time and its output.
timed() {
  local name=$1
  shift
  /usr/bin/time -f "%e %M" -o "$out/$name.time" "$@" >"$out/$name.log" 2>&1 ||
    { echo "failed: $* (see $out/$name.log)"; exit 1; }
}
wall() { awk '{print $1}' "$out/$1.time"; }
peak_mb() { awk '{printf "%.0f", $2 / 1024}' "$out/$1.time"; }

# --- 1. imports ----------------------------------------------------------------------------------
timed osm_andorra env OMP_NUM_THREADS=1 "$bin" import osm "$here/inputs/roads/andorra.osm.pbf" -o "$out/andorra.h5"
timed inspect_andorra "$bin" inspect "$out/andorra.h5"
nets=(andorra)
sizes=("$synth")
[ "$big" -gt 0 ] && sizes+=("$big")
for n in "${sizes[@]}"; do
  timed "synth_$n" "$bin" import synthetic --kind road-graph --nodes "$n" --seed 1 -o "$out/synth_$n.h5"
  timed "inspect_synth_$n" "$bin" inspect "$out/synth_$n.h5"
done
nets+=("synth_$synth")

# --- 2. the matrix over layouts -------------------------------------------------------------------
settled_rate() { sed -n 's/.*(\([0-9.e+]*\) settled nodes per CPU second).*/\1/p' "$out/$1.log"; }
search_wall() { sed -n 's/.* nodes in \([0-9.]*\) s on .*/\1/p' "$out/$1.log"; }
nstops() { [ "$1" = andorra ] && echo "$stops" || echo "$synth_stops"; }
for net in "${nets[@]}"; do
  k=$(nstops "$net")
  $py "$here/tests/road/make_stops.py" "$out/$net.h5" "$k" 1 "$out/${net}_stops.csv"
  timed "${net}_1x1" env OMP_NUM_THREADS=1 "$bin" import stops "$out/${net}_stops.csv" --roads "$out/$net.h5" -o "$out/${net}_1x1.h5"
  timed "${net}_1x2" env OMP_NUM_THREADS=2 "$bin" import stops "$out/${net}_stops.csv" --roads "$out/$net.h5" -o "$out/${net}_1x2.h5"
  timed "${net}_2x1" env OMP_NUM_THREADS=1 mpirun --oversubscribe --bind-to none -np 2 "$bin" import stops "$out/${net}_stops.csv" --roads "$out/$net.h5" -o "$out/${net}_2x1.h5"
done

# --- 3. scipy (bench/road_scipy.py: "settled_per_cpu_s settled cpu_s") ---------------------------
scipy_rate() { # NETWORK SOURCES
  $py "$here/bench/road_scipy.py" "$out/$1.h5" "$2" time | awk '{print $1}'
}

# --- the table -----------------------------------------------------------------------------------
echo "bench/roads.sh on $(hostname), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores; antroute: $bin"
echo "load before: $load_before"
echo
printf '%-22s %10s %10s | %9s %9s | %9s %9s\n' network nodes arcs "import s" "peak MB" "inspect s" "peak MB"
row() { # NAME IMPORT_TIMING INSPECT_TIMING
  local nodes arcs
  nodes=$(sed -n 's/^nodes: \([0-9]*\).*/\1/p' "$out/$3.log")
  arcs=$(sed -n 's/^arcs: \([0-9]*\).*/\1/p' "$out/$3.log")
  printf '%-22s %10s %10s | %9s %9s | %9s %9s\n' "$1" "$nodes" "$arcs" "$(wall "$2")" "$(peak_mb "$2")" \
    "$(wall "$3")" "$(peak_mb "$3")"
}
row "andorra (import osm)" osm_andorra inspect_andorra
for n in "${sizes[@]}"; do row "synthetic $n" "synth_$n" "inspect_synth_$n"; done
echo
printf '%-22s %6s | %9s %8s | %9s %8s | %12s %9s\n' "matrix (stops)" layout "search s" speed-up "total s" speed-up "settled/CPU s" "peak MB"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}'; }
for net in "${nets[@]}"; do
  base=$(search_wall "${net}_1x1")
  tbase=$(wall "${net}_1x1")
  for l in 1x1 1x2 2x1; do
    s=$(search_wall "${net}_$l")
    t=$(wall "${net}_$l")
    printf '%-22s %6s | %9s %8s | %9s %8s | %12s %9s\n' "$net ($(nstops "$net"))" "$l" "$s" \
      "$(ratio "$base" "$s")" "$t" "$(ratio "$tbase" "$t")" "$(settled_rate "${net}_$l")" "$(peak_mb "${net}_$l")"
  done
  cmp -s <(h5dump -d /tour/weights "$out/${net}_1x1.h5" | tail -n +3) \
    <(h5dump -d /tour/weights "$out/${net}_2x1.h5" | tail -n +3) ||
    echo "  note: the 2x1 matrix differs from 1x1 (it must not)"
done
net=synth_$synth
awk -v s="$(search_wall "${net}_1x2")" -v k="$synth_stops" -v imp="$(wall "synth_$synth")" \
  'BEGIN{e = s * 2000 / k; printf "%s: 2,000 stops at 1x2 by proportion: %.0f s of searches; with the import %.0f s (target: under 300 s)\n", "'"$net"'", e, e + imp}'
echo
printf '%-22s | %14s %14s %8s\n' "per core (1 thread)" "antroute" "scipy" ratio
for net in "${nets[@]}"; do
  ours=$(settled_rate "${net}_1x1")
  theirs=$(scipy_rate "$net" $([ "$net" = andorra ] && echo 50 || echo 4))
  printf '%-22s | %14s %14s %8s\n' "$net" "$ours" "$theirs" \
    "$(awk -v a="$ours" -v b="$theirs" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}')"
done
echo
echo "load after:  $(uptime)"
echo "(settled nodes per CPU second: nodes settled by the searches / their threads' CPU time;"
echo " the first speed-up is of the searches' wall time, the second of the whole command's, which"
echo " adds the fixed start of MPI, reading the network, snapping and writing.)"
