#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Memory estimated before it is allocated (issue #12): runs that cannot fit stop with exit 5
# before allocating (their peak resident set stays small), naming the estimate, the limit and
# the parameter to lower; --max-memory below the estimate stops, a generous one runs; the limits
# of Slurm reach every rank; the results record the estimate, the limit and the peak, and the
# peak is near the estimate.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
PY=/usr/bin/python3
$PY -c "import h5py" 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o "$T/b.h5" >/dev/null ||
  { fail "import berlin52"; finish; }
"$A" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$T/orders.h5" >/dev/null 2>&1 ||
  fail "import supply-chain"
# Without a lower bound, and every solve of it with --no-bound: the Held-Karp bound of 85,900
# nodes takes half a minute and is not what this test is about.
if [ -e "$AR_SHARED_DATA/tsplib/pla85900.tsp" ]; then
  "$A" import tsplib "$AR_SHARED_DATA/tsplib/pla85900.tsp" -o "$T/big.h5" --no-bound >/dev/null ||
    fail "import pla85900"
else # the same size, generated
  "$A" import synthetic --kind tour --nodes 85900 --seed 1 -o "$T/big.h5" --no-bound >/dev/null ||
    fail "synthetic 85900"
fi

# stops_early NAME PATTERN command...: exit 5 with PATTERN, within 60 s (loaded machine; the
# run it replaces takes hours), and a peak resident set under 300 MB: nothing big was allocated.
stops_early() {
  local name=$1 pattern=$2
  shift 2
  local t0 t1
  t0=$(date +%s)
  expect_error 5 "$pattern" - -- /usr/bin/time -f "peak %M KB" -o "$T/$name.time" "$@"
  t1=$(date +%s)
  local kb
  kb=$(sed -n 's/^peak \([0-9]*\) KB/\1/p' "$T/$name.time" | tail -1)
  [ $((t1 - t0)) -le 60 ] && pass "$name stopped after $((t1 - t0)) s" || fail "$name took $((t1 - t0)) s"
  [ -n "$kb" ] && [ "$kb" -lt 300000 ] && pass "$name peak ${kb} KB" || fail "$name peak ${kb:-?} KB"
}

# 100,000 colonies on an 85,900-node instance need terabytes: refused on any machine (its 256
# automatic ants weigh more than its trails, so the advice names --ants too).
stops_early big "needs about [0-9.]+ TB per rank \(100000 colonies x .*but may use .*lower (--ants or )?--colonies" \
  "$A" solve "$T/big.h5" -o "$T/big-res.h5" --colonies 100000 --iterations 10 -q --no-bound
# 1,000,000 colonies on berlin52 need about 20 GB (each colony's merge work included): more than a
# Slurm job of 8 GB per node gets.
stops_early berlin "needs about [12][0-9.]+ GB per rank .*SLURM_MEM_PER_NODE shared by the node's ranks\): lower --colonies" \
  env SLURM_MEM_PER_NODE=8000 "$A" solve "$T/b.h5" -o "$T/b-res.h5" --colonies 1000000 --iterations 10 -q
# The same on 2 ranks: each gets half of the node, both stop (mpirun exits 5).
stops_early berlin2 "SLURM_MEM_PER_NODE shared by the node's ranks" \
  env SLURM_MEM_PER_NODE=8000 "$MPIEXEC" --oversubscribe --bind-to none -np 2 "$A" solve "$T/b.h5" \
  -o "$T/b-res.h5" --colonies 1000000 --iterations 10 -q
stops_early per_cpu "SLURM_MEM_PER_CPU x SLURM_CPUS_PER_TASK" \
  env SLURM_MEM_PER_CPU=1000 SLURM_CPUS_PER_TASK=2 "$A" solve "$T/b.h5" -o "$T/b-res.h5" \
  --colonies 1000000 --iterations 10 -q
# Many ants make the ants' tours the biggest part: the advice says so.
stops_early ants "lower --ants" "$A" solve "$T/big.h5" -o "$T/big-res.h5" --ants 1000000 \
  --iterations 1 -q --no-bound

# --max-memory: below the estimate stops, a generous one runs and is recorded.
expect_error 5 "needs about [0-9]+ MB per rank .*but may use 10 MB \(--max-memory\)" "$T/b-res.h5" -- \
  "$A" solve "$T/b.h5" -o "$T/b-res.h5" --iterations 5 --max-memory 10M -q
expect_error 5 "[0-9]{4}-[0-9]{2}: [0-9]+ orders over [0-9]+ ship days.*\(--max-memory\)" "$T/o-res.h5" -- \
  "$A" solve "$T/orders.h5" -o "$T/o-res.h5" --iterations 1 --max-memory 20M -q
expect_error 2 "--max-memory 'lots': expected a size" - -- \
  "$A" solve "$T/b.h5" -o "$T/b-res.h5" --max-memory lots -q
out=$("$A" solve "$T/b.h5" -o "$T/b-res.h5" --colonies 4 --iterations 20 --max-memory 4G 2>&1)
echo "$out" | grep -Eq "^memory: [0-9]+ MB estimated per rank \(limit 4.3 GB, --max-memory\)$" &&
  pass "a generous --max-memory runs and says so in one short line" || fail "generous --max-memory: $out"
# --verbose: the estimate's parts (issue #24: one short line without it).
out=$("$A" solve "$T/b.h5" -o "$T/b-res.h5" --colonies 4 --iterations 20 --max-memory 4G --verbose 2>&1)
echo "$out" | grep -Eq "^memory: needs about [0-9]+ MB per rank \(rank 0: 4 colonies x .*a rank may use 4.3 GB \(--max-memory\)" &&
  pass "--verbose prints the parts of the estimate" || fail "--verbose memory: $out"
# The results record the estimate, the limit and the peak; the peak is near the estimate.
check_record() { # check_record RESULTS LIMIT
  $PY - "$1" "$2" <<'PYEOF'
import sys, h5py
run = h5py.File(sys.argv[1], "r")["run"].attrs
est, peak, lim = int(run["memory_estimate_bytes"]), int(run["memory_peak_bytes"]), run["memory_limit"]
lim = lim.decode() if isinstance(lim, bytes) else lim
print(f"estimate {est/1e6:.1f} MB, peak {peak/1e6:.1f} MB, limit {lim!r}")
assert lim.startswith(sys.argv[2]), lim
assert 0.7 * est <= peak <= 1.3 * est, (est, peak)
PYEOF
}
check_record "$T/b-res.h5" "--max-memory" && pass "berlin52: estimate, limit and peak recorded" ||
  fail "berlin52 record"
"$A" solve "$T/big.h5" -o "$T/big-res.h5" --colonies 2 --iterations 2 -q --no-bound >/dev/null &&
  check_record "$T/big-res.h5" "" && pass "85,900 nodes x 2 colonies: peak within 30 % of the estimate" ||
  fail "85,900 nodes record"
"$A" solve "$T/orders.h5" -o "$T/o-res.h5" --colonies 2 --iterations 2 -q >/dev/null &&
  check_record "$T/o-res.h5" "" && pass "orders x 2 colonies: peak within 30 % of the estimate" ||
  fail "orders record"
finish
