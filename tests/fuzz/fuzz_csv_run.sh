#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# fuzz_csv_run.sh FUZZER SECONDS CORPUS_DIR SEED_DIR...: fills a fresh corpus with the seed files
# (CSV files longer than 4 KiB are cut to their first 4 KiB, still a valid start of a table) and
# runs the fuzzer for SECONDS. Non-zero exit on any crash or sanitizer report; the reproducer is
# left beside the corpus as crash-*, leak-*, timeout-* or oom-*.
set -eu
fuzzer=$1 seconds=$2 corpus=$3
shift 3
rm -rf "$corpus"
mkdir -p "$corpus"
for dir in "$@"; do
  for f in "$dir"/*.csv; do
    [ -f "$f" ] && head -c 4096 "$f" > "$corpus/$(basename "$dir")_$(basename "$f")"
  done
done
cd "$(dirname "$corpus")"
exec "$fuzzer" -max_total_time="$seconds" -max_len=8192 -timeout=60 -rss_limit_mb=2048 \
  -print_final_stats=1 "$corpus"
