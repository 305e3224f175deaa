#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/memory.sh: the memory estimate of `antroute solve` against the peak resident set it
# really reaches, on tours and orders of several shapes, 1 and 4 colonies per rank.
#
#   bench/memory.sh [DIR]        DIR: scratch folder (default: build/bench/memory)
#
# For each run it prints the estimate (/run memory_estimate_bytes: the largest of any rank), the
# peak (/run memory_peak_bytes: the largest VmHWM of any rank, read when the results are written)
# and peak / estimate. Variables: BUILD=build, SHARED=../shared/data (pla85900 is skipped when
# absent), ITER=3 (iterations per run; memory does not depend on it beyond the records).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
DIR=${1:-build/bench/memory}
BUILD=${BUILD:-build}
SHARED=${SHARED:-../shared/data}
ITER=${ITER:-3}
A="$BUILD/antroute"
[ -x "$A" ] || { echo "build first: cmake --build $BUILD" >&2; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
export HDF5_USE_FILE_LOCKING=FALSE
MPIEXEC=${MPIEXEC:-mpirun}
mkdir -p "$DIR"

net() { # net NAME COMMAND...: imports once
  local name=$1
  shift
  [ -e "$DIR/$name.h5" ] || "$A" import "$@" -o "$DIR/$name.h5" >/dev/null 2>&1 || true
}
net tour20k synthetic --kind tour --nodes 20000 --seed 3
[ -e "$SHARED/tsplib/pla85900.tsp" ] && net pla85900 tsplib "$SHARED/tsplib/pla85900.tsp"
net orders supply-chain inputs/supply_chain
net syn synthetic --kind supply-chain --orders 20000 --months 2 --plants 40 --ports 20 --seed 5

attr() { /usr/bin/python3 -c "import h5py,sys; print(h5py.File(sys.argv[1],'r')['run'].attrs[sys.argv[2]])" "$1" "$2"; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GB", $2/1e6}' /proc/meminfo); load: $(uptime | sed 's/.*load average: //')"
printf '%-34s %6s %5s %7s %12s %12s %7s\n' run ranks thr col/rank estimate_MB peak_MB peak/est
run() { # run LABEL RANKS THREADS NET COLONIES [options]
  local label=$1 ranks=$2 threads=$3 name=$4 colonies=$5
  shift 5
  [ -e "$DIR/$name.h5" ] || { printf '%-34s skipped (no %s)\n' "$label" "$name"; return; }
  local out="$DIR/$label.h5"
  OMP_NUM_THREADS=$threads "$MPIEXEC" --oversubscribe --bind-to none -np "$ranks" "$A" solve \
    "$DIR/$name.h5" -o "$out" -q --colonies "$colonies" --iterations "$ITER" "$@" >/dev/null
  local est peak
  est=$(attr "$out" memory_estimate_bytes)
  peak=$(attr "$out" memory_peak_bytes)
  awk -v l="$label" -v r="$ranks" -v t="$threads" -v c=$((colonies / ranks)) -v e="$est" \
    -v p="$peak" 'BEGIN { printf "%-34s %6d %5d %7d %12.1f %12.1f %7.3f\n", l, r, t, c, e / 1e6,
                          p / 1e6, p / e }'
}
run tour-pla85900-1x1-c1 1 1 pla85900 1 --epoch-iterations 1
run tour-pla85900-1x2-c4 1 2 pla85900 4 --epoch-iterations 1
run tour-syn20k-2x1-c8 2 1 tour20k 8
run tour-syn20k-1x2-c64 1 2 tour20k 64
run orders-real-1x1-c1 1 1 orders 1 --epoch-iterations 1
run orders-real-2x1-c8 2 1 orders 8 --epoch-iterations 1
run orders-syn-1x2-c4 1 2 syn 4 --epoch-iterations 1
