#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Progress output of solve: time-stamped lines in batch (stdout is a file, as under Slurm), one
# live line rewritten in place on a real terminal (a pseudo-terminal from script(1)).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
net="$AR_TMP/att532.h5"
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$net" >/dev/null ||
  { fail "import att532"; finish; }

# Batch: every progress line starts with the wall-clock date and time. Paced at 10 ms per iteration
# (tests/hooks), each epoch of 100 iterations lasts over the 0.5 s interval: a line at each epoch
# end whatever the machine's load (a --time run's search is what its set-up leaves of the budget).
ANTROUTE_TEST_PACE_MS=10 "$ANTROUTE" solve "$net" -o "$AR_TMP/b.h5" --iterations 300 --progress 0.5 \
  --seed 1 > "$AR_TMP/batch.log" 2>&1
lines=$(grep -cE '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} \[ *[0-9.]+ s\] iteration [0-9]+  best' "$AR_TMP/batch.log")
[ "$lines" -ge 2 ] && pass "batch: $lines time-stamped progress lines" || fail "batch: $lines time-stamped lines: $(head -c 600 "$AR_TMP/batch.log")"
grep -q $'\r' "$AR_TMP/batch.log" && fail "batch output holds carriage returns" || pass "batch: no carriage returns"

# Terminal: carriage returns and clear-to-end-of-line, and the final line ends the live line.
# TERM is set here: the caller's may be anything (a CI runner's, env -i's none, "dumb").
if command -v script >/dev/null; then
  TERM=xterm script -qec "'$ANTROUTE' solve '$net' -o '$AR_TMP/t.h5' --time 6 --seed 1" "$AR_TMP/tty.log" >/dev/null 2>&1
  grep -q $'\r\033\[K\\|\033\[K' "$AR_TMP/tty.log" && pass "terminal: live line rewritten in place" || fail "terminal: no live line: $(head -c 400 "$AR_TMP/tty.log" | od -c | head -5)"
  grep -qE '\(final\)' "$AR_TMP/tty.log" && pass "terminal: final line shown" || fail "terminal: no final line"
  # The summary after the live line starts on a line of its own.
  grep -qE '^best [0-9]+ .* from colony' <(tr '\r' '\n' < "$AR_TMP/tty.log") && pass "terminal: summary on its own line" || fail "terminal: summary glued to the live line"
  # A terminal that cannot move the cursor (TERM=dumb: Emacs shells, some CI logs) gets the
  # batch lines.
  TERM=dumb script -qec "'$ANTROUTE' solve '$net' -o '$AR_TMP/d.h5' --iterations 20 --progress 0 --seed 1" "$AR_TMP/dumb.log" >/dev/null 2>&1
  if grep -q $'\033\[K' "$AR_TMP/dumb.log"; then fail "TERM=dumb: the live line's escapes were written"
  elif grep -qE '\[ *[0-9.]+ s\] iteration [0-9]+  best' "$AR_TMP/dumb.log"; then pass "TERM=dumb: batch lines on the terminal"
  else fail "TERM=dumb: no progress line: $(head -c 400 "$AR_TMP/dumb.log")"; fi
else
  echo "script(1) not available: terminal check skipped"
fi
# The steps before the search on 200,000 nodes (docs/cli.md, "Progress"): the candidate lists
# (nearest and quadrant neighbours) and the first tour's passes (windows, then the whole tour)
# print lines with a share and an ETA, in that order, before the line describing the run and its
# first iteration line. --progress 0: every report is printed, whatever the machine's pace (about
# 40 s on a loaded 2-core machine, mostly the first tour). Lines never change the answer: the
# reference answers (tests/reference) guard that; this run with -q gave the same best by hand.
big="$AR_TMP/u200k.h5"
if "$ANTROUTE" import synthetic --kind tour --nodes 200000 --seed 3 -o "$big" --no-bound >/dev/null; then
  ANTROUTE_PROGRESS=batch "$ANTROUTE" solve "$big" -o "$AR_TMP/big.h5" --iterations 1 --progress 0 \
    --quadrant-neighbours 1 --seed 1 --no-bound > "$AR_TMP/big.log" 2>&1 || fail "solve of 200,000 nodes: $(tail -3 "$AR_TMP/big.log")"
  steps='candidate lists: nearest neighbours|candidate lists: quadrant neighbours|first tour: pass 1/2, windows|first tour: pass 1/2, whole tour|first tour: pass 2/2, windows|first tour: pass 2/2, whole tour'
  line='[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{8} '
  # Each line: its step, a share in [0, 100] %, the step's seconds, an ETA >= 0.
  bad=$(grep -E "^$line(candidate lists|first tour):" "$AR_TMP/big.log" |
    grep -vE "^$line($steps), ([0-9]|[1-9][0-9]|100) %, [0-9]+\.[0-9] s, ETA [0-9]+\.[0-9] s$" | head -3)
  [ -z "$bad" ] && pass "200,000 nodes: progress lines well formed" || fail "malformed lines: $bad"
  # The steps in order, each at least once, then the run's line, then the first iteration line.
  order=$(grep -oE "^$line($steps),|^[^ :]+: 200000 nodes|iteration [0-9]+  best" "$AR_TMP/big.log" |
    sed -E "s/^$line//; s/,\$//; s/^[^ :]+: 200000 nodes.*/run/; s/^iteration.*/iteration/" | uniq | tr '\n' ';')
  want="$(echo "$steps" | tr '|' ';');run;iteration;"
  [ "$order" = "$want" ] && pass "200,000 nodes: lines in order before the first iteration" ||
    fail "order: '$order', want '$want': $(head -c 800 "$AR_TMP/big.log")"
else
  fail "import synthetic of 200,000 nodes"
fi

# Quiet: nothing but the result.
"$ANTROUTE" solve "$net" -o "$AR_TMP/q.h5" --iterations 5 -q > "$AR_TMP/quiet.log" 2>&1
grep -qE "s\] iteration" "$AR_TMP/quiet.log" && fail "--quiet printed progress" || pass "--quiet prints no progress"
finish
