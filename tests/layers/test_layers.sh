#!/usr/bin/env bash
# The layer rules of docs/architecture.md hold (check_layers.py), and the check itself catches an
# upward include, a sideways include, an include of another layer's private state and a circle
# planted in a copy of the tree.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
check=$AR_SOURCE_DIR/tests/layers/check_layers.py
if out=$(python3 "$check" "$AR_SOURCE_DIR" 2>&1); then pass "$out"; else fail "layer rules: $out"; fi

# A copy of the tree's layers to plant faults in.
copy() {
  rm -rf "$AR_TMP/tree" && mkdir -p "$AR_TMP/tree"
  cp "$AR_SOURCE_DIR/CMakeLists.txt" "$AR_TMP/tree/"
  (cd "$AR_SOURCE_DIR" && tar cf - src io checkpoint) | (cd "$AR_TMP/tree" && tar xf -)
}
planted() { # planted WHAT PATTERN: the check must fail and name the fault
  local out
  if out=$(python3 "$check" "$AR_TMP/tree" 2>&1); then fail "$1: not caught"
  elif echo "$out" | grep -Eq -- "$2"; then pass "$1 caught: $(echo "$out" | head -1)"
  else fail "$1: wrong message: $out"; fi
}
copy
sed -i '0,/#include "aco_colony.h"/s//#include "aco_colony.h"\n#include "tour_problem.h"/' \
  "$AR_TMP/tree/src/engine/aco_engine_state.h"
planted "engine including a tour header" 'aco_engine_state.h \(layer src/engine\) includes "tour_problem.h"'
copy
echo '#include "supply_model.h"' >>"$AR_TMP/tree/src/tour/tour_net.c"
planted "tour including a supply header" 'tour_net.c \(layer src/tour\) includes "supply_model.h"'
copy
echo '#include "aco_engine_state.h"' >>"$AR_TMP/tree/src/app/solve_driver.c"
planted "the driver reading the engine's private state" 'solve_driver.c includes "aco_engine_state.h", the private state of layer src/engine'
copy
echo '#include "aco_engine.h"' >>"$AR_TMP/tree/src/engine/aco_exchange.c"
planted "a circle in the engine" 'circle between files: .*aco_engine.*aco_exchange|circle between files: .*aco_exchange.*aco_engine'
finish
