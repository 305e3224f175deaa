#!/usr/bin/env bash
# No command writes over one of its own inputs (issue #12): every command with an output is
# pointed at its input through the name itself, ./ and d/../ spellings, a symbolic link, a hard
# link and the PATH.tmp it writes through; the checkpoint folder holding the input under a
# checkpoint's name; -o naming an existing checkpoint. Each must exit 2 naming both paths,
# before any work, and leave the input byte-identical.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
cd "$T" || exit 1
cp "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" b.tsp
"$A" import tsplib b.tsp -o net.h5 >/dev/null || { fail "import berlin52"; finish; }
cp -r "$AR_SOURCE_DIR/inputs/supply_chain" csv
"$A" import supply-chain csv -o orders.h5 >/dev/null 2>&1 || fail "import supply-chain"

# refused FILE PATTERN -- command...: exit 2, PATTERN on stderr, FILE unchanged.
refused() {
  local file=$1 pattern=$2
  shift 3
  local before after
  before=$(md5sum <"$file")
  expect_error 2 "$pattern" - -- "$@"
  after=$(md5sum <"$file")
  [ "$before" = "$after" ] && pass "$file unchanged" || fail "$* changed $file"
}
same="are the same file: antroute never writes over its own inputs"

# solve: the network file as -o, however it is spelled or linked.
ln -s net.h5 link.h5
ln net.h5 hard.h5
mkdir -p sub
for o in net.h5 ./net.h5 sub/../net.h5 link.h5 hard.h5 "$T/net.h5"; do
  refused net.h5 "-o $o and the network file net.h5 $same" -- "$A" solve net.h5 -o "$o" -q --iterations 2
done
# ... and the temporary file it writes through.
cp net.h5 x.h5.tmp
refused x.h5.tmp "-o x.h5 \(written through x.h5.tmp\) and the network file x.h5.tmp $same" -- \
  "$A" solve x.h5.tmp -o x.h5 -q --iterations 2
# import tsplib: the TSPLIB file itself (this destroyed the input before #12).
refused b.tsp "-o b.tsp and the TSPLIB file b.tsp $same" -- "$A" import tsplib b.tsp -o b.tsp
refused b.tsp "-o ./b.tsp and the TSPLIB file b.tsp $same" -- "$A" import tsplib b.tsp -o ./b.tsp
# import supply-chain: one of the tables.
refused csv/OrderList.csv "-o csv/OrderList.csv and the table csv/OrderList.csv $same" -- \
  "$A" import supply-chain csv -o csv/OrderList.csv
# import synthetic --from: one of the template's tables.
refused csv/WhCosts.csv "-o csv/WhCosts.csv and the table csv/WhCosts.csv $same" -- \
  "$A" import synthetic --kind supply-chain --from csv --orders 100 -o csv/WhCosts.csv
# solve of orders: --csv onto the network, -o and --csv onto one name.
refused orders.h5 "--csv orders.h5 and the network file orders.h5 $same" -- \
  "$A" solve orders.h5 -o plan.h5 --csv orders.h5 -q --iterations 1
expect_error 2 "-o plan.h5 and --csv plan.h5 name the same file" plan.h5 -- \
  "$A" solve orders.h5 -o plan.h5 --csv plan.h5 -q --iterations 1
# --params is an input too.
printf '[solve]\niterations = 2\n' >params.ini
refused params.ini "-o params.ini and --params params.ini $same" -- \
  "$A" solve net.h5 -o params.ini --params params.ini -q

# The checkpoint folder: an input under a checkpoint's name there, -o under one, -o that is an
# existing checkpoint (by a link from elsewhere too).
mkdir -p ck
cp net.h5 ck/ckpt-000001.h5
refused ck/ckpt-000001.h5 "the network file ck/ckpt-000001.h5 lies in --checkpoint-dir ck under a checkpoint's name" -- \
  "$A" solve ck/ckpt-000001.h5 -o r.h5 --checkpoint-dir ck -q --iterations 2
ln -s ck/ckpt-000001.h5 alias.h5
refused ck/ckpt-000001.h5 "the network file alias.h5 lies in --checkpoint-dir ck under a checkpoint's name" -- \
  "$A" solve alias.h5 -o r.h5 --checkpoint-dir ck -q --iterations 2
rm -f ck/ckpt-000001.h5 alias.h5
"$A" solve net.h5 -o r.h5 --checkpoint-dir ck -q --iterations 200 --checkpoint-every 100 >/dev/null ||
  fail "solve with checkpoints"
newest=$(ls ck/ckpt-*.h5 | tail -1)
[ -n "$newest" ] || fail "no checkpoint written"
refused "$newest" "-o $newest is a checkpoint's name in --checkpoint-dir ck" -- \
  "$A" solve net.h5 -o "$newest" --checkpoint-dir ck -q --iterations 2
ln -s "$newest" ck-link.h5
refused "$newest" "-o ck-link.h5 is a checkpoint's name in --checkpoint-dir ck" -- \
  "$A" solve net.h5 -o ck-link.h5 --checkpoint-dir ck --resume auto -q --iterations 300
ln "$newest" ck-hard.h5
refused "$newest" "-o ck-hard.h5 is the checkpoint ck/ckpt-" -- \
  "$A" solve net.h5 -o ck-hard.h5 --checkpoint-dir ck --resume auto -q --iterations 300
refused "$newest" "-o $newest and --resume $newest $same" -- \
  "$A" solve net.h5 -o "$newest" --resume "$newest" -q --iterations 300

# export, evaluate --write-plan, report -o.
"$A" solve orders.h5 -o plan.h5 -q --iterations 1 >/dev/null || fail "solve orders"
refused plan.h5 "--csv plan.h5 and the results file plan.h5 $same" -- "$A" export plan.h5 --csv plan.h5
"$A" export plan.h5 --csv plan.csv >/dev/null || fail "export"
refused plan.csv "--write-plan plan.csv and the plan plan.csv $same" -- \
  "$A" evaluate orders.h5 plan.csv --write-plan plan.csv
refused orders.h5 "--write-plan orders.h5 and the network file orders.h5 $same" -- \
  "$A" evaluate orders.h5 --historical --write-plan orders.h5
"$A" solve net.h5 -o res.h5 -q --iterations 2 >/dev/null || fail "solve berlin52"
mkdir -p pics
cp res.h5 pics/tour.png
refused pics/tour.png "-o pics: the picture pics/tour.png would be pics/tour.png, which report reads" -- \
  "$A" report pics/tour.png -o pics

# What is allowed stays allowed: a fresh output, and an output beside the input.
"$A" solve net.h5 -o fresh.h5 -q --iterations 2 >/dev/null && [ -s fresh.h5 ] &&
  pass "a fresh output is written" || fail "a fresh output was refused"
"$A" import tsplib b.tsp -o b.h5 >/dev/null && pass "import beside the input" || fail "import b.tsp -o b.h5"
finish
