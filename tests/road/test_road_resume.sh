#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Checkpoints of road tours (issue #22): a road run stopped by SIGTERM (held after iteration 10 by
# ANTROUTE_TEST_HOLD until the signal is taken: no race with the clock) exits 75 with a
# checkpoint and no results; resumed, it ends with the same tour, cost and route as the run that
# was never stopped.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
R=$AR_SOURCE_DIR/inputs/roads
"$A" import osm "$R/monaco.osm.gz" -o "$T/monaco.h5" >/dev/null || fail "import monaco"
"$A" import stops "$R/monaco_stops.csv" --roads "$T/monaco.h5" -o "$T/stops.h5" >/dev/null ||
  fail "import stops"
H=(--colonies 2 --ants 4 --iterations 40 --epoch-iterations 10 --seed 3 -q)
run() { OMP_NUM_THREADS=1 timeout 300 "$A" solve "$T/stops.h5" "${H[@]}" "$@"; }
answer() {
  local d
  for d in /best/tour /best/cost /route/node_id /route/leg_offsets; do
    h5dump -d "$d" -y -w 0 -O /dev/null "$1" 2>/dev/null | md5sum | cut -c1-8
  done | tr '\n' ' '
}
run -o "$T/ref.h5" >/dev/null 2>&1 || fail "reference run"
REF=$(answer "$T/ref.h5")

D=$T/ck
# The program itself in the background (not a function or timeout around it): $! is its pid.
OMP_NUM_THREADS=1 ANTROUTE_TEST_HOLD=$(hold_at 10 sig) "$A" solve "$T/stops.h5" "${H[@]}" -o "$T/s.h5" \
  --checkpoint-dir "$D" --checkpoint-every 5 >"$T/o" 2>&1 &
job=$!
wait_file "$T/sig.go.held" && send_signal TERM "$job"
release sig
wait $job
rc=$?
[ $rc -eq 75 ] && grep -q "stopped by SIGTERM after iteration" "$T/o" && [ ! -e "$T/s.h5" ] &&
  pass "SIGTERM: status 75, a checkpoint, no results yet" || fail "SIGTERM: status $rc: $(cat "$T/o")"
run -o "$T/s.h5" --checkpoint-dir "$D" --resume auto >"$T/r.log" 2>&1 || fail "resume: $(cat "$T/r.log")"
got=$(answer "$T/s.h5")
[ -n "$got" ] && [ "$got" = "$REF" ] && pass "resumed road run: the same tour, cost and route" ||
  fail "resumed road run: answer differs ($got vs $REF)"
finish
