#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute advise: the printed Slurm, srun, mpirun and OMP_* lines on the E7-8890 v4 node, the
# sbatch and env formats, colony counts, judgements of bad layouts, errors, an XML topology, and the binding
# report under mpirun -np 2 --bind-to none.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
E7="pack:4 [numa] l3:1 core:24 pu:2"
E7L="pack:4 [numa] l3:1 core:24 pu:2(indexes=2*96:96*1)"
out=$AR_TMP/out.txt

# expect_line FILE LINE: FILE holds LINE exactly, as a whole line.
expect_line() {
  if grep -Fxq -- "$2" "$1"; then pass "line: $2"; else fail "no line '$2' in $1: $(head -c 600 "$1")"; fi
}
# expect_text FILE TEXT: FILE contains TEXT.
expect_text() {
  if grep -Fq -- "$2" "$1"; then pass "has: $2"; else fail "no '$2' in $1: $(head -c 600 "$1")"; fi
}

# The flagship: 64x3 binds hardware threads.
"$ANTROUTE" advise --topology "$E7" --layout 64x3 --program "antroute solve net.h5 -o r.h5" >"$out" 2>&1 \
  && pass "advise 64x3 exits 0" || fail "advise 64x3 failed: $(cat "$out")"
expect_text "$out" "4 packages x 24 cores x 2 hardware threads = 192 hardware threads"
for l in "#SBATCH --nodes=1" "#SBATCH --ntasks=64" "#SBATCH --ntasks-per-socket=16" \
         "#SBATCH --cpus-per-task=3" "#SBATCH --threads-per-core=2" \
         "export OMP_NUM_THREADS=3 OMP_PLACES=threads OMP_PROC_BIND=close" \
         "srun -c \$SLURM_CPUS_PER_TASK --distribution=block:block --cpu-bind=threads antroute solve net.h5 -o r.h5"; do
  expect_line "$out" "$l"
done
expect_text "$out" "mpirun -np 64 --map-by ppr:16:socket:PE=3 --use-hwthread-cpus --bind-to hwthread"
expect_text "$out" "rank   0  package 0  cores 0-1      PUs 0-2"
expect_text "$out" "rank   1  package 0  cores 1-2      PUs 3-5"
expect_text "$out" "package 3: ranks 48-63, PUs 144-191"

# Linux numbering: core 0 = PUs 0 and 96.
"$ANTROUTE" advise --topology "$E7L" --layout 64x3 --plan >"$out" 2>&1 || fail "advise Linux numbering"
expect_text "$out" "rank   0  package 0  cores 0-1      PUs 0-1,96"
expect_text "$out" "rank   1  package 0  cores 1-2      PUs 2,97-98"
expect_text "$out" "rank  63  package 3"

# Core-aligned alternatives.
"$ANTROUTE" advise --topology "$E7" --layout 32x6 >"$out" 2>&1 || fail "advise 32x6"
expect_line "$out" "export OMP_NUM_THREADS=6 OMP_PLACES=cores OMP_PROC_BIND=close"
expect_text "$out" "--cpu-bind=cores"
expect_text "$out" "--map-by ppr:8:socket:PE=3 --bind-to core"
"$ANTROUTE" advise --topology "$E7" --nodes 2 --layout 32x3 >"$out" 2>&1 || fail "advise 2 x 32x3"
for l in "#SBATCH --nodes=2" "#SBATCH --ntasks=64" "#SBATCH --ntasks-per-node=32" \
         "#SBATCH --ntasks-per-socket=8" "#SBATCH --threads-per-core=1"; do
  expect_line "$out" "$l"
done
expect_text "$out" "mpirun -np 64 --map-by ppr:8:socket:PE=3 --bind-to core"

# Recommendation without --layout: 64x3 first, then 96x2.
"$ANTROUTE" advise --topology "$E7" >"$out" 2>&1 || fail "advise E7 recommendation"
expect_text "$out" "64x3 = 64 ranks x 3 threads per node on 1 node (64 ranks, 192 threads): recommended"
expect_text "$out" "  1. 64x3: "
expect_text "$out" "  2. 96x2: "

# --format sbatch: comments and #SBATCH lines only, stable.
"$ANTROUTE" advise --topology "$E7" --layout 64x3 --format sbatch >"$out" 2>&1 || fail "--format sbatch"
if grep -vq '^#' "$out"; then fail "--format sbatch printed a line that is not a comment"; else pass "--format sbatch: only # lines"; fi
[ "$(grep -c '^#SBATCH ' "$out")" = 6 ] && pass "--format sbatch: 6 #SBATCH lines" || fail "--format sbatch: $(cat "$out")"
# --format env: eval-able.
"$ANTROUTE" advise --topology "$E7" --layout 64x3 --format env >"$out" 2>&1 || fail "--format env"
( set -e; eval "$(cat "$out")"; [ "$OMP_NUM_THREADS" = 3 ] && [ "$OMP_PLACES" = threads ] &&
  [ "$AR_SRUN_OPTIONS" = "--distribution=block:block --cpu-bind=threads" ] &&
  [ "$AR_MPIRUN_OPTIONS" = "--map-by ppr:16:socket:PE=3 --use-hwthread-cpus --bind-to hwthread" ] ) \
  && pass "--format env evaluates" || fail "--format env: $(cat "$out")"

# Colony counts: recommended (two per rank with threads), uneven blocks costed, too few refused.
"$ANTROUTE" advise --topology "$E7" --layout 64x3 >"$out" 2>&1 || fail "advise 64x3"
expect_text "$out" "colonies: solve --colonies 128 (2 per rank); any multiple of 64 keeps the ranks even"
"$ANTROUTE" advise --topology "$E7" --layout 64x3 --format env >"$out" 2>&1 || fail "--format env"
expect_line "$out" "AR_COLONIES=128"
"$ANTROUTE" advise --topology "$E7" --layout 64x3 --colonies 100 >"$out" 2>&1 \
  && pass "--colonies 100 is a warning, exit 0" || fail "--colonies 100: $(cat "$out")"
