#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute export of a tour result (issue #24): --tour writes a TSPLIB TOUR file that an
# independent reader takes for a permutation whose length, recomputed from the .tsp, is
# /best/cost; --csv writes position,node (0-based nodes as /best/tour); --json any kind's answer
# (tour and order routing here), read back with python's csv and json modules.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
PY=/usr/bin/python3
cd "$AR_TMP" || exit 1
export OMP_NUM_THREADS=1
TSP="$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp"

"$ANTROUTE" import tsplib "$TSP" -o b.h5 >/dev/null || { fail "import berlin52"; finish; }
"$ANTROUTE" solve b.h5 -o r.h5 --iterations 30 --epoch-iterations 10 --colonies 2 --seed 3 -q \
  >/dev/null || { fail "solve berlin52"; finish; }

"$ANTROUTE" export r.h5 --tour r.tour --csv r.csv --json r.json > out.txt 2>&1 &&
  pass "export --tour --csv --json exits 0" || fail "export: $(cat out.txt)"
grep -q "r.h5: tour of 52 nodes, length [0-9]* -> r.tour" out.txt &&
  pass "export names the tour and its length" || fail "export line: $(cat out.txt)"
ls r.tour.tmp r.csv.tmp r.json.tmp 2>/dev/null && fail "a .tmp is left" || pass "no .tmp left"

"$PY" - "$TSP" <<'PYEOF' && pass "the .tour, .csv and .json agree with /best" || fail "readers"
import csv, json, math, sys
import h5py
tsp = sys.argv[1]
# An independent TSPLIB reader: EUC_2D coordinates and a TOUR_SECTION ended by -1.
xy, section = {}, False
for line in open(tsp):
    t = line.split()
    if not t: continue
    if t[0] == "NODE_COORD_SECTION": section = True; continue
    if t[0] == "EOF": break
    if section: xy[int(t[0])] = (float(t[1]), float(t[2]))
head, nodes, section = {}, [], False
for line in open("r.tour"):
    t = line.strip()
    if t == "TOUR_SECTION": section = True; continue
    if section:
        if t == "-1": break
        nodes.append(int(t))
    elif ":" in t:
        k, v = t.split(":", 1); head.setdefault(k.strip(), v.strip())
assert head["TYPE"] == "TOUR", head
assert int(head["DIMENSION"]) == len(xy) == 52, head
assert sorted(nodes) == list(range(1, 53)), "not a permutation of 1..52"
def d(a, b):
    return int(math.sqrt((xy[a][0] - xy[b][0]) ** 2 + (xy[a][1] - xy[b][1]) ** 2) + 0.5)
length = sum(d(nodes[i], nodes[(i + 1) % 52]) for i in range(52))
with h5py.File("r.h5", "r") as f:
    cost = int(f["best/cost"][()])
    assert [int(v) + 1 for v in f["best/tour"][:]] == nodes, "the .tour is /best/tour, 1-based"
assert length == cost, (length, cost)
assert open("r.tour").read().rstrip().endswith("-1\nEOF")
rows = list(csv.DictReader(open("r.csv")))
assert [int(r["position"]) for r in rows] == list(range(52))
assert [int(r["node"]) + 1 for r in rows] == nodes, "CSV nodes are the tour's, 0-based"
j = json.load(open("r.json"))
assert j["kind"] == "tour" and j["cost"] == cost, (j["kind"], j["cost"])
assert j["cost_unit"] == "TSPLIB integer distance"
assert [v + 1 for v in j["answer"]["best_tour"]] == nodes
assert j["run"]["seed"] == 3 and j["run"]["colonies"] == 2, j["run"]
assert j["file"]["instance"] == "berlin52" and "best_lower_bound" in j["answer"]
PYEOF

# Refusals: an input named as output, a directory, an unknown format for the kind.
expect_error 2 "is an input|the results file|is also" - -- "$ANTROUTE" export r.h5 --tour r.h5
mkdir -p adir
expect_error 2 "directory" - -- "$ANTROUTE" export r.h5 --json adir
[ -s r.h5 ] && pass "the results file is intact" || fail "r.h5 damaged"
expect_error 2 "tour results have no --geojson export" - -- "$ANTROUTE" export r.h5 --geojson g.json

# Order routing: --json of a synthetic supply-chain result; --tour is refused for it.
if "$ANTROUTE" import synthetic --kind supply-chain --orders 60 --months 1 -o s.h5 >/dev/null 2>&1 &&
  "$ANTROUTE" solve s.h5 -o sr.h5 --iterations 5 --seed 1 -q >/dev/null 2>&1; then
  "$ANTROUTE" export sr.h5 --json sr.json > sout.txt 2>&1 && pass "export --json of a plan" ||
    fail "export --json plan: $(cat sout.txt)"
  "$PY" - <<'PYEOF' && pass "the plan's JSON holds the cost and the plan" || fail "plan JSON"
import json
j = json.load(open("sr.json"))
assert j["kind"] == "supply-chain" and j["cost_unit"] == "USD", j["kind"]
a = j["answer"]
assert abs(j["cost"] - a["totals_wc"] - a["totals_tc"] - a["totals_penalty"]) < 1e-6 * max(1, j["cost"])
assert len(a["plan_order_id"]) == a["totals_served"] + a["totals_unserved"] or len(a["plan_order_id"]) > 0
assert j["run"]["months"] == 1
PYEOF
  expect_error 2 "supply-chain results have no --tour export" - -- "$ANTROUTE" export sr.h5 --tour x.tour
else
  fail "supply-chain import and solve"
fi
finish
