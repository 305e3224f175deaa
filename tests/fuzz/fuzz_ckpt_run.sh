#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# fuzz_ckpt_run.sh FUZZER SECONDS CORPUS_DIR ANTROUTE SOURCE_DIR: writes real checkpoints with the
# build's solve (eil51, 2 colonies: the shape fuzz_ckpt reads; at an epoch end and inside an
# epoch; and one of a small order-routing run), puts them in a fresh corpus and runs the fuzzer
# for SECONDS. Non-zero exit on any crash or sanitizer report; the reproducer is left beside the
# corpus as crash-*, leak-*, timeout-* or oom-*. Leaks are not checked: MPI and HDF5 keep
# allocations of their own.
set -eu
fuzzer=$(readlink -f "$1") seconds=$2 corpus=$3 antroute=$4 src=$5
work="$corpus.work"
rm -rf "$corpus" "$work"
mkdir -p "$corpus" "$work"
"$antroute" import tsplib "$src/inputs/tsplib/eil51.tsp" -o "$work/eil51.h5" >/dev/null
OMP_NUM_THREADS=1 "$antroute" solve "$work/eil51.h5" -o "$work/r.h5" -q --colonies 2 \
  --iterations 30 --epoch-iterations 10 --checkpoint-dir "$work/ck" --checkpoint-every 5 \
  --keep 2 >/dev/null
"$antroute" import synthetic --kind supply-chain --orders 10 --plants 2 --ports 2 --seed 1 \
  -o "$work/supply.h5" >/dev/null
OMP_NUM_THREADS=1 "$antroute" solve "$work/supply.h5" -o "$work/s.h5" -q --colonies 1 \
  --iterations 2 --epoch-iterations 1 --checkpoint-dir "$work/sk" --keep 1 >/dev/null
for f in "$work"/ck/*.h5 "$work"/sk/*.h5; do cp "$f" "$corpus/$(basename "$(dirname "$f")")_$(basename "$f")"; done
rm -rf "$work"
cd "$(dirname "$corpus")"
# A corrupted header can make HDF5 itself ask for absurd sizes (an object header of 4 GiB in a
# file of 10 KiB): above max_allocation_size_mb they come back NULL and HDF5 fails cleanly.
# Without that bound such a request succeeds under ASan, which writes the shadow of the whole
# block when it is freed: one input then touches half a GiB for nothing, and libFuzzer's
# -rss_limit_mb (a peak) fails the run. Our readers never need that much for a seed of a few KiB:
# if they asked for it, malloc's NULL would make them fail as out of memory, which the harness
# reports.
# HDF5 1.10's own overreads while decoding damaged headers are not ours (see the file).
supp="$src/tests/fuzz/hdf5_interceptors.supp"
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:max_allocation_size_mb=256:suppressions=$supp${ASAN_OPTIONS:+:$ASAN_OPTIONS}
# The damaged files known to fault inside HDF5 first: their verdict must be the library's.
bash "$src/tests/fuzz/fuzz_hdf5_replay.sh" "$fuzzer" "$src" ckpt
"$fuzzer" -max_total_time="$seconds" -max_len=131072 -timeout=60 -rss_limit_mb=2048 \
  -malloc_limit_mb=1048576 -print_final_stats=1 "$corpus" 2>&1 | tee "$corpus.log"
# The HDF5 library's own faults on damaged files pass with a note (fuzz_hdf5_verdict.sh).
bash "$src/tests/fuzz/fuzz_hdf5_verdict.sh" "$src" "${PIPESTATUS[0]}" "$corpus.log"
