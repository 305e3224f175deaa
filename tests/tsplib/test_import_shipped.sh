#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# import tsplib on the shipped instances: TSPLIB's canonical-tour lengths, the optimal tours
# against OPTIMA.tsv, the options, and the datasets docs/formats.md documents (h5dump -H).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
inputs="$AR_SOURCE_DIR/inputs/tsplib"

# summary FILE runs `antroute inspect FILE`; value KEY picks the value of its "KEY: value" line.
summary() { "$ANTROUTE" inspect "$1" > "$AR_TMP/summary.txt" 2>&1; }
value() { sed -n "s/^$1: \([^ ]*\).*/\1/p" "$AR_TMP/summary.txt"; }

# The canonical tour 1..n (TSPLIB doc, section 2.8): pcb442 221440, att532 309636.
for pair in pcb442:221440 att532:309636; do
  name=${pair%%:*} want=${pair##*:}
  n=$(sed -n 's/^DIMENSION *: *\([0-9]*\).*/\1/p' "$inputs/$name.tsp")
  { echo "TYPE : TOUR"; echo "DIMENSION : $n"; echo "TOUR_SECTION"; seq 1 "$n"; echo -1; echo EOF; } \
    > "$AR_TMP/$name.canon.tour"
  "$ANTROUTE" import tsplib "$inputs/$name.tsp" --tour "$AR_TMP/$name.canon.tour" --no-bound \
    -o "$AR_TMP/$name.canon.h5" >/dev/null || { fail "import $name"; continue; }
  summary "$AR_TMP/$name.canon.h5"
  got=$(value "known tour length")
  [ "$got" = "$want" ] && pass "$name canonical tour = $want" || fail "$name canonical tour $got, want $want"
done

# Every shipped instance imports; each shipped optimal tour measures its OPTIMA.tsv value. (The
# lower bounds that import computes are bounds_import's and bounds_tsplib's.)
while IFS=$'\t' read -r name n type opt; do
  [ "$name" = name ] && continue
  f=$(ls "$inputs/$name".tsp "$inputs/$name".atsp 2>/dev/null | head -1)
  out="$AR_TMP/$name.h5"
  "$ANTROUTE" import tsplib "$f" -o "$out" --no-bound >/dev/null || { fail "import $name"; continue; }
  summary "$out"
  [ "$(value nodes)" = "$n" ] && [ "$(value metric)" = "$type" ] &&
    [ "$(value optimum)" = "$opt" ] && pass "$name: n, metric and optimum stored" ||
    fail "$name: inspect shows n/metric/optimum $(value nodes)/$(value metric)/$(value optimum)"
  if [ -e "$inputs/$name.opt.tour" ]; then
    got=$(value "known tour length")
    [ "$got" = "$opt" ] && pass "$name.opt.tour measures $opt" || fail "$name.opt.tour measures $got, OPTIMA.tsv says $opt"
  fi
done < "$inputs/OPTIMA.tsv"

# h5dump -H shows what docs/formats.md documents.
if command -v h5dump >/dev/null; then
  h5dump -H "$AR_TMP/pcb442.h5" > "$AR_TMP/pcb442.dump"
  for want in 'ATTRIBUTE "format"' 'ATTRIBUTE "kind"' 'ATTRIBUTE "name"' 'ATTRIBUTE "source"' \
    'ATTRIBUTE "comment"' 'ATTRIBUTE "parameters"' 'GROUP "tour"' 'ATTRIBUTE "n"' \
    'ATTRIBUTE "metric"' 'ATTRIBUTE "directed"' 'ATTRIBUTE "optimum"' 'ATTRIBUTE "distance_units"' \
    'DATASET "coords"' 'DATASET "known_tour"' 'ATTRIBUTE "length"' \
    'DATASPACE  SIMPLE { ( 442, 2 ) / ( 442, 2 ) }' 'DATASPACE  SIMPLE { ( 442 ) / ( 442 ) }' \
    'H5T_IEEE_F64LE' 'H5T_STD_I32LE'; do
    grep -qF "$want" "$AR_TMP/pcb442.dump" && pass "h5dump pcb442: $want" || fail "h5dump pcb442 lacks $want"
  done
  h5dump -H "$AR_TMP/ft70.h5" > "$AR_TMP/ft70.dump"
  grep -qF 'DATASET "weights"' "$AR_TMP/ft70.dump" && grep -qF '( 70, 70 )' "$AR_TMP/ft70.dump" &&
    ! grep -qF 'DATASET "coords"' "$AR_TMP/ft70.dump" && pass "h5dump ft70: weights [70][70], no coords" ||
    fail "h5dump ft70: expected /tour/weights [70][70] and no coords"
  h5dump -a /tour/directed "$AR_TMP/ft70.h5" | grep -q '(0): 1' && pass "ft70 is directed" || fail "ft70 not directed"
else
  fail "h5dump is not installed"
fi

# Options: --optimum and --name override, --no-tour skips the tour beside the input.
"$ANTROUTE" import tsplib "$inputs/eil51.tsp" --optimum 500 --name renamed --no-tour \
  -o "$AR_TMP/o.h5" >/dev/null || fail "import with options"
summary "$AR_TMP/o.h5"
[ "$(value optimum)" = 500 ] && [ "$(value name)" = renamed ] &&
  grep -q '^known tour: none' "$AR_TMP/summary.txt" && pass "--optimum, --name, --no-tour" ||
  fail "--optimum/--name/--no-tour not honoured"
# Parameters from a file, recorded in the output.
printf '[import tsplib]\noptimum = 426\n' > "$AR_TMP/p.ini"
"$ANTROUTE" import tsplib "$inputs/eil51.tsp" --params "$AR_TMP/p.ini" -o "$AR_TMP/p.h5" >/dev/null &&
  h5dump -a parameters "$AR_TMP/p.h5" | grep -q 'optimum = 426' && pass "--params read and recorded" ||
  fail "--params not read or not recorded"
# An optimum above the known tour's length is a contradiction.
expect_error 3 "eil51.opt.tour: the tour measures 426, less than the optimum 500" "$AR_TMP/c.h5" -- \
  "$ANTROUTE" import tsplib "$inputs/eil51.tsp" --optimum 500 -o "$AR_TMP/c.h5"
# An OPTIMA.tsv line that disagrees with the file.
mkdir -p "$AR_TMP/mis" && cp "$inputs/eil51.tsp" "$AR_TMP/mis/"
printf 'name\tn\tedge_weight_type\toptimal_tour_length\neil51\t52\tEUC_2D\t426\n' > "$AR_TMP/mis/OPTIMA.tsv"
expect_error 3 "OPTIMA.tsv:2: eil51 has n = 52" "$AR_TMP/m.h5" -- \
  "$ANTROUTE" import tsplib "$AR_TMP/mis/eil51.tsp" -o "$AR_TMP/m.h5"
printf 'name\tn\tedge_weight_type\toptimal_tour_length\neil51\t51\tEUC_2D\tmany\n' > "$AR_TMP/mis/OPTIMA.tsv"
expect_error 3 "OPTIMA.tsv:2: optimal_tour_length 'many'" "$AR_TMP/m.h5" -- \
  "$ANTROUTE" import tsplib "$AR_TMP/mis/eil51.tsp" -o "$AR_TMP/m.h5"
# Usage errors.
expect_error 2 "missing -o" - -- "$ANTROUTE" import tsplib "$inputs/eil51.tsp"
expect_error 2 "contradict" - -- "$ANTROUTE" import tsplib "$inputs/eil51.tsp" --tour x --no-tour -o "$AR_TMP/u.h5"
expect_error 2 "optimum" - -- "$ANTROUTE" import tsplib "$inputs/eil51.tsp" --optimum -3 -o "$AR_TMP/u.h5"
# Under mpirun, rank 0 imports and every rank agrees (a failure is reported once).
if [ -n "${MPIEXEC:-}" ]; then
  ar_mpirun 2 "$ANTROUTE" import tsplib "$inputs/eil51.tsp" -o "$AR_TMP/mpi.h5" >/dev/null 2>&1 &&
    summary "$AR_TMP/mpi.h5" && [ "$(value nodes)" = 51 ] && pass "import under mpirun -np 2" || fail "import under mpirun -np 2"
  ar_mpirun 2 "$ANTROUTE" import tsplib "$AR_SOURCE_DIR/tests/tsplib/bad/empty.tsp" -o "$AR_TMP/mpi2.h5" \
    > "$AR_TMP/mpi2.log" 2>&1
  [ "$(grep -c 'the file is empty' "$AR_TMP/mpi2.log")" = 1 ] && [ ! -e "$AR_TMP/mpi2.h5" ] &&
    pass "failure under mpirun reported once" || fail "failure under mpirun: $(cat "$AR_TMP/mpi2.log")"
fi
finish
