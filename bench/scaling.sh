#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/scaling.sh [BUILD_DIR]: the parallel speed targets of issue #13, measured here.
#
# Fixed work: one instance, COLONIES colonies x ANTS ants, ITER iterations, epochs of EPOCH
# (no time limit, so every layout does exactly the same work and finds the same tour); the
# figure is solve's own seconds (/run seconds: the search, without MPI start-up and file I/O).
#   quiet:  1x1, 1x2 and 2x1 (ranks x threads), REPEAT rounds interleaved, median per layout;
#   stray:  the same with one CPU-bound process running beside the solve in its own session
#           (`setsid`), as a stray job on a shared node would: 1x2, 1x1, 2x1, and 1x2 with its
#           threads bound to cores (--bind auto).
# Then it prints the target lines: quiet 1x2 and 2x1 at least 1.9x faster than quiet 1x1, and
# 1x2 beside the stray process at least 1.3x faster than quiet 1x1. Every figure depends on the
# machine being otherwise idle: `uptime` is printed before and after each phase, and CPU seconds
# (which other processes' load hardly changes) are shown beside the wall-clock figures.
#
# Environment (defaults): INSTANCE=rl1323 (from ../shared/data/tsplib when there, else
# inputs/tsplib/att532), ITER=800 COLONIES=4 ANTS=8 EPOCH=50 REPEAT=3, STRAY=1 (0: quiet phase
# only), SOLVE_OPTIONS (added to every solve, e.g. "--bind auto"), OUT=/tmp/antroute-scaling.
# bench/bsp_model.sh reads the runs left in OUT and predicts other nodes.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$SRC/build}" && pwd)
ANTROUTE=$BUILD/antroute
OUT=${OUT:-/tmp/antroute-scaling}
ITER=${ITER:-800}
COLONIES=${COLONIES:-4}
ANTS=${ANTS:-8}
EPOCH=${EPOCH:-50}
REPEAT=${REPEAT:-3}
STRAY=${STRAY:-1}
read -r -a EXTRA <<<"${SOLVE_OPTIONS:-}"
TSP=${INSTANCE:-}
if [ -z "$TSP" ]; then
  TSP=$SRC/../shared/data/tsplib/rl1323.tsp
  [ -s "$TSP" ] || TSP=$SRC/inputs/tsplib/att532.tsp
elif [ ! -s "$TSP" ]; then
  for d in "$SRC/../shared/data/tsplib" "$SRC/inputs/tsplib"; do
    [ -s "$d/$TSP.tsp" ] && { TSP=$d/$TSP.tsp; break; }
  done
fi
[ -s "$TSP" ] || { echo "scaling.sh: no instance $TSP" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
MPIRUN=(mpirun --oversubscribe --bind-to none)
PY=/usr/bin/python3
mkdir -p "$OUT"
rm -f "$OUT"/quiet-*.h5 "$OUT"/stray-*.h5
NET=$OUT/$(basename "$TSP" .tsp).h5
[ -s "$NET" ] || "$ANTROUTE" import tsplib "$TSP" -o "$NET" >/dev/null
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "# antroute scaling, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, commit" \
  "$(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || echo '?'); load $(load)"
echo "fixed work: $(basename "$TSP"), $COLONIES colonies x $ANTS ants, $ITER iterations," \
  "epochs of $EPOCH; median of $REPEAT"

solve() { # PHASE R T ROUND [TAG OPTION...]: one solve, kept as OUT/PHASE-RxT[TAG]-ROUND.h5
  local phase=$1 r=$2 t=$3 k=$4 tag=${5:-}
  shift 4
  [ $# -gt 0 ] && shift
  OMP_NUM_THREADS=$t "${MPIRUN[@]}" -np "$r" "$ANTROUTE" solve "$NET" -q --no-bound \
    -o "$OUT/$phase-${r}x$t$tag-$k.h5" -c "$COLONIES" -m "$ANTS" -i "$ITER" -e "$EPOCH" \
    "${EXTRA[@]}" "$@" >/dev/null
}
# Rounds interleave the layouts, so that a burst of load from elsewhere hits them alike.
for ((k = 0; k < REPEAT; k++)); do
  for layout in "1 1" "1 2" "2 1"; do solve quiet $layout $k; done
done
echo "quiet phase done: load $(load)"
if [ "$STRAY" = 1 ]; then
  # One CPU-bound process in a session of its own (the scheduler shares CPUs between sessions).
  setsid sh -c 'while :; do :; done' &
  stray=$!
  trap 'kill "$stray" 2>/dev/null || true' EXIT
  sleep 1
  for ((k = 0; k < REPEAT; k++)); do
    for layout in "1 2" "1 1" "2 1"; do solve stray $layout $k; done
    # Bound threads: the scheduler cannot then stack both on one core beside the stray process.
    solve stray 1 2 "$k" -bound --bind auto
  done
  kill "$stray"
  wait "$stray" 2>/dev/null || true
  trap - EXIT
  echo "stray phase done: load $(load)"
fi

OUT=$OUT $PY - <<'PYEOF'
import glob, os, statistics, h5py
out = os.environ["OUT"]
def runs(phase, lay):
    rows = []
    for path in sorted(glob.glob(f"{out}/{phase}-{lay}-[0-9]*.h5")):
        with h5py.File(path, "r") as f:
            a = f["run"].attrs
            rows.append(dict(path=path, secs=float(a["seconds"]), cpu=float(a["cpu_seconds"]),
                             team=float(f["bsp"].attrs["team_efficiency"]),
                             best=float(f["best/cost"][()])))
    return rows
def median(rows, key):
    return statistics.median(r[key] for r in rows) if rows else float("nan")
table = {}
print("\n| phase | ranks x threads | solve seconds (median) | all runs | CPU seconds | team efficiency | best |")
print("|---|---|---|---|---|---|---|")
for phase in ("quiet", "stray"):
    for lay in ("1x1", "1x2", "2x1", "1x2-bound"):
        rows = runs(phase, lay)
        if not rows: continue
        table[phase, lay] = median(rows, "secs")
        print(f"| {phase} | {lay} | {table[phase, lay]:.3f} | "
              f"{' '.join('%.2f' % r['secs'] for r in rows)} | {median(rows, 'cpu'):.2f} | "
              f"{median(rows, 'team'):.3f} | {' '.join(sorted({'%.0f' % r['best'] for r in rows}))} |")
base = table["quiet", "1x1"]
def target(label, key, goal):
    if key not in table: return
    sp = base / table[key]
    print(f"{label}: {sp:.2f}x faster than quiet 1x1 (target {goal}x): {'met' if sp >= goal else 'MISSED'}")
print()
target("quiet 1x2", ("quiet", "1x2"), 1.9)
target("quiet 2x1", ("quiet", "2x1"), 1.9)
target("1x2 beside a CPU-bound process", ("stray", "1x2"), 1.3)
target("1x2 beside a CPU-bound process, threads bound (--bind auto)", ("stray", "1x2-bound"), 1.3)
target("(for comparison) 2x1 beside a CPU-bound process", ("stray", "2x1"), 1.3)
PYEOF
