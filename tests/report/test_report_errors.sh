#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute report on bad inputs: a missing file (exit 4), files that are not results files
# (exit 3, the message names the file), a network file that moved (exit 4, the message suggests
# --network) or that is the wrong one (exit 3), a damaged dataset (exit 3, named), and pictures
# without python3, h5py or matplotlib, or without the script (exit 4, saying what to install).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/report/report_lib.sh"
cd "$AR_TMP" || exit 1
export OMP_NUM_THREADS=1

expect_error 2 "missing argument" - -- "$ANTROUTE" report
expect_error 2 "unknown option '--bogus'" - -- "$ANTROUTE" report --bogus r.h5
expect_error 2 "format" - -- "$ANTROUTE" report r.h5 -o d --format gif
expect_error 4 "cannot open none.h5: No such file" - -- "$ANTROUTE" report none.h5
echo "plain text" > text.h5
expect_error 3 "text.h5 is not an HDF5 file" - -- "$ANTROUTE" report text.h5

"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o berlin52.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
expect_error 3 "error: berlin52.h5: is an antroute-network file, expected an antroute-results file" \
  - -- "$ANTROUTE" report berlin52.h5
"$PY" -c 'import h5py; h5py.File("plain.h5", "w")["x"] = [1, 2]' 2>/dev/null &&
  expect_error 3 "plain.h5: not an antroute file \(no 'format' attribute on /\)" - -- "$ANTROUTE" report plain.h5

mkdir -p run && cd run || exit 1
"$ANTROUTE" solve ../berlin52.h5 -o r.h5 --iterations 5 -q >/dev/null || { fail "solve"; finish; }
cd .. || exit 1

# The summary needs no network and no Python.
ANTROUTE_PYTHON=/nonexistent/python3 "$ANTROUTE" report run/r.h5 > nopy.txt 2>&1 &&
  pass "summary without -o needs no python" || fail "summary without python: $(cat nopy.txt)"

if "$PY" -c 'import h5py, matplotlib' 2>/dev/null; then
  # Relative input paths are resolved against the results file's directory too.
  "$ANTROUTE" report run/r.h5 -o found > found.txt 2>&1 && pass "network found beside the results" ||
    fail "network relative to the results: $(cat found.txt)"

  # The network moved away: exit 4, the paths tried, and --network suggested.
  mv berlin52.h5 moved.h5
  expect_error 4 "the network file \.\./berlin52\.h5 that run/r\.h5 was made from is not there \(tried .*\); if it moved, give its new path with --network FILE" \
    - -- "$ANTROUTE" report run/r.h5 -o moved
  [ ! -e moved/tour.png ] && pass "no tour picture without the network" || fail "tour.png drawn without network"
  "$ANTROUTE" report run/r.h5 -o moved --network moved.h5 > withnet.txt 2>&1 &&
    [ -f moved/tour.png ] && pass "--network FILE finds the moved network" || fail "--network: $(cat withnet.txt)"
  expect_error 4 "--network gone.h5: no such file" - -- "$ANTROUTE" report run/r.h5 -o moved --network gone.h5

  # The wrong network: another instance, or another kind.
  "$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" -o eil51.h5 >/dev/null
  expect_error 3 "eil51.h5: the network has 51 nodes but the best tour in run/r.h5 visits 52: not the network of these results" \
    - -- "$ANTROUTE" report run/r.h5 -o wrong --network eil51.h5
  "$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o sc.h5 >/dev/null 2>&1
  expect_error 3 "sc.h5: is a supply-chain network, but run/r.h5 holds tour results" \
    - -- "$ANTROUTE" report run/r.h5 -o wrong --network sc.h5

  # Python, h5py, matplotlib or the script missing: exit 4 and what to install.
  expect_error 4 "pictures need Python 3 with h5py and matplotlib, but /nonexistent/python3 is not there \(Debian: apt-get install python3-h5py python3-matplotlib" \
    - -- env ANTROUTE_PYTHON=/nonexistent/python3 "$ANTROUTE" report run/r.h5 -o nopy --network moved.h5
  for module in h5py matplotlib; do
    # A python3 that cannot import the module (it is hidden from the import system).
    cat > "no-$module" <<EOF
#!/bin/sh
exec $PY -c "import sys, runpy; sys.modules['$module'] = None; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')" "\$@"
EOF
    chmod +x "no-$module"
    expect_error 4 "pictures need $module.*cannot import $module \(Debian: apt-get install python3-$module" \
      - -- env ANTROUTE_PYTHON="$PWD/no-$module" "$ANTROUTE" report run/r.h5 -o "no$module" --network moved.h5
  done
  expect_error 4 "the picture script /nonexistent/report.py is missing \(set ANTROUTE_REPORT_SCRIPT" \
    - -- env ANTROUTE_REPORT_SCRIPT=/nonexistent/report.py "$ANTROUTE" report run/r.h5 -o noscript --network moved.h5

  # A script that crashes: exit 1 with its traceback shown.
  echo 'raise RuntimeError("boom")' > crash.py
  expect_error 1 "RuntimeError: boom" - -- env ANTROUTE_REPORT_SCRIPT="$PWD/crash.py" \
    "$ANTROUTE" report run/r.h5 -o crash --network moved.h5

  # The picture directory cannot be made.
  : > afile
  expect_error 4 "afile: exists and is not a directory|cannot create the picture directory" \
    - -- "$ANTROUTE" report run/r.h5 -o afile --network moved.h5
else
  echo "SKIP (pictures): /usr/bin/python3 lacks h5py or matplotlib"
fi

# A damaged dataset: rank_seconds of the wrong rank is named with its file.
cp run/r.h5 damaged.h5
"$PY" -c '
import h5py
with h5py.File("damaged.h5", "a") as f:
    del f["run/rank_seconds"]; f["run/rank_seconds"] = [1.0, 2.0, 3.0]' 2>/dev/null &&
  expect_error 3 "damaged.h5: dataset /run/rank_seconds has 1 dimensions, expected 2" - -- "$ANTROUTE" report damaged.h5
finish
