#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Nothing misread (issue #20): parameter files read strictly (a section or key no command knows,
# NUL bytes, control characters, a --params that is not a regular file), recorded parameter files
# still accepted, an option given twice, inputs that are FIFOs (refused before they are opened:
# `evaluate NET FIFO` returns at once), `report --network` checked without -o, too many OpenMP
# threads, a full disk without Open MPI's lines, and summaries of degenerate inputs.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o net.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
cp -r "$AR_SOURCE_DIR/inputs/supply_chain" csv
"$A" import supply-chain csv -o orders.h5 >/dev/null 2>&1 || fail "import supply-chain"
S=(-q --iterations 2)

# 1. Parameter files: sections and keys that no command knows, with the nearest known name.
bad_file() { # bad_file CODE PATTERN TEXT: printf TEXT into p.ini; solve with it must fail so
  printf "$3" >p.ini
  expect_error "$1" "$2" r.h5 -- "$A" solve net.h5 -o r.h5 --params p.ini "${S[@]}"
}
bad_file 2 "p.ini:1: unknown section \[Solve\]: .*\(did you mean \[solve\]\?\)" '[Solve]\niterations=5\n'
bad_file 2 "p.ini:3: unknown section \[sovle\].*\[solve\]" '# an empty section\n\n[sovle]\n'
bad_file 2 "p.ini:1: unknown section \[solvee\].*\(did you mean \[solve\]\?\)" '[solvee]\niterations = 5\n'
bad_file 2 "p.ini:1: unknown section \[ solve \]" '[ solve ]\niterations = 5\n'
bad_file 2 "p.ini:2: unknown parameter 'itertions': no option of any command \(did you mean 'iterations'\?\)" \
  'iterations = 5\nitertions = 3\n'
bad_file 2 "p.ini:2: unknown parameter 'sed': no option of \[solve\] \(did you mean 'seed'\?\)" \
  '[solve]\nsed = 4\n'
bad_file 2 "p.ini:2: unknown parameter 'seed': no option of \[import tsplib\]" \
  '[import tsplib]\nseed = 4\n'
bad_file 2 "p.ini:1: a NUL byte: a parameter file is text" 'iterations = 1\0 0\n'
bad_file 2 "p.ini:2: control character 0x07" '[solve]\niterations = 1\a\n'
# What some command knows is fine: another command's key or section (shared files).
printf 'tour = x.tour\n[import tsplib]\nno-bound = 1\n[solve]\niterations = 2\n' >shared.ini
"$A" solve net.h5 -o sh.h5 --params shared.ini -q >/dev/null 2>&1 && pass "a file shared by commands" ||
  fail "shared file refused"
# --params must be a regular file: a directory, a FIFO (refused before it is opened: no writer
# would ever come).
mkdir -p adir
mkfifo fifo.ini fifo.csv fifo.h5
expect_error 4 "parameter file adir is a directory, not a regular file" r.h5 -- \
  "$A" solve net.h5 -o r.h5 --params adir "${S[@]}"
expect_error 4 "parameter file fifo.ini is a FIFO \(named pipe\), not a regular file" r.h5 -- \
  timeout 60 "$A" solve net.h5 -o r.h5 --params fifo.ini "${S[@]}"
# The parameters recorded in output files are parameter files, and are read as they are.
if /usr/bin/python3 -c 'import h5py' 2>/dev/null; then
  "$A" solve net.h5 -o rec.h5 --seed 4 --iterations 3 -q >/dev/null
  /usr/bin/python3 -c '
import sys, h5py
for f in sys.argv[1:]:
    v = h5py.File(f, "r").attrs["parameters"]
    print(v.decode() if isinstance(v, bytes) else v)' net.h5 rec.h5 >rec.ini
  grep -q '^\[import tsplib\]' rec.ini && grep -q '^\[solve\]' rec.ini || fail "records: $(cat rec.ini)"
  "$A" solve net.h5 -o again.h5 --params rec.ini -q >/dev/null 2>again.err &&
    [ "$(h5dump -d /best/cost -y -O /dev/null again.h5)" = "$(h5dump -d /best/cost -y -O /dev/null rec.h5)" ] &&
    pass "a network's and a results file's records, pasted together, repeat the run" ||
    fail "records refused: $(cat again.err)"
else
  echo "SKIP: h5py missing: recorded parameter files not tried"
fi

# 2. An option given twice is an error (the last value silently won before).
expect_error 2 "option --output given twice \('a.h5', then 'b.h5'\): give it once" a.h5 -- \
  "$A" solve net.h5 -o a.h5 -o b.h5 "${S[@]}"
expect_error 2 "option --output given twice" - -- "$A" solve net.h5 -o a.h5 --output b.h5 "${S[@]}"
expect_error 2 "option --quiet given twice" - -- "$A" solve net.h5 -o a.h5 -q --quiet --iterations 2
expect_error 2 "option --iterations given twice \('2', then '3'\)" - -- \
  "$A" solve net.h5 -o a.h5 -q --iterations 2 -i 3
expect_error 2 "--params given twice" - -- "$A" inspect net.h5 --params shared.ini --params shared.ini
expect_error 2 "option --output given twice" - -- \
  "$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o x.h5 -o y.h5