expect_text "$out" "warning: 100 colonies over 64 ranks: 36 ranks own 2 colonies and the other 28 own 1"
expect_text "$out" "22 % of the ranks' compute time idles; use a multiple of 64 ranks: --colonies 64 or 128"
"$ANTROUTE" advise --topology "$E7" --layout 64x3 --colonies 64 >"$out" 2>&1 || fail "--colonies 64"
expect_text "$out" "note: one colony per rank: the 3 threads of a rank share its ants"
"$ANTROUTE" advise --topology "$E7" --layout 32x6 --colonies 96 >"$out" 2>&1 || fail "--colonies 96"
grep -q "colonies over\|one colony per rank" "$out" && fail "96 colonies on 32 ranks judged: $(grep colon "$out")" \
  || pass "96 colonies on 32 ranks: no finding"
expect_error 2 "10 colonies for 64 ranks: every rank needs at least one colony" - -- \
  "$ANTROUTE" advise --topology "$E7" --layout 64x3 --colonies 10 --format env

# Bad layouts: judged, with what to do.
expect_error 2 "256 hardware threads per node, but the node has 192" - -- \
  "$ANTROUTE" advise --topology "$E7" --layout 64x4
expect_text "$AR_TMP/last.log" "a rank can be given at most 3 hardware threads"
expect_text "$AR_TMP/last.log" "no launch lines for 64x4"
expect_error 2 "would span packages" - -- "$ANTROUTE" advise --topology "$E7" --layout 48x5
"$ANTROUTE" advise --topology "pack:2 core:16 pu:1" --layout 3x1 >"$out" 2>&1 || fail "3x1 on 2x16"
expect_text "$out" "warning: 3 ranks do not divide evenly over 2 packages"
"$ANTROUTE" advise --topology "$E7" --layout 6x32 >"$out" 2>&1 || fail "6x32"
expect_text "$out" "warning: 2 of 6 ranks span two or more packages"
expect_error 2 "threads exceed|3 OpenMP threads on the 1 hardware thread" - -- \
  "$ANTROUTE" advise --topology "$E7" --layout 64x3 --cpus-per-task 1
expect_error 2 "cannot run well" - -- "$ANTROUTE" advise --topology "$E7" --layout 64x4 --format sbatch
[ -s "$AR_TMP/last.log" ] && ! grep -q '^#SBATCH' "$AR_TMP/last.log" && pass "no #SBATCH for a bad layout" \
  || fail "a bad layout printed #SBATCH lines"

# This machine (real topology).
"$ANTROUTE" advise >"$out" 2>&1 && pass "advise on this machine" || fail "advise on this machine: $(cat "$out")"
expect_text "$out" "from this machine"
if grep -q "1 package x 2 cores x 1 hardware thread" "$out"; then
  expect_text "$out" "1x2 = 1 rank x 2 threads per node"
  expect_line "$out" "#SBATCH --threads-per-core=1"
fi

# An XML export, when lstopo is there.
if command -v lstopo-no-graphics >/dev/null; then
  lstopo-no-graphics --input "$E7L" -f "$AR_TMP/e7.xml" >/dev/null 2>&1
  "$ANTROUTE" advise --topology-xml "$AR_TMP/e7.xml" --layout 64x3 >"$out" 2>&1 || fail "advise --topology-xml"
  expect_text "$out" "from XML file $AR_TMP/e7.xml"
  expect_text "$out" "PUs 2,97-98"
fi

# Errors.
expect_error 2 "--topology 'pack:4 widget:3': hwloc cannot read" - -- "$ANTROUTE" advise --topology "pack:4 widget:3"
expect_error 4 "cannot open topology file $AR_TMP/none.xml" - -- "$ANTROUTE" advise --topology-xml "$AR_TMP/none.xml"
echo "not xml" >"$AR_TMP/bad.xml"
expect_error 3 "bad.xml is not an hwloc XML export" - -- "$ANTROUTE" advise --topology-xml "$AR_TMP/bad.xml"
expect_error 2 "--layout '64by3': expected RANKSxTHREADS" - -- "$ANTROUTE" advise --layout 64by3
expect_error 2 "not both" - -- "$ANTROUTE" advise --topology "$E7" --topology-xml "$AR_TMP/e7.xml"
expect_error 2 "--bind needs --report-binding" - -- "$ANTROUTE" advise --bind auto

# The run-time report under mpirun -np 2 --bind-to none: a table and the unbound warning.
OMP_NUM_THREADS=2 timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np 2 \
  "$ANTROUTE" advise --report-binding >"$out" 2>&1 || fail "advise --report-binding: $(cat "$out")"
expect_text "$out" "binding report: 2 ranks on 1 node, 2 OpenMP threads per rank"
[ "$(grep -Ec '^ +[01] +[^ ]+ +[01] ' "$out")" = 4 ] && pass "report: 4 thread lines" || fail "report table: $(cat "$out")"
if [ "$(nproc)" -gt 1 ]; then expect_text "$out" "threads are not bound"; fi
OMP_NUM_THREADS=1 timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np 2 \
  "$ANTROUTE" advise --report-binding --bind auto >"$out" 2>&1 || fail "advise --report-binding --bind: $(cat "$out")"
if [ "$(nproc)" -gt 1 ]; then expect_text "$out" "binding report: 0 warnings"; fi
finish
