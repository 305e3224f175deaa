#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# fuzz_h5net_run.sh FUZZER SECONDS CORPUS_DIR ANTROUTE SOURCE_DIR: makes real network files with
# the build's importer (tours: eil51, the ATSP ft70 and a 300-node synthetic one; supply chain: a
# tiny generated network), puts them in a fresh corpus and runs the fuzzer for SECONDS. Non-zero
# exit on any crash or sanitizer report; the reproducer is left beside the corpus as crash-*,
# leak-*, timeout-* or oom-*. Leaks are not checked: MPI and HDF5 keep allocations of their own.
set -eu
fuzzer=$(readlink -f "$1") seconds=$2 corpus=$3 antroute=$4 src=$5
rm -rf "$corpus"
mkdir -p "$corpus"
"$antroute" import tsplib "$src/inputs/tsplib/eil51.tsp" -o "$corpus/eil51.h5" >/dev/null
"$antroute" import tsplib "$src/inputs/tsplib/ft70.atsp" -o "$corpus/ft70.h5" >/dev/null
"$antroute" import synthetic --kind tour --nodes 300 --seed 2 -o "$corpus/syn300.h5" >/dev/null
"$antroute" import synthetic --kind supply-chain --orders 10 --plants 2 --ports 2 --seed 1 \
  -o "$corpus/supply.h5" >/dev/null
# The seeds in HDF5's latest format, whose metadata carries checksums: the mutations that reach
# a reader are then those of the data, the shapes and the attributes that HDF5 takes as written,
# which is what antroute must judge; raw damage to HDF5's own structures of the old format finds
# bugs of the HDF5 library instead (1.10's attribute decoder overflows its buffers), not ours.
for f in "$corpus"/*.h5; do
  h5repack -L "$f" "$f.latest" && mv "$f.latest" "$f"
done
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
bash "$src/tests/fuzz/fuzz_hdf5_replay.sh" "$fuzzer" "$src" h5net
"$fuzzer" -max_total_time="$seconds" -max_len=65536 -timeout=60 -rss_limit_mb=2048 -malloc_limit_mb=1048576 \
  -print_final_stats=1 "$corpus" 2>&1 | tee "$corpus.log"
# The HDF5 library's own faults on damaged files pass with a note (fuzz_hdf5_verdict.sh).
bash "$src/tests/fuzz/fuzz_hdf5_verdict.sh" "$src" "${PIPESTATUS[0]}" "$corpus.log"
