#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The verdict of the HDF5 fuzz runs (fuzz_hdf5_verdict.sh) on planted libFuzzer logs: a fault
# inside libhdf5 reached from our reader passes, a fault in our own code and the harness's abort
# on a misjudged file fail, a time-out fails, a clean run passes. Runs in the plain build (no
# clang needed): it judges text only.
set -u
src=$1
verdict="$src/tests/fuzz/fuzz_hdf5_verdict.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
expect() { # expect WANT RC LOG-TEXT NAME
  printf '%b' "$3" >"$tmp/log"
  bash "$verdict" "$src" "$2" "$tmp/log" >/dev/null
  local got=$?
  if [ "$got" -eq "$1" ]; then echo "ok: $4"; else echo "FAIL: $4 (status $got, wanted $1)"; failed=1; fi
}
hdf5='    #0 0x7f in __memcpy_avx512 string/memmove.S:273\n    #1 0x55 in __interceptor_memcpy (/b/fuzz_h5net+0xb7757)\n    #2 0x7f in H5Dread (/lib/x86_64-linux-gnu/libhdf5_openmpi.so.103+0xcf0b5)\n'
expect 0 1 "${hdf5}    #3 0x55 in h5u_read $src/io/common/h5u.c:681:31\n" "a fault inside HDF5 passes"
expect 1 1 "    #0 0x55 in h5u_read $src/io/common/h5u.c:681:31\n    #1 0x7f in H5Dread (/lib/libhdf5_openmpi.so.103+0x1)\n" "a fault in our code fails"
expect 1 1 "    #0 0x7f in abort (/lib/x86_64-linux-gnu/libc.so.6+0x1)\n    #1 0x55 in LLVMFuzzerTestOneInput $src/tests/fuzz/fuzz_h5net.c:86:62\n" "the harness's abort fails"
expect 1 1 "==1== ERROR: libFuzzer: timeout after 20 seconds\n${hdf5}    #3 0x55 in h5u_read $src/io/common/h5u.c:681:31\n" "a time-out fails"
expect 1 1 "no stack at all\n" "a failure without a stack fails"
# A machine without llvm-symbolizer-14 (the fresh Debian 12 that found this): frames without names.
bare='    #0 0x55 (/b/fuzz_ckpt+0xa1954) (BuildId: 38)\n    #1 0x7f (/lib/x86_64-linux-gnu/libhdf5_openmpi.so.103+0x18967d) (BuildId: 81)\n    #2 0x55 (/b/fuzz_ckpt+0x1bd98e) (BuildId: 38)\n'
expect 1 1 "$bare" "a stack without names fails"
printf '%b' "$bare" >"$tmp/log"
if bash "$verdict" "$src" 1 "$tmp/log" | grep -q "llvm-symbolizer-14"; then
  echo "ok: a stack without names says that the symbolizer is missing"
else
  echo "FAIL: a stack without names does not name the missing symbolizer"; failed=1
fi
expect 0 0 "Done 1000 runs\n" "a clean run passes"
exit $failed
