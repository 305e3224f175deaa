#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# solve FILE.tsp (issue #24): a TSPLIB file is imported on the fly into RESULTS.net.h5 (the bound
# included, as import tsplib does) and solved; the answer equals import + solve with the same
# parameters. An input that is neither HDF5 nor TSPLIB gets the hint to import it first.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
PY=/usr/bin/python3
cd "$AR_TMP" || exit 1
export OMP_NUM_THREADS=1
cp "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" .
ARGS=(--iterations 30 --epoch-iterations 10 --colonies 2 --seed 5 -q)

"$ANTROUTE" solve eil51.tsp -o direct.h5 "${ARGS[@]}" > direct.txt 2>&1 &&
  pass "solve eil51.tsp exits 0" || fail "solve eil51.tsp: $(cat direct.txt)"
grep -q "eil51: 51 nodes, EUC_2D.*lower bound .* -> direct.net.h5" direct.txt &&
  pass "the import line names direct.net.h5 and the bound" || fail "import line: $(cat direct.txt)"
[ -s direct.net.h5 ] && pass "the network lies beside the results" || fail "no direct.net.h5"

"$ANTROUTE" import tsplib eil51.tsp -o eil51.h5 >/dev/null 2>&1 || fail "import eil51"
"$ANTROUTE" solve eil51.h5 -o two.h5 "${ARGS[@]}" >/dev/null 2>&1 || fail "solve eil51.h5"
"$PY" - <<'PYEOF' && pass "the same answer as import + solve" || fail "answers differ"
import h5py
with h5py.File("direct.h5") as a, h5py.File("two.h5") as b:
    assert a["best/cost"][()] == b["best/cost"][()], (a["best/cost"][()], b["best/cost"][()])
    assert list(a["best/tour"][:]) == list(b["best/tour"][:])
    assert a["best/lower_bound"][()] == b["best/lower_bound"][()]
    assert a.attrs["input"] in (b"direct.net.h5", "direct.net.h5"), a.attrs["input"]
PYEOF
"$ANTROUTE" report direct.h5 > report.txt 2>&1 && grep -q "^input: direct.net.h5" report.txt &&
  pass "report finds the network" || fail "report: $(cat report.txt)"

# Not HDF5, not TSPLIB: the hint names the importers.
printf 'id,lat,lon\n1,43.7,7.4\n' > stops.csv
expect_error 3 "stops.csv is not an HDF5 file; convert it first: antroute import tsplib\|" \
  direct.net.h5.none -- "$ANTROUTE" solve stops.csv -o s.h5
[ ! -e s.h5 ] && [ ! -e s.net.h5 ] && pass "nothing written for it" || fail "outputs left"
# A .tsp that is broken fails as import tsplib does (file and line named), nothing solved.
printf 'NAME : bad\nTYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 0 1\n3 0 x\n' \
  > bad.tsp
expect_error 3 "bad.tsp:8" - -- "$ANTROUTE" solve bad.tsp -o b.h5
[ ! -e b.h5 ] && pass "no results for a broken .tsp" || fail "b.h5 written"
finish
