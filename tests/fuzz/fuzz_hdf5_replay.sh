#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# fuzz_hdf5_replay.sh FUZZER SRC NAME: replays the inputs of tests/fuzz/hdf5_faults/NAME_*.h5,
# each one a damaged file on which HDF5 1.10 itself faults (found by the fuzzer), and fails
# unless fuzz_hdf5_verdict.sh judges each run as a fault of the library (or the run is clean, as
# it would be with an HDF5 that no longer faults). One input reads well within 512 MiB, so each
# replay is held to that: h5net_object_header_4gib.h5 makes HDF5 ask for 4 GiB, which must come
# back NULL (ASAN_OPTIONS max_allocation_size_mb, set by the caller) rather than cost the run
# half a GiB of ASan's shadow. A machine on which the verdict cannot read a
# stack (no llvm-symbolizer-14) fails here, on every run, rather than when the fuzzer's random
# walk happens to reach such a file. Runs in the folder the caller is in (libFuzzer's logs).
set -u
fuzzer=$1 src=$2 name=$3
failed=0
for input in "$src"/tests/fuzz/hdf5_faults/"$name"_*.h5; do
  [ -f "$input" ] || continue
  log="replay_$(basename "$input" .h5).log"
  "$fuzzer" -rss_limit_mb=512 "$input" >"$log" 2>&1
  rc=$?
  if verdict=$(bash "$src/tests/fuzz/fuzz_hdf5_verdict.sh" "$src" "$rc" "$log"); then
    echo "fuzz: replayed $(basename "$input"): ${verdict:+${verdict#fuzz: }}${verdict:-no fault (status $rc)}" | head -n 1
  else
    cat "$log"
    printf '%s\n' "$verdict"
    echo "fuzz: FAILED: the known HDF5 fault $input was not judged the library's (status $rc, log above)"
    failed=1
  fi
done
exit $failed
