#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A kind is declared in one place (docs/architecture.md, "The wing interface"): the demo kind of
# tests/wing_demo, registered at run time by antroute_demo_wing (argument 1), is accepted by
# import synthetic, inspect, solve (1 and 2 ranks, the same answer: the cheapest option of every
# row), report (its section, the shared pictures and a note for a kind without a picture module)
# and export (its JSON format; another kind's format is refused), while the built-in antroute
# does not know it and no file outside tests/wing_demo names it.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/report/report_lib.sh"
DEMO=${1:?usage: test_wing_demo.sh ANTROUTE_DEMO_WING}
cd "$AR_TMP" || exit 1
export OMP_NUM_THREADS=1

"$DEMO" --help >help.txt 2>&1
has help.txt "^  demo +demo networks" "antroute --help lists the registered kind"
COLUMNS=1000 "$DEMO" import synthetic --help >synth_help.txt 2>&1
has synth_help.txt "--kind KIND .*\(tour\|.*\|demo\)" "import synthetic --kind offers demo"
has synth_help.txt "--rows R" "import synthetic lists the demo's own options"

if "$DEMO" import synthetic --kind demo --rows 12 --options 4 --seed 3 -o demo.h5 >import.txt 2>&1; then
  pass "import synthetic --kind demo"
else
  fail "import synthetic --kind demo: $(cat import.txt)"
  finish
fi
has import.txt "demo.h5: 12 rows of 4 options \(demo\)" "the generator's line"
"$DEMO" inspect demo.h5 >inspect_net.txt 2>&1 && pass "inspect the demo network" ||
  fail "inspect demo.h5: $(cat inspect_net.txt)"
has inspect_net.txt "^rows: 12, options per row: 4" "inspect: the wing's summary of the network"
has inspect_net.txt "^valid: yes \(antroute solve reads this network\)" "inspect: solve reads it"

# The cheapest choice, from the file itself.
want=$("$PY" -c 'import h5py, sys; print(int(h5py.File(sys.argv[1], "r")["demo/cost"][()].min(axis=1).sum()))' demo.h5 2>/dev/null)
"$DEMO" solve demo.h5 -o r1.h5 --iterations 60 --seed 5 --colonies 2 >solve1.txt 2>&1 && pass "solve the demo network" ||
  fail "solve demo.h5: $(cat solve1.txt)"
has solve1.txt "^best [0-9]+ after 60 iterations -> r1.h5" "solve: the kind's closing line"
got=$(h5dump -d /best/cost -y -O /dev/null r1.h5 2>/dev/null | grep -Eo '[0-9]+' | tail -1)
if [ -n "$want" ]; then
  [ "$got" = "$want" ] && pass "the best cost $got is the cheapest choice of every row" ||
    fail "best cost '$got', the cheapest is '$want'"
fi
ar_mpirun 2 "$DEMO" solve demo.h5 -o r2.h5 --iterations 60 --seed 5 --colonies 2 -q >solve2.txt 2>&1 &&
  pass "solve on 2 ranks" || fail "solve on 2 ranks: $(cat solve2.txt)"
a=$(h5dump -d /best/choice -d /best/cost r1.h5 2>&1 | tail -n +2)
b=$(h5dump -d /best/choice -d /best/cost r2.h5 2>&1 | tail -n +2)
[ -n "$a" ] && [ "$a" = "$b" ] && pass "1 and 2 ranks give the same answer" || fail "answers differ on 2 ranks"
expect_error 2 "--candidates is an option of tour networks.*demo.h5 is a demo network" - -- \
  "$DEMO" solve demo.h5 -o x.h5 --candidates 3

"$DEMO" inspect r1.h5 >inspect_res.txt 2>&1 && pass "inspect the demo results" ||
  fail "inspect r1.h5: $(cat inspect_res.txt)"
has inspect_res.txt "^kind: demo" "inspect: the kind-free summary of results without the wing's"
"$DEMO" report r1.h5 >report.txt 2>&1 && pass "report the demo results" || fail "report r1.h5: $(cat report.txt)"
has report.txt "^problem: demo \(one option per row\)" "report: the wing's problem"
has report.txt "^best choice: cost $got over 12 rows" "report: the wing's section"
has report.txt "^BSP time per phase" "report: the kind-free BSP section"
if "$PY" -c 'import h5py, matplotlib' 2>/dev/null; then
  "$DEMO" report r1.h5 -o pics >pics.txt 2>&1 && pass "report -o for a kind without a picture module" ||
    fail "report -o: $(cat pics.txt)"
  has pics.txt "^note: no picture module for demo results" "report -o: a note for the missing module"
  check_pictures pics 2 convergence.png bsp.png
else
  echo "SKIP (pictures): /usr/bin/python3 lacks h5py or matplotlib"
fi

"$DEMO" export r1.h5 --json r1.json >export.txt 2>&1 && pass "export --json" || fail "export: $(cat export.txt)"
grep -q "\"kind\": \"demo\", \"cost\": $got, \"choice\": \[" r1.json && pass "the JSON export holds the best choice" ||
  fail "r1.json: $(cat r1.json)"
expect_error 2 "demo results have no --csv export" x.csv -- "$DEMO" export r1.h5 --csv x.csv
expect_error 2 "missing --tour FILE.tour or --csv FILE.csv or --json FILE.json" - -- "$DEMO" export r1.h5

# The built-in program does not know the kind, and no file outside the demo's folder names it.
expect_error 3 "network kind 'demo' is unknown \(this antroute reads 'tour', 'supply-chain', 'road-graph' and 'road' networks\)" - -- \
  "$ANTROUTE" inspect demo.h5
hits=$(cd "$AR_SOURCE_DIR" && grep -rlw "wing_demo\|demo_net\|DEMO_KIND" src io checkpoint tools CMakeLists.txt 2>/dev/null)
[ -z "$hits" ] && pass "no file outside tests/wing_demo knows the demo kind" ||
  fail "files outside tests/wing_demo name the demo kind: $hits"
finish
