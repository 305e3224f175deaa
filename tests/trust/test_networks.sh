#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# One validation of network files (issue #12): inspect, solve and evaluate judge a file alike,
# with the same exit status and message, and inspect says "valid" only of a file solve accepts.
# Files made with h5py from good imports: h5py's own string forms (read everywhere), an unknown
# kind, format versions 99 and -1, order dates near the int32 limits, datasets that claim more
# than their storage holds (the 6 KB file claiming 20,000,000 nodes), and optima that contradict
# the data.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
PY=/usr/bin/python3
$PY -c "import h5py, numpy" 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o "$T/tour.h5" >/dev/null ||
  { fail "import berlin52"; finish; }
"$A" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$T/orders.h5" >/dev/null 2>&1 ||
  { fail "import supply-chain"; finish; }

# fixture NAME BASE PYTHON: NAME.h5 is a copy of BASE.h5 with PYTHON run on it (f = the open
# file; h5_edit in lib.sh: one python for all of them).
fixture() { h5_edit "$T/$2.h5" "$T/$1.h5" "$3" || fail "making fixture $1"; }

# everywhere NAME CODE PATTERN [evaluate]: inspect and solve (and evaluate) all exit CODE with
# PATTERN; inspect never says "valid".
everywhere() {
  local f="$T/$1.h5"
  expect_error "$2" "$3" - -- "$A" inspect "$f"
  grep -q "^valid: yes" "$T/last.log" && fail "inspect called $1 valid"
  expect_error "$2" "$3" "$T/$1-res.h5" -- "$A" solve "$f" -o "$T/$1-res.h5" --iterations 2 -q
  if [ "${4:-}" = evaluate ]; then
    expect_error "$2" "$3" - -- "$A" evaluate "$f" --historical
  fi
}

# h5py's default strings (variable-length UTF-8) for attributes and code datasets: read alike.
fixture vlen_tour tour 'f.attrs["kind"] = "tour"; f["tour"].attrs["metric"] = "EUC_2D"; f.attrs["name"] = "berlin52"'
fixture vlen_orders orders 'f.attrs["kind"] = "supply-chain"; c = [x.decode() for x in f["supply/plants/code"][...]]; del f["supply/plants/code"]; f["supply/plants/code"] = c'
for n in vlen_tour vlen_orders; do
  "$A" inspect "$T/$n.h5" >"$T/$n.log" 2>&1 && grep -q "^valid: yes" "$T/$n.log" &&
    pass "inspect: $n is valid" || fail "inspect $n: $(tail -2 "$T/$n.log")"
  "$A" solve "$T/$n.h5" -o "$T/$n-res.h5" --iterations 2 -q >"$T/$n.log" 2>&1 &&
    pass "solve reads $n" || fail "solve $n: $(tail -2 "$T/$n.log")"
done
"$A" evaluate "$T/vlen_orders.h5" --historical >/dev/null 2>&1
[ $? -eq 6 ] && pass "evaluate reads vlen_orders (historical plan infeasible: 6)" || fail "evaluate vlen_orders"

# Kinds and versions: 3 and the same words everywhere.
fixture kind_lorry tour 'f.attrs["kind"] = np.bytes_("lorry")'
everywhere kind_lorry 3 "network kind 'lorry' is unknown \(this antroute reads 'tour', 'supply-chain', 'road-graph' and 'road' networks\)"
fixture kind_lorry_orders orders 'f.attrs["kind"] = "lorry"'
everywhere kind_lorry_orders 3 "network kind 'lorry' is unknown" evaluate
fixture v99 tour 'f.attrs["format_version"] = np.int64(99)'
everywhere v99 3 "antroute-network format version 99 is not supported \(this antroute reads 'tour' networks of versions 1 to 1\)"
fixture vm1 orders 'f.attrs["format_version"] = np.int64(-1)'
everywhere vm1 3 "format version -1 is not supported \(this antroute reads 'supply-chain' networks of versions 1 to 1\)" evaluate
fixture no_kind orders 'del f.attrs["kind"]'
everywhere no_kind 3 "attribute 'kind' is missing" evaluate

