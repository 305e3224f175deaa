#!/usr/bin/env bash
# bench/checkpoint.sh: checkpoint size, write time and bandwidth for 1, 2 and 4 ranks, against
# dd writing the same number of bytes to the same disk with conv=fsync.
#
#   bench/checkpoint.sh [DIR]          DIR: where to write (default: bench-out/checkpoint)
#
# Variables (environment): COLONIES=64 ROWS=100000 OPTIONS=8 (64 x 100,000 x 8 float32 pheromone
# = 205 MB, plus 26 MB of tours), SCALE=1 (multiplies ROWS: SCALE=0.25 for a quick run),
# RANKS="1 2 4", REPEAT=3 (the best of REPEAT writes is reported), BUILD=build.
# The write time covers what ckpt_write does until the checkpoint is in place: CRC-32 of every
# block, collective MPI-IO writes, flush with fsync, close, rename, directory fsync. The removal
# of the previous checkpoint (--keep) that follows is shown apart (rotate).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
DIR=${1:-bench-out/checkpoint}
COLONIES=${COLONIES:-64}
SCALE=${SCALE:-1}
ROWS=$(awk -v r="${ROWS:-100000}" -v s="$SCALE" 'BEGIN { printf "%d", r * s }')
OPTIONS=${OPTIONS:-8}
RANKS=${RANKS:-1 2 4}
REPEAT=${REPEAT:-3}
BUILD=${BUILD:-build}
BENCH="$BUILD/bench_ckpt"
[ -x "$BENCH" ] || { echo "build first: cmake --build $BUILD (needs $BENCH)" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
export HDF5_USE_FILE_LOCKING=FALSE
MPIEXEC=${MPIEXEC:-mpirun}
mkdir -p "$DIR"
rm -f "$DIR"/ckpt-*.h5* "$DIR"/dd.bin

echo "checkpoint of $COLONIES colonies x $ROWS rows x $OPTIONS options (float32 pheromone," \
  "int32 tours) in $DIR ($(df -h --output=source,fstype "$DIR" | tail -1 | tr -s ' '))"
echo "machine: $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"

# dd: the same bytes, one sequential stream, fsync at the end; best of REPEAT.
best_dd=""
bytes=""
for _ in $(seq "$REPEAT"); do
  out=$("$MPIEXEC" --oversubscribe --bind-to none -np 1 "$BENCH" "$DIR" "$COLONIES" "$ROWS" \
    "$OPTIONS" 1 | tail -1)
  bytes=$(echo "$out" | sed 's/.*file_bytes=\([0-9]*\).*/\1/')
  break
done
rm -f "$DIR"/ckpt-*.h5*
mb=$(( (bytes + 1048575) / 1048576 ))
for _ in $(seq "$REPEAT"); do
  t0=$(date +%s.%N)
  dd if=/dev/zero of="$DIR/dd.bin" bs=1M count="$mb" conv=fsync status=none
  s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.4f", b - a }')
  rm -f "$DIR/dd.bin"
  if [ -z "$best_dd" ] || awk -v a="$s" -v b="$best_dd" 'BEGIN { exit !(a < b) }'; then best_dd=$s; fi
done
dd_bw=$(awk -v b="$mb" -v s="$best_dd" 'BEGIN { printf "%.0f", b * 1.048576 / s }')

printf "\n%-6s %9s %8s %11s %6s %9s %7s %10s %7s\n" ranks "size MB" "write s" "write MB/s" "% dd" \
  "rotate s" "read s" "read MB/s" "crc s"
printf "%-6s %9.1f %8.3f %11s %6s %9s %7s %10s %7s\n" dd "$(awk -v b="$mb" 'BEGIN{print b*1.048576}')" \
  "$best_dd" "$dd_bw" 100 - - - -
for np in $RANKS; do
  # The cores shared out among the ranks (threads compute the CRC).
  export OMP_NUM_THREADS=$(( $(nproc) / np > 0 ? $(nproc) / np : 1 ))
  best=""
  while read -r line; do
    w=$(echo "$line" | sed 's/.*write_s=\([0-9.]*\).*/\1/')
    if [ -z "$best" ] || awk -v a="$w" -v b="$(echo "$best" | sed 's/.*write_s=\([0-9.]*\).*/\1/')" \
      'BEGIN { exit !(a < b) }'; then best=$line; fi
  done < <("$MPIEXEC" --oversubscribe --bind-to none -np "$np" "$BENCH" "$DIR" "$COLONIES" "$ROWS" \
    "$OPTIONS" "$REPEAT")
  fb=$(echo "$best" | sed 's/.*file_bytes=\([0-9]*\).*/\1/')
  w=$(echo "$best" | sed 's/.*write_s=\([0-9.]*\).*/\1/')
  r=$(echo "$best" | sed 's/.*read_s=\([0-9.]*\).*/\1/')
  t=$(echo "$best" | sed 's/.*rotate_s=\([0-9.]*\).*/\1/')
  c=$(echo "$best" | sed 's/.*crc_s=\([0-9.]*\).*/\1/')
  awk -v np="$np" -v fb="$fb" -v w="$w" -v t="$t" -v r="$r" -v c="$c" -v dd="$dd_bw" 'BEGIN {
    mb = fb / 1e6; printf "%-6s %9.1f %8.3f %11.0f %6.0f %9.3f %7.3f %10.0f %7.3f\n",
    np, mb, w, mb / w, 100 * (mb / w) / dd, t, r, mb / r, c }'
  rm -f "$DIR"/ckpt-*.h5*
done
echo
echo "MB = 10^6 bytes; best of $REPEAT; slowest rank. write: ckpt_write until the checkpoint is in"
echo "place; rotate: removing the previous one; read: ckpt_read with CRC checks (page cache);"
echo "crc: CRC-32 of one rank's pheromone block alone. Load average: $(cut -d' ' -f1-3 /proc/loadavg)"
