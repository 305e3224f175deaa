#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The lower bound in the network file: `import tsplib` and `import synthetic --kind tour` store
# /tour/lower_bound (read back with h5dump: its value, never above the optimum, and its
# attributes), `--no-bound` leaves it out, `inspect` shows it, the same input gives the same bound,
# and a file whose bound lies above its optimum or known tour is refused, naming the dataset.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
inputs="$AR_SOURCE_DIR/inputs/tsplib"

# value FILE: the stored bound (h5dump's "(0): N" line).
value() { h5dump -d /tour/lower_bound "$1" 2>/dev/null | sed -n 's/^ *(0): \([-0-9]*\)$/\1/p' | head -1; }
# attr FILE NAME: an attribute of /tour/lower_bound.
attr() { h5dump -a "/tour/lower_bound/$2" "$1" 2>/dev/null | sed -n 's/^ *(0): "*\([^"]*\)"*$/\1/p'; }

for spec in eil51:426:held-karp pcb442:50778:held-karp att532:27686:held-karp \
            ft70:38673:held-karp-atsp kro124p:36230:held-karp-atsp; do
  IFS=: read -r name best method <<<"$spec"
  file="$inputs/$name.tsp"; [ -e "$file" ] || file="$inputs/$name.atsp"
  out="$AR_TMP/$name.h5"
  "$ANTROUTE" import tsplib "$file" -o "$out" >"$AR_TMP/$name.log" 2>&1 || { fail "import $name"; continue; }
  v=$(value "$out")
  if [ -n "$v" ] && [ "$v" -le "$best" ] && [ "$((v * 100))" -ge "$((best * 97))" ]; then
    pass "$name: /tour/lower_bound $v <= optimum $best, within 3 %"
  else
    fail "$name: /tour/lower_bound '$v' against optimum $best"
  fi
  [ "$(attr "$out" method)" = "$method" ] && pass "$name: method $method" ||
    fail "$name: method '$(attr "$out" method)', expected $method"
  steps=$(attr "$out" ascent_steps)
  [ -n "$steps" ] && [ "$steps" -gt 0 ] && [ -n "$(attr "$out" seconds)" ] &&
    [ -n "$(attr "$out" exact_checks)" ] && pass "$name: ascent_steps $steps, seconds, exact_checks" ||
    fail "$name: attributes missing"
  grep -q "lower bound $v ($method" "$AR_TMP/$name.log" && pass "$name: import names the bound" ||
    fail "$name: import output $(cat "$AR_TMP/$name.log")"
  "$ANTROUTE" inspect "$out" | grep -Eq "^lower bound: $v \($method, $steps ascent steps" &&
    pass "$name: inspect shows the bound" || fail "$name: inspect: $("$ANTROUTE" inspect "$out" | grep lower)"
done

"$ANTROUTE" import tsplib "$inputs/eil51.tsp" -o "$AR_TMP/none.h5" --no-bound >/dev/null &&
  ! h5dump -d /tour/lower_bound "$AR_TMP/none.h5" >/dev/null 2>&1 &&
  "$ANTROUTE" inspect "$AR_TMP/none.h5" | grep -q "^lower bound: none" &&
  pass "--no-bound: no /tour/lower_bound, inspect says none" || fail "--no-bound"

# The same generated instance twice: the same bound (threads or timing do not enter it).
for t in 1 2; do
  OMP_NUM_THREADS=$t "$ANTROUTE" import synthetic --kind tour --nodes 3000 --distribution clustered \
    --seed 4 -o "$AR_TMP/s$t.h5" >/dev/null || fail "import synthetic ($t threads)"
done
a=$(value "$AR_TMP/s1.h5"); b=$(value "$AR_TMP/s2.h5")
[ -n "$a" ] && [ "$a" = "$b" ] && [ "$(attr "$AR_TMP/s1.h5" ascent_steps)" = "$(attr "$AR_TMP/s2.h5" ascent_steps)" ] &&
  pass "synthetic: the same bound $a on 1 and 2 threads" || fail "synthetic: bounds '$a' and '$b'"

# Damaged bounds are refused by every reader.
if /usr/bin/python3 -c 'import h5py, numpy' 2>/dev/null; then
  for case in "above:f['tour/lower_bound'][0] = 427" "known:f['tour'].attrs['optimum'] = -1; f['tour/lower_bound'][0] = 10**6" \
              "shape:del f['tour/lower_bound']; f['tour/lower_bound'] = np.zeros(2, dtype='i8')"; do
    tag=${case%%:*}; code=${case#*:}
    cp "$AR_TMP/eil51.h5" "$AR_TMP/bad_$tag.h5"
    /usr/bin/python3 - "$AR_TMP/bad_$tag.h5" <<PY || fail "fixture $tag"
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "r+") as f:
    $code
PY
  done
  expect_error 3 "bad_above.h5: dataset /tour/lower_bound = 427 is above the optimum 426" - -- \
    "$ANTROUTE" inspect "$AR_TMP/bad_above.h5"
  expect_error 3 "bad_known.h5: dataset /tour/lower_bound = 1000000 is above the known tour's length" - -- \
    "$ANTROUTE" inspect "$AR_TMP/bad_known.h5"
  expect_error 3 "bad_shape.h5: dataset /tour/lower_bound has shape \[2\], expected \[1\]" - -- \
    "$ANTROUTE" inspect "$AR_TMP/bad_shape.h5"
else
  echo "SKIP: damaged-file cases (/usr/bin/python3 lacks h5py)"
fi
finish