expect_error 2 "option --csv given twice" - -- "$A" export orders.h5 --csv a.csv --csv b.csv

# 3. Inputs that are not regular files are refused before they are opened (exit 4, named): a FIFO
# with no writer would block for ever; a pipe is not an empty file.
expect_error 4 "fifo.csv is a FIFO \(named pipe\), not a regular file" - -- \
  timeout 60 "$A" evaluate orders.h5 fifo.csv
expect_error 4 "fifo.h5 is a FIFO \(named pipe\), not a regular file" - -- timeout 60 "$A" inspect fifo.h5
grep -q "is empty" "$AR_TMP/last.log" && fail "a FIFO reported as empty" || pass "a FIFO is not called empty"
expect_error 4 "fifo.h5 is a FIFO" - -- timeout 60 "$A" solve fifo.h5 -o r.h5 "${S[@]}"
expect_error 4 "fifo.h5 is a FIFO" - -- timeout 60 "$A" import tsplib fifo.h5 -o r.h5
expect_error 4 "adir is a directory, not a regular file" - -- "$A" evaluate orders.h5 adir

# 4. report --network is checked without -o too: the wrong network (3), a missing one (4).
"$A" solve net.h5 -o res.h5 "${S[@]}" >/dev/null || fail "solve for report"
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" -o eil51.h5 --no-bound >/dev/null
expect_error 3 "eil51.h5: the network has 51 nodes but the best tour in res.h5 visits 52" - -- \
  "$A" report res.h5 --network eil51.h5
expect_error 3 "orders.h5: is a supply-chain network, but res.h5 holds tour results" - -- \
  "$A" report res.h5 --network orders.h5
expect_error 4 "--network gone.h5: no such file" - -- "$A" report res.h5 --network gone.h5
"$A" report res.h5 --network net.h5 >/dev/null 2>&1 && pass "report --network right: fine" ||
  fail "report with the right network"

# 5. More OpenMP threads than the rank's CPUs: a warning (MPI Advisor's rule), and none when not.
OMP_NUM_THREADS=1000 "$A" solve net.h5 -o t.h5 "${S[@]}" >/dev/null 2>t.err
grep -q "warning: rank 0 runs 1000 OpenMP threads on the [0-9]* hardware threads\? of its CPU mask: the threads exceed the cores given to the rank" t.err &&
  pass "1000 threads: warned" || fail "1000 threads: $(cat t.err)"
OMP_NUM_THREADS=1 "$A" solve net.h5 -o t.h5 "${S[@]}" >/dev/null 2>t.err
[ ! -s t.err ] && pass "1 thread: no warning" || fail "1 thread: $(cat t.err)"

# 6. Degenerate input (every node at one point: tour length 0, bound 0): no "nan", no
# "iteration -1" in what is printed.
printf 'NAME: dot\nTYPE: TSP\nDIMENSION: 5\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n' >dot.tsp
for i in 1 2 3 4 5; do echo "$i 7 7"; done >>dot.tsp
echo EOF >>dot.tsp
"$A" import tsplib dot.tsp -o dot.h5 >/dev/null || fail "import dot"
"$A" solve dot.h5 -o dotr.h5 -i 5 --progress 0 >dot.out 2>&1 || fail "solve dot: $(cat dot.out)"
"$A" report dotr.h5 >>dot.out 2>&1
"$A" inspect dotr.h5 >>dot.out 2>&1
! grep -Eiwq "nan|-?inf|iteration -1" dot.out && grep -q "gap to bound 0.000 %" dot.out &&
  grep -q "from colony 0 in the first tours (before iteration 1)" dot.out &&
  pass "degenerate input: gap 0 %, the first tours named" || fail "degenerate: $(grep -Ei 'nan|gap|iteration' dot.out)"

# 7. A full disk: antroute's message, none of Open MPI's own lines (results and imports).
M="$AR_TMP/full"
mkdir -p "$M"
if mount -t tmpfs -o size=160k tmpfs "$M" 2>/dev/null; then
  trap 'umount "$M" 2>/dev/null' EXIT
  cp net.h5 "$M/" && dd if=/dev/zero of="$M/fill" bs=1k count=200 status=none 2>/dev/null
  "$A" solve "$M/net.h5" -o "$M/r.h5" "${S[@]}" >full.out 2>&1
  rc=$?
  [ "$rc" -eq 4 ] && grep -q "disk full" full.out && ! grep -Eq "mca_|pwritev|writev|ompio" full.out &&
    pass "full disk, solve: status 4, no Open MPI lines" || fail "full disk, solve: $rc: $(cat full.out)"
  "$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" -o "$M/e.h5" >full.out 2>&1
  rc=$?
  [ "$rc" -eq 4 ] && ! grep -Eq "mca_|pwritev|writev|ompio" full.out &&
    pass "full disk, import: status 4, no Open MPI lines" || fail "full disk, import: $rc: $(cat full.out)"
  [ -z "$(ls "$M" | grep tmp)" ] && pass "full disk: nothing left behind" || fail "left: $(ls "$M")"
else
  echo "SKIP: cannot mount a tmpfs here: the full-disk case is not tried"
fi
finish