# Dates: near the int32 limits they used to pass inspect and overflow in solve.
fixture date_high orders 'f["supply/orders/date"][3] = 2**31 - 10'
everywhere date_high 3 "dataset /supply/orders/date row 3: 2147483638 days since 1970-01-01 \(far away\) is outside the years 1900 to 2200" evaluate
fixture date_low orders 'f["supply/orders/date"][0] = -(2**31) + 5'
everywhere date_low 3 "dataset /supply/orders/date row 0: .* is outside the years 1900 to 2200" evaluate
fixture date_2201 orders 'f["supply/orders/date"][7] = 84372'
everywhere date_2201 3 "row 7: 84372 days since 1970-01-01 \(2201-01-02\) is outside the years 1900 to 2200" evaluate

# Sizes: a 6 KB file that claims 20,000,000 nodes in a chunked dataset never written, an
# unwritten contiguous dataset, chunks partly written: refused before anything is allocated.
fixture huge tour 'del f["tour/coords"]; del f["tour/known_tour"]; f["tour"].attrs["n"] = np.int64(20000000); f.create_dataset("tour/coords", shape=(20000000, 2), dtype="f8", chunks=(4096, 2))'
size=$(stat -c %s "$T/huge.h5")
[ "$size" -lt 20000 ] && pass "huge.h5 is $size bytes" || fail "huge.h5 is $size bytes"
everywhere huge 3 "dataset /tour/coords claims more elements than its storage holds: 40000000 elements, only 0 of its 4883 chunks were ever written"
/usr/bin/time -f "%M" -o "$T/huge.kb" "$A" solve "$T/huge.h5" -o "$T/huge-res.h5" -q >/dev/null 2>&1
kb=$(tail -1 "$T/huge.kb")
[ "$kb" -lt 200000 ] && pass "solve of huge.h5 peaked at $kb KB" || fail "solve of huge.h5 peaked at $kb KB"
fixture unwritten tour 'del f["tour/coords"]; f.create_dataset("tour/coords", shape=(52, 2), dtype="f8")'
everywhere unwritten 3 "dataset /tour/coords claims more elements than its storage holds: 104 elements, 0 bytes stored, 832 needed"
fixture partial tour 'c = f["tour/coords"][...]; del f["tour/coords"]; d = f.create_dataset("tour/coords", shape=(52, 2), dtype="f8", chunks=(8, 2)); d[0:8] = c[0:8]'
everywhere partial 3 "only 1 of its 7 chunks were ever written"
fixture orders_unwritten orders 'n = f["supply/orders/weight"].shape[0]; del f["supply/orders/weight"]; f.create_dataset("supply/orders/weight", shape=(n,), dtype="f8", chunks=(1024,))'
everywhere orders_unwritten 3 "dataset /supply/orders/weight claims more elements than its storage holds" evaluate
# Compressed and complete is fine.
fixture gzip tour 'c = f["tour/coords"][...]; del f["tour/coords"]; f.create_dataset("tour/coords", data=c, chunks=(8, 2), compression="gzip")'
"$A" inspect "$T/gzip.h5" | grep -q "^valid: yes" && pass "a compressed, complete dataset is valid" || fail "gzip.h5"

# Optima that contradict the data (they ended with "gap -100.000 %", exit 0).
fixture opt_huge tour 'del f["tour/known_tour"]; f["tour"].attrs["optimum"] = np.int64(10**12)'
everywhere opt_huge 3 "the optimum 1000000000000 is longer than the tour that visits the nodes in file order \([0-9]+\)"
fixture opt_above_tour tour 'f["tour"].attrs["optimum"] = np.int64(7600)'
everywhere opt_above_tour 3 "measures 7542, shorter than the optimum 7600"
fixture stale_length tour 'f["tour/known_tour"].attrs["length"] = np.int64(7000)'
everywhere stale_length 3 "dataset /tour/known_tour: attribute length = 7000 but the tour measures 7542"
expect_error 3 "the optimum 1000000000000 is longer than the tour that visits the nodes in file order" "$T/imp.h5" -- \
  "$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" --no-tour --optimum 1000000000000 -o "$T/imp.h5"

