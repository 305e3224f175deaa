#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/checkpoint.sh: checkpoint write time and bandwidth on 1, 2 and 4 ranks against dd writing
# the same bytes to the same disk (conv=fsync), and the share of a solve's run time that
# checkpoints take at the default interval (one per epoch end).
#
#   bench/checkpoint.sh [DIR]          DIR: where to write (default: build/bench/checkpoint)
#
# Variables (environment): COLONIES=64 ROWS=100000 OPTIONS=8 (64 x 100,000 x 8 float32 pheromone
# = 205 MB, plus 26 MB of tours), SCALE=1 (multiplies ROWS: SCALE=0.25 for a quick run),
# RANKS="1 2 4", REPEAT=5 rounds, BUILD=build, SOLVE=1 (0: skip the solve part), SOLVE_TIME=20.
# Each round writes dd's file, then one checkpoint per rank count (the second write of a fresh
# bench_ckpt process, so MPI-IO's first-open costs are not counted), so dd and the checkpoints
# meet the same load; the "% of dd" column is the median over rounds of each round's ratio of
# bandwidths, which load elsewhere distorts less than either time. The write time covers what
# ckpt_write does until the checkpoint is in place: CRC-32 of every block, collective MPI-IO
# writes, flush with fsync, close, rename, directory fsync; the removal of the previous
# checkpoint that follows is shown apart (rotate).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
DIR=${1:-build/bench/checkpoint}
COLONIES=${COLONIES:-64}
SCALE=${SCALE:-1}
ROWS=$(awk -v r="${ROWS:-100000}" -v s="$SCALE" 'BEGIN { printf "%d", r * s }')
OPTIONS=${OPTIONS:-8}
RANKS=${RANKS:-1 2 4}
REPEAT=${REPEAT:-5}
BUILD=${BUILD:-build}
SOLVE=${SOLVE:-1}
SOLVE_TIME=${SOLVE_TIME:-20}
BENCH="$BUILD/bench_ckpt"
[ -x "$BENCH" ] || { echo "build first: cmake --build $BUILD (needs $BENCH)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
export HDF5_USE_FILE_LOCKING=FALSE
MPIEXEC=${MPIEXEC:-mpirun}
PY=/usr/bin/python3
mkdir -p "$DIR"
rm -f "$DIR"/ckpt-*.h5* "$DIR"/dd.bin
LOG=$DIR/rounds.txt
: >"$LOG"

echo "checkpoint of $COLONIES colonies x $ROWS rows x $OPTIONS options (float32 pheromone," \
  "int32 tours) in $DIR ($(df -h --output=source,fstype "$DIR" | tail -1 | tr -s ' '))"
echo "machine: $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
  "load $(cut -d' ' -f1-3 /proc/loadavg)"

ckpt_once() { # NP: one line of bench_ckpt (its second write)
  local np=$1
  # The cores shared out among the ranks (their threads compute the CRC during the write).
  OMP_NUM_THREADS=$(($(nproc) / np > 0 ? $(nproc) / np : 1)) "$MPIEXEC" --oversubscribe \
    --bind-to none -np "$np" "$BENCH" "$DIR" "$COLONIES" "$ROWS" "$OPTIONS" 2 | tail -1
  rm -f "$DIR"/ckpt-*.h5*
}
bytes=$(ckpt_once 1 | sed 's/.*file_bytes=\([0-9]*\).*/\1/')
mb=$(((bytes + 1048575) / 1048576))
for ((k = 0; k < REPEAT; k++)); do
  for np in $RANKS; do
    t0=$(date +%s.%N)
    dd if=/dev/zero of="$DIR/dd.bin" bs=1M count="$mb" conv=fsync status=none
    dd_s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.4f", b - a }')
    rm -f "$DIR/dd.bin"
    echo "np=$np dd_s=$dd_s dd_bytes=$((mb * 1048576)) $(ckpt_once "$np")" >>"$LOG"
  done
done

LOG=$LOG $PY - <<'PYEOF'
import os, re, statistics
rows = {}
for line in open(os.environ["LOG"]):
    kv = dict(re.findall(r"(\w+)=([0-9.]+)", line))
    rows.setdefault(int(kv["np"]), []).append({k: float(v) for k, v in kv.items()})
print(f"\n| ranks | size MB | write s (median) | write MB/s | dd s (median) | dd MB/s | % of dd (median of rounds) | best round % | rotate s | read s | crc s (one rank's block) |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for np_, rs in sorted(rows.items()):
    med = lambda k: statistics.median(r[k] for r in rs)
    mb = rs[0]["file_bytes"] / 1e6
    ratios = [(r["file_bytes"] / r["write_s"]) / (r["dd_bytes"] / r["dd_s"]) for r in rs]
    print(f"| {np_} | {mb:.1f} | {med('write_s'):.3f} | {mb / med('write_s'):.0f} | {med('dd_s'):.3f} | "
          f"{rs[0]['dd_bytes'] / 1e6 / med('dd_s'):.0f} | {100 * statistics.median(ratios):.0f} | "
          f"{100 * max(ratios):.0f} | {med('rotate_s'):.3f} | {med('read_s'):.3f} | {med('crc_s'):.3f} |")
print(f"\nMB = 10^6 bytes; {len(next(iter(rows.values())))} rounds; slowest rank. read: ckpt_read with CRC checks (page cache).")
PYEOF

[ "$SOLVE" = 1 ] || exit 0
# Share of run time at the default interval: a checkpoint at every epoch end (100 iterations).
ANTROUTE=$BUILD/antroute
echo
echo "| solve (2 threads, --time $SOLVE_TIME, checkpoint at every epoch end) | checkpoints | MB each | seconds | share of the run |"
echo "|---|---|---|---|---|"
for inst in att532:inputs/tsplib/att532.tsp rl1323:../shared/data/tsplib/rl1323.tsp; do
  name=${inst%%:*} tsp=${inst#*:}
  [ -s "$tsp" ] || continue
  net=$DIR/$name.h5
  [ -s "$net" ] || "$ANTROUTE" import tsplib "$tsp" -o "$net" >/dev/null
  rm -rf "$DIR/solve-ckpt"
  line=$(OMP_NUM_THREADS=2 "$ANTROUTE" solve "$net" -o "$DIR/solve.h5" -c 4 --time "$SOLVE_TIME" \
    --no-bound --checkpoint-dir "$DIR/solve-ckpt" | grep '^checkpoints:' || true)
  size=$(du -m "$(ls "$DIR"/solve-ckpt/ckpt-*.h5 | tail -1)" | cut -f1)
  echo "$line" | sed -E "s/^checkpoints: ([0-9]+) written in ([0-9.]+) s \(([0-9.]+) % of this run.*/| $name, 4 colonies | \1 | $size | \2 | \3 % |/"
done
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
