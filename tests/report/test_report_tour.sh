#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute report on real tour runs: berlin52 (shipped) imported and solved briefly, on 1 rank and
# on 2 ranks; the summary names the instance, the cost, the layout and the BSP split; -o draws the
# tour, the convergence and the BSP pictures. Also a GEO instance (degrees on the axes) and an
# EXPLICIT one (no coordinates: the tour picture is skipped with a note).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/report/report_lib.sh"
need_pictures
cd "$AR_TMP" || exit 1
export OMP_NUM_THREADS=2

"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o berlin52.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
"$ANTROUTE" solve berlin52.h5 -o r.h5 --iterations 40 --epoch-iterations 10 --colonies 3 --seed 4 -q \
  >/dev/null || { fail "solve berlin52"; finish; }
cost=$(h5dump -d /best/cost -y -O /dev/null r.h5 2>/dev/null | tr -dc '0-9')
cost_commas=$(echo "$cost" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')

"$ANTROUTE" report r.h5 > summary.txt 2>&1 && pass "report r.h5 exits 0" || fail "report r.h5: $(cat summary.txt)"
has summary.txt "^problem: tour.*instance berlin52" "summary names the problem and instance"
has summary.txt "^input: berlin52.h5" "summary names the network file"
has summary.txt "^layout: 1 rank x 2 threads, 3 colonies" "summary shows the layout"
has summary.txt "^parameters: algorithm=mmas .*colonies=3" "summary lists the parameters"
has summary.txt " seed=4( |$)" "summary lists the seed"
has summary.txt "^best tour: length $cost_commas, 52 nodes" "summary shows /best/cost ($cost)"
has summary.txt "^gap: [0-9.]+ % above the optimum 7,542" "summary shows the gap to the optimum"
has summary.txt "^  construct +[0-9.]+ +[0-9.]+ +[0-9.]+ +rank 0" "summary has the BSP phases"
has summary.txt "^imbalance: computation \(construct \+ update\) max/mean [0-9.]+; slowest rank 0" \
  "summary names the slowest rank"
if grep -q "picture:" summary.txt; then fail "pictures drawn without -o"; else pass "no pictures without -o"; fi

"$ANTROUTE" report r.h5 -o pics > drawn.txt 2>&1 && pass "report -o pics exits 0" || fail "report -o: $(cat drawn.txt)"
has drawn.txt "^picture: pics/tour.png" "report lists the tour picture"
check_pictures pics 3 tour.png convergence.png bsp.png

# The pictures tell the truth (the numbers they are drawn from, --data-json): the BSP bars stack
# the phases to the wall time with "other" visible and the CPU seconds apart, distinct colours;
# the gap axis starts at 0 %.
SCRIPT=$(dirname "$ANTROUTE")/share/antroute/report/antroute_report.py
CHECK="$AR_SOURCE_DIR/tests/report/check_picture_data.py"
if "$PY" "$SCRIPT" r.h5 --out datapics --network berlin52.h5 --data-json r.json >/dev/null 2>&1 &&
  out=$("$PY" "$CHECK" r.json bsp convergence 2>&1); then
  pass "bsp.png stacks the phases to the wall time; the gap axis starts at 0 %"
else
  fail "picture data: ${out:-the script failed}"
fi

# Again into the same directory: pictures are replaced, not duplicated.
"$ANTROUTE" report r.h5 -o pics >/dev/null 2>&1 && [ "$(ls -A pics | wc -l)" -eq 3 ] &&
  pass "a second report replaces the pictures" || fail "second report into pics: $(ls -A pics)"

# A BSP split per epoch (/epochs/rank_seconds [E][R][P], when the engine records it) is drawn too.
cp r.h5 epochs.h5
"$PY" - <<'PYEOF' || fail "add /epochs/rank_seconds"
import h5py, numpy as np
with h5py.File("epochs.h5", "a") as f:
    E = len(f["epochs/iteration"])
    t = np.tile([0.2, 0.1, 0.01, 0.32], (E, 1, 1)) * (1 + np.arange(E))[:, None, None] / E
    if "rank_seconds" in f["epochs"]:  # solve writes it since the BSP record; replace it
        del f["epochs/rank_seconds"]
    f["epochs/rank_seconds"] = t
PYEOF
"$ANTROUTE" report epochs.h5 -o epochpics > epochs.txt 2>&1 && pass "report with a per-epoch split" ||
  fail "per-epoch split: $(cat epochs.txt)"
has epochs.txt "the split per epoch is in /epochs/rank_seconds" "summary mentions the per-epoch split"
check_pictures epochpics 3 bsp.png

# 2 ranks x 1 thread: the summary is printed once, with both ranks in the BSP table.
if OMP_NUM_THREADS=1 ar_mpirun 2 "$ANTROUTE" solve berlin52.h5 -o r2.h5 --iterations 20 \
  --epoch-iterations 5 --colonies 3 --seed 4 -q >/dev/null 2>&1; then
  ar_mpirun 2 "$ANTROUTE" report r2.h5 -o pics2 > two.txt 2>&1 && pass "report under mpirun -np 2" ||
    fail "report under mpirun: $(cat two.txt)"
  has two.txt "^layout: 2 ranks x 1 thread, 3 colonies \(1 to 2 per rank\)" "2-rank layout"
  has two.txt "^BSP time per phase over 2 ranks" "BSP table over 2 ranks"
  [ "$(grep -c '^results:' two.txt)" -eq 1 ] && pass "only rank 0 prints the summary" ||
    fail "summary printed $(grep -c '^results:' two.txt) times"
  check_pictures pics2 3 bsp.png
  "$PY" "$SCRIPT" r2.h5 --out datapics2 --network berlin52.h5 --data-json r2.json >/dev/null 2>&1 &&
    out=$("$PY" "$CHECK" r2.json bsp convergence 2>&1) &&
    pass "2 ranks: each rank's bar reaches its wall time" || fail "2-rank picture data: $out"
else
  fail "solve on 2 ranks"
fi

# GEO: a 14-city instance (burma14 of TSPLIB) drawn in degrees.
printf '%s\n' "NAME: burma14" "TYPE: TSP" "DIMENSION: 14" "EDGE_WEIGHT_TYPE: GEO" \
  "NODE_COORD_SECTION" "1 16.47 96.10" "2 16.47 94.44" "3 20.09 92.54" "4 22.39 93.37" \
  "5 25.23 97.24" "6 22.00 96.05" "7 20.47 97.02" "8 17.20 96.29" "9 16.30 97.38" \
  "10 14.05 98.12" "11 16.53 97.38" "12 21.52 95.59" "13 19.41 97.13" "14 20.09 94.55" > burma14.tsp
"$ANTROUTE" import tsplib burma14.tsp -o burma14.h5 >/dev/null &&
  "$ANTROUTE" solve burma14.h5 -o rb.h5 --iterations 10 -q >/dev/null &&
  "$ANTROUTE" report rb.h5 -o geo > geo.txt 2>&1 && pass "GEO instance reported" || fail "GEO: $(cat geo.txt)"
has geo.txt "^gap: unknown" "no optimum: the gap is unknown"
check_pictures geo 3 tour.png

# EXPLICIT (ATSP ft70, shipped): no coordinates, so no tour picture, and a note says why.
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/ft70.atsp" -o ft70.h5 >/dev/null &&
  "$ANTROUTE" solve ft70.h5 -o rf.h5 --iterations 5 -q >/dev/null &&
  "$ANTROUTE" report rf.h5 -o explicit > explicit.txt 2>&1 && pass "EXPLICIT instance reported" ||
  fail "EXPLICIT: $(cat explicit.txt)"
has explicit.txt "^note: the network is EXPLICIT \(explicit weights, no coordinates\): no tour picture" \
  "EXPLICIT: the tour picture is skipped with a note"
[ ! -e explicit/tour.png ] && pass "no tour.png for EXPLICIT" || fail "tour.png drawn for EXPLICIT"
check_pictures explicit 2 convergence.png bsp.png
finish
