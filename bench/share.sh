#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/share.sh [BUILD_DIR]: pheromone sharing split across threads on duplicated communicators
# (solve --share-endpoints, "multiple endpoints") against one thread doing the whole allreduce,
# on 2 and 4 ranks. Two measurements, each interleaving the two ways:
#   1. build/share_bench: the int64 allreduce of the sharing alone, for matrices from 532 x 16
#      cells (att532) to SIZES_MAX cells; median of 15 per way and size, slowest rank;
#   2. antroute solve --share-every 1 with and without --share-endpoints (fixed work: INSTANCE,
#      4 colonies, ITER iterations in epochs of 10): the `share` timer of /bsp/rank_timers per
#      sharing, median over REPEAT runs, slowest rank.
# Environment (defaults): THREADS=2 (OpenMP threads per rank, = endpoints), RANKS="2 4",
# SIZES_MAX=4194304, INSTANCE=rl1323 (../shared/data/tsplib, else inputs/tsplib/att532),
# ITER=200 REPEAT=3, OUT=/tmp/antroute-share. Prints `uptime` first: on a machine with fewer
# cores than ranks x threads the threads time-share and the endpoints cannot run at once.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$SRC/build}" && pwd)
ANTROUTE=$BUILD/antroute
BENCH=$BUILD/share_bench
[ -x "$BENCH" ] || { echo "build first: cmake --build $BUILD (needs $BENCH)" >&2; exit 2; }
OUT=${OUT:-/tmp/antroute-share}
THREADS=${THREADS:-2}
RANKS=${RANKS:-2 4}
SIZES_MAX=${SIZES_MAX:-4194304}
ITER=${ITER:-200}
REPEAT=${REPEAT:-3}
TSP=${INSTANCE:-$SRC/../shared/data/tsplib/rl1323.tsp}
[ -s "$TSP" ] || TSP=$SRC/inputs/tsplib/att532.tsp
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
MPIRUN=(mpirun --oversubscribe --bind-to none)
PY=/usr/bin/python3
mkdir -p "$OUT"
rm -f "$OUT"/share-*.h5
echo "# antroute pheromone sharing: one thread vs endpoints, $(date -u '+%Y-%m-%d %H:%M UTC')," \
  "$(nproc) CPUs, $THREADS threads per rank; load $(cut -d' ' -f1-3 /proc/loadavg)"

sizes=""
for s in 8512 131072 1048576 4194304 16777216; do [ "$s" -le "$SIZES_MAX" ] && sizes="$sizes $s"; done
echo
echo "| ranks | cells | MB | one thread (ms) | endpoints (ms) | one / endpoints |"
echo "|---|---|---|---|---|---|"
for np in $RANKS; do
  # shellcheck disable=SC2086
  OMP_NUM_THREADS=$THREADS "${MPIRUN[@]}" -np "$np" "$BENCH" $sizes | awk '{
    printf "| %s | %s | %.2f | %.3f | %.3f | %s |\n", $2, $6, $8 / 1e6, $10 * 1e3, $12 * 1e3, $14 }'
done

NET=$OUT/$(basename "$TSP" .tsp).h5
[ -s "$NET" ] || "$ANTROUTE" import tsplib "$TSP" -o "$NET" >/dev/null
for ((k = 0; k < REPEAT; k++)); do
  for np in $RANKS; do
    for way in one endpoints; do
      opt=()
      [ "$way" = endpoints ] && opt=(--share-endpoints)
      OMP_NUM_THREADS=$THREADS "${MPIRUN[@]}" -np "$np" "$ANTROUTE" solve "$NET" -q --no-bound \
        -o "$OUT/share-$np-$way-$k.h5" -c 4 -m 4 -i "$ITER" -e 10 --share-every 1 "${opt[@]}" \
        >/dev/null
    done
  done
done
echo "solve phase done: load $(cut -d' ' -f1-3 /proc/loadavg)"
OUT=$OUT RANKS=$RANKS $PY - <<'PYEOF'
import glob, os, statistics, h5py
out = os.environ["OUT"]
print(f"\n| ranks | matrix | sharings | one thread (ms per sharing) | endpoints (ms per sharing) | one / endpoints | same answer |")
print("|---|---|---|---|---|---|---|")
for np_ in os.environ["RANKS"].split():
    per, best, shape = {}, {}, ""
    for way in ("one", "endpoints"):
        vals = []
        for path in sorted(glob.glob(f"{out}/share-{np_}-{way}-*.h5")):
            with h5py.File(path, "r") as f:
                names = f["bsp"].attrs["timer_names"]
                names = (names.decode() if isinstance(names, bytes) else names).split(",")
                share = f["bsp/rank_timers"][:, names.index("share")].max()
                epochs = int(f["bsp"].attrs["epochs"])
                vals.append(share / epochs)
                best.setdefault(way, set()).add(float(f["best/cost"][()]))
                n = len(f["best/tour"])
                shape = f"{n} x {int(f['run'].attrs.get('candidates', 16))}"
        per[way] = statistics.median(vals) if vals else float("nan")
    same = "yes" if best.get("one") == best.get("endpoints") and len(best.get("one", ())) == 1 else "NO"
    print(f"| {np_} | {shape} | {epochs} | {per['one'] * 1e3:.3f} | {per['endpoints'] * 1e3:.3f} | "
          f"{per['one'] / per['endpoints']:.2f} | {same} |")
PYEOF
