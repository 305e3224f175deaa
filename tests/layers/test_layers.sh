#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The layer rules of docs/architecture.md hold (check_layers.py), and the check itself catches an
# upward include, a sideways include, an include of a layer not linked directly, an include of
# another layer's private state, a circle between files, a circle hidden by a header that declares
# another file's functions, a layer linking its own or a higher floor, and a table of
# docs/architecture.md that disagrees with CMakeLists.txt, each planted in a copy of the tree.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
check=$AR_SOURCE_DIR/tests/layers/check_layers.py
if out=$(python3 "$check" "$AR_SOURCE_DIR" 2>&1); then pass "$out"; else fail "layer rules: $out"; fi

# A copy of the tree's layers to plant faults in.
copy() {
  rm -rf "$AR_TMP/tree" && mkdir -p "$AR_TMP/tree"
  cp "$AR_SOURCE_DIR/CMakeLists.txt" "$AR_TMP/tree/"
  (cd "$AR_SOURCE_DIR" && tar cf - src io checkpoint docs/architecture.md) | (cd "$AR_TMP/tree" && tar xf -)
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
copy
echo '#include "h5u.h"' >>"$AR_TMP/tree/src/topo/topo_plan.c"
planted "topo including a layer it does not link" 'topo_plan.c \(layer src/topo\) includes "h5u.h" of layer io/common, which src/topo does not link'
# The circle issue #21 found: aco_colony.h declared the functions of aco_acs.c (and of
# aco_pheromone.c, aco_mmas.c), which aco_colony.c called without including their header, while
# aco_acs.c included aco_colony.h. Counting modules by their includes alone sees no circle here.
copy
sed -i '/#include "aco_acs.h"/d' "$AR_TMP/tree/src/engine/aco_colony.c"
sed -i 's|^#endif|void aco_acs_begin(aco_colony *c, const aco_problem *p, const aco_params *par);\n#endif|' \
  "$AR_TMP/tree/src/engine/aco_colony.h"
sed -i 's|#include "aco_acs.h"|#include "aco_acs.h"\n#include "aco_colony.h"|' "$AR_TMP/tree/src/engine/aco_acs.c"
planted "a circle behind a header declaring another file's functions" 'circle between files: aco_acs -> aco_colony -> aco_acs'
copy
sed -i 's|^ar_layer(ar_engine src/engine FLOOR 2 DEPENDS ar_base ar_io_common ar_checkpoint)|ar_layer(ar_engine src/engine FLOOR 2 DEPENDS ar_base ar_io_common ar_checkpoint ar_tour)|' \
  "$AR_TMP/tree/CMakeLists.txt"
planted "the engine linking a higher floor" 'ar_engine \(floor 2\) links ar_tour on floor 3'
copy
sed -i 's|DEPENDS ar_base ar_io_common ar_checkpoint ar_engine LIBS ar_hdf5)|DEPENDS ar_base ar_io_common ar_checkpoint ar_engine ar_io_results LIBS ar_hdf5)|' \
  "$AR_TMP/tree/CMakeLists.txt"
planted "io/wing linking its own floor" 'ar_io_wing \(floor 4\) links ar_io_results on floor 4'
copy
sed -i 's/^| 3 | `src\/tour` |/| 4 | `src\/tour` |/' "$AR_TMP/tree/docs/architecture.md"
planted "the map disagreeing with CMakeLists.txt" 'docs/architecture.md: src/tour is on floor 4, CMakeLists.txt says 3'
finish
