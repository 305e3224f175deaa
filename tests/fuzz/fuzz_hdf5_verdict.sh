#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# fuzz_hdf5_verdict.sh SRC RC LOG: the status of an HDF5 fuzz run (fuzz_h5net, fuzz_ckpt) from
# libFuzzer's status RC and its output LOG. A fault whose stack reaches antroute's sources only
# through the HDF5 library (every frame above the first of ours is in libhdf5, libc or the
# sanitizer) is a bug of Debian 12's HDF5 1.10 on a damaged file, which no caller can prevent:
# it is reported and the input kept, and the run counts as passed. Any other failure (a fault in
# our code, the harness's abort on a misjudged file, a time-out, too much memory) fails.
src=$1 rc=$2 log=$3
[ "$rc" -eq 0 ] && exit 0
stack=$(grep -E '^ +#[0-9]+ 0x' "$log" | awk '/#0 /{n++} n==1')
[ -n "$stack" ] || exit "$rc"
above=$(printf '%s\n' "$stack" | awk -v src="$src/" 'index($0, src) && /\.c:[0-9]+/ {exit} {print}')
ours=$(printf '%s\n' "$stack" | awk -v src="$src/" 'index($0, src) && /\.c:[0-9]+/ {print; exit}')
if grep -q 'libFuzzer: out-of-memory\|libFuzzer: timeout' "$log"; then exit "$rc"; fi
# Without a symbolizer the frames name no function (`#1 0x55.. (fuzz_ckpt+0x1222f5)`): whose
# fault it is cannot be told, so the run fails, saying why.
if [ -z "$ours" ] && ! printf '%s\n' "$stack" | grep -q ' in '; then
  echo "fuzz: the stack above names no function or line (no llvm-symbolizer-14: apt-get install llvm-14):"
  echo "fuzz: whether the fault is HDF5's or antroute's cannot be told, so the run fails"
  exit "$rc"
fi
if [ -n "$ours" ] && printf '%s\n' "$above" | grep -q 'libhdf5'; then
  echo "fuzz: the fault above is inside the HDF5 library, reached from:${ours#*in}"
  echo "fuzz: a bug of HDF5 on a damaged file, not of antroute; the input is kept (crash-*)"
  exit 0
fi
exit "$rc"
