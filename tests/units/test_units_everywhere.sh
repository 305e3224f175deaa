#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# units_everywhere: results files of a tour (berlin52, shipped), a road tour (Monaco, shipped) and
# an order-routing run (the shipped supply chain) walked by check_units.py: every dataset has
# `units` and `description`, every attribute NAME of a group NAME_units and NAME_description;
# the costs name the network's unit; /best/tour stays bare (h5dump prints only the numbers); the
# summary of `report` lists no *_units attribute as a parameter; the JSON export's cost_unit is the
# file's (a road tour's seconds or metres).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
PY=/usr/bin/python3
"$PY" -c "import h5py" 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
cd "$AR_TMP" || exit 1
export OMP_NUM_THREADS=1
CHECK="$AR_SOURCE_DIR/tests/units/check_units.py"
IN="$AR_SOURCE_DIR/inputs"

"$ANTROUTE" import tsplib "$IN/tsplib/berlin52.tsp" -o b.h5 >/dev/null &&
  "$ANTROUTE" solve b.h5 -o tour.h5 --iterations 20 --epoch-iterations 10 --seed 4 -q >/dev/null ||
  fail "solve berlin52"
"$ANTROUTE" import osm "$IN/roads/monaco.osm.gz" -o monaco.h5 >/dev/null &&
  "$ANTROUTE" import stops "$IN/roads/monaco_stops.csv" --roads monaco.h5 -o stops.h5 >/dev/null &&
  "$ANTROUTE" solve stops.h5 -o road.h5 --iterations 10 --seed 4 -q >/dev/null || fail "solve monaco stops"
"$ANTROUTE" import supply-chain "$IN/supply_chain" -o sc.h5 >/dev/null 2>&1 &&
  "$ANTROUTE" solve sc.h5 -o supply.h5 --iterations 2 -q >/dev/null 2>&1 || fail "solve supply chain"

# One check_units.py for the three (it names the file on each line it prints; exit 1 is a missing
# unit, a traceback a crash that checked nothing).
out=$("$PY" "$CHECK" tour.h5 road.h5 supply.h5 2>&1)
rc=$?
for r in tour road supply; do
  if [ "$rc" -le 1 ] && ! echo "$out" | grep -q "^$r.h5: \|^Traceback"; then
    pass "$r: every dataset and attribute has its unit and description"
  else fail "$r: $(echo "$out" | grep -m 20 "^$r.h5: \|Error")"; fi
done

# The bad case is caught: a /run attribute and a dataset stripped of their units.
cp tour.h5 stripped.h5
"$PY" -c "
import h5py
with h5py.File('stripped.h5', 'a') as f:
    del f['run'].attrs['seconds_units']
    del f['epochs/best'].attrs['units']
"
out=$("$PY" "$CHECK" stripped.h5 2>&1)
echo "$out" | grep -q "/run attribute seconds: no seconds_units" &&
  echo "$out" | grep -q "/epochs/best: no attribute units" &&
  pass "check_units.py names a missing attribute unit and a missing dataset unit" ||
  fail "check_units.py on a stripped file: $out"

# Units named, not generic: the network's cost unit, seconds, goals.
eval "$(h5_read tour.h5 trace_unit=/trace/best@units tour_unit=/best@cost_units seconds_unit=/run@seconds_units \
  memory_unit=/run@memory_peak_bytes_units)"
eval "$(h5_read road.h5 road_epochs_unit=/epochs/best@units road_unit=/route@cost_units)"
eval "$(h5_read supply.h5 supply_unit=/totals@cost_units goal1_unit=/totals@goal1_units)"
[ "$trace_unit" = "TSPLIB integer distance" ] && [ "$tour_unit" = "TSPLIB integer distance" ] &&
  [ "$seconds_unit" = "s" ] && [ "$memory_unit" = "bytes" ] &&
  pass "tour: costs in TSPLIB integer distance, seconds in s, memory in bytes" ||
  fail "tour units: $trace_unit / $tour_unit / $seconds_unit / $memory_unit"
case "$road_epochs_unit" in
  s*|m*) pass "road: costs in the stops file's unit ($road_epochs_unit)" ;;
  *) fail "road: /epochs/best units '$road_epochs_unit'" ;;
esac
# The JSON export says the unit the results file states, not TSPLIB's always: a tour's /best
# cost_units, a road tour's /route cost_units (the stops file's s or m).
jsonunit() { "$PY" -c "import json,sys; print(json.load(open(sys.argv[1]))['cost_unit'])" "$1"; }
"$ANTROUTE" export tour.h5 --json tour.json >/dev/null && "$ANTROUTE" export road.h5 --json road.json \
  >/dev/null || fail "export --json of tour.h5 and road.h5"
[ "$(jsonunit tour.json)" = "TSPLIB integer distance" ] && pass "tour --json: cost_unit TSPLIB integer distance" ||
  fail "tour --json cost_unit: $(jsonunit tour.json)"
[ "$(jsonunit tour.json)" = "$tour_unit" ] &&
  pass "tour --json: cost_unit as /best cost_units" || fail "tour --json: not /best cost_units"
# A tour whose network states another unit (a stops network's metres): the export follows the file.
cp tour.h5 metres.h5
"$PY" -c "import h5py; f = h5py.File('metres.h5', 'a'); f['best'].attrs['cost_units'] = 'm'" &&
  "$ANTROUTE" export metres.h5 --json metres.json >/dev/null && [ "$(jsonunit metres.json)" = m ] &&
  pass "tour --json of a file whose /best cost_units is m: cost_unit m" ||
  fail "tour --json with /best cost_units m: $(jsonunit metres.json 2>&1)"
[ "$(jsonunit road.json)" = "$road_unit" ] && case "$road_unit" in s | m) true ;; *) false ;; esac &&
  pass "road tour --json: cost_unit '$road_unit', as /route cost_units" ||
  fail "road tour --json cost_unit: '$(jsonunit road.json)', /route cost_units '$road_unit'"
[ "$supply_unit" = "USD" ] && [ -n "$goal1_unit" ] &&
  pass "supply: /totals cost in USD, goal1 with its unit ($goal1_unit)" ||
  fail "supply units: '$supply_unit', goal1 '$goal1_unit'"

# The fixed interface: /best/tour and /best/cost print only their numbers.
h5dump -d /best/tour -y -w 0 -O /dev/null tour.h5 2>/dev/null | tr -d ' ,\n' | grep -Eq '^[0-9]+$' &&
  h5dump -d /best/cost -y -O /dev/null tour.h5 2>/dev/null | tr -d ' \n' | grep -Eq '^[0-9]+$' &&
  pass "h5dump of /best/tour and /best/cost prints only numbers" || fail "/best/tour or /best/cost has attributes"

"$ANTROUTE" report tour.h5 > summary.txt 2>&1 && ! grep -Eq "_units=|_description=" summary.txt &&
  pass "report lists no *_units or *_description as a parameter" ||
  fail "report summary: $(grep -E '_units|_description' summary.txt | head -3)"
finish
