#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# run_fuzz.sh FUZZER SECONDS CORPUS_DIR SEED...: copies the seed files (or the files of seed
# folders) into a fresh corpus folder (libFuzzer adds what it finds there, so never point it at
# the source tree) and runs the fuzzer for SECONDS. Exits non-zero on any crash or sanitizer
# report; the reproducer is left in CORPUS_DIR/../ as crash-*, leak-*, timeout-* or oom-*.
set -eu
fuzzer=$(readlink -f "$1") seconds=$2 corpus=$3
shift 3
rm -rf "$corpus"
mkdir -p "$corpus"
for seed in "$@"; do
  if [ -d "$seed" ]; then
    for f in "$seed"/*; do [ -f "$f" ] && cp "$f" "$corpus/$(basename "$seed")_$(basename "$f")"; done
  elif [ -f "$seed" ]; then
    cp "$seed" "$corpus/"
  fi
done
cd "$(dirname "$corpus")"
exec "$fuzzer" -max_total_time="$seconds" -max_len=8192 -timeout=60 -rss_limit_mb=2048 \
  -print_final_stats=1 "$corpus"