# --optimum on the command line is judged the same way (a usage error: the option contradicts
# the data); an optimum the search beats is called wrong in the summary.
expect_error 2 "--optimum: the optimum 1000000000000 is longer than the tour that visits the nodes" \
  "$T/opt-res.h5" -- "$A" solve "$T/tour.h5" -o "$T/opt-res.h5" --optimum 1000000000000 -q
expect_error 2 "--optimum: the known tour measures 7542, shorter than the optimum 7600" \
  "$T/opt-res.h5" -- "$A" solve "$T/tour.h5" -o "$T/opt-res.h5" --optimum 7600 -q
# A stored lower bound is judged against the data too: above every tour (the file-order one) it
# is bad input; --optimum below the stored bound contradicts it (usage).
fixture bound_huge tour 'del f["tour/known_tour"]; f["tour"].attrs["optimum"] = np.int64(-1); f["tour/lower_bound"][0] = 10**12'
everywhere bound_huge 3 "/tour/lower_bound 1000000000000 is longer than the tour that visits the nodes in file order"
expect_error 2 "--optimum: /tour/lower_bound [0-9]+ is above the optimum 100: one of them is wrong" \
  "$T/opt-res.h5" -- "$A" solve "$T/tour.h5" -o "$T/opt-res.h5" --optimum 100 -q
# The stored penalties of alpha-nearness (import --alpha-steps): a damaged table is bad input,
# named with its dataset and row; a network without them is solved all the same (test_alpha_stored).
fixture alpha_cycle tour 'f["tour/alpha_tree"][3] = f["tour/alpha_tree"][2]'
everywhere alpha_cycle 3 "dataset /tour/alpha_tree row 3: edge \\([0-9]+, [0-9]+\\) closes a cycle"
# The reader names the file, and solve's context (the input) is not added a second time.
"$A" solve "$T/alpha_cycle.h5" -o "$T/twice.h5" -q 2>&1 | grep -q "alpha_cycle.h5: .*alpha_cycle.h5:" &&
  fail "solve names the file twice" || pass "solve names the file once"
fixture alpha_node tour 'f["tour/alpha_tree"][0, 1] = 52'
everywhere alpha_node 3 "dataset /tour/alpha_tree row 0: edge \\([0-9]+, 52\\) names a node outside 0..n-1"
fixture alpha_pi_huge tour 'f["tour/alpha_pi"][5] = np.int64(2**61)'
everywhere alpha_pi_huge 3 "dataset /tour/alpha_pi row 5: penalty 2305843009213693952 is out of range"
fixture alpha_short tour 'd = f["tour/alpha_pi"]; a = dict(d.attrs); v = d[:51]; del f["tour/alpha_pi"]; f["tour/alpha_pi"] = v; f["tour/alpha_pi"].attrs.update(a)'
everywhere alpha_short 3 "dataset /tour/alpha_pi has shape \\[51\\], expected \\[52\\]"
fixture alpha_no_tree tour 'del f["tour/alpha_tree"]'
everywhere alpha_no_tree 3 "dataset /tour/alpha_pi is there but /tour/alpha_tree is missing"
fixture alpha_steps tour 'f["tour/alpha_pi"].attrs["steps"] = np.int64(0)'
everywhere alpha_steps 3 "dataset /tour/alpha_pi: attribute steps = 0 .* is out of range"

fixture opt_beaten tour 'del f["tour/known_tour"]; f["tour"].attrs["optimum"] = np.int64(7600)'
"$A" solve "$T/opt_beaten.h5" -o "$T/beaten-res.h5" --iterations 5 -q >"$T/beaten.log" 2>&1 &&
  grep -q "warning: the best tour (75[0-9][0-9]) is shorter than the optimum 7600 the network states" \
    "$T/beaten.log" && pass "an optimum the search beats is called wrong" ||
  fail "beaten optimum: $(cat "$T/beaten.log")"

# The good files stay valid, and inspect says so.
for n in tour orders; do
  "$A" inspect "$T/$n.h5" | grep -q "^valid: yes" && pass "$n.h5 is valid" || fail "$n.h5 not valid"
done
finish
