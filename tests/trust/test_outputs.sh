#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# No command writes over one of its own inputs (issue #12): every command with an output is
# pointed at its input through the name itself, ./ and d/../ spellings, a symbolic link, a hard
# link and the PATH.tmp it writes through; the checkpoint folder holding the input under a
# checkpoint's name; -o naming an existing checkpoint. Each must exit 2 naming both paths,
# before any work, and leave the input byte-identical. An output is a regular file or nothing
# (issue #20): devices, FIFOs, sockets and directories refused, links followed.
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

# Issue #20: an output is a regular file or nothing. A character device, a FIFO, a socket or a
# directory named as any output is refused before any work (status 2, named), and stays what it
# was; a symbolic link is followed and its target written (the link kept).
mkfifo fifo
mkdir -p adir
mknod chr c 1 3 2>/dev/null || echo "SKIP: mknod not permitted: no device case"
/usr/bin/python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("sock")' 2>/dev/null ||
  echo "SKIP: no socket case"
kind_of() { # the file type of $1 as stat prints it
  stat -c %F "$1" 2>/dev/null
}
special() { # special PATH WORDS -- command...: exit 2 naming PATH and WORDS; PATH unchanged
  local p=$1 words=$2 before
  shift 3
  [ -e "$p" ] || return 0 # a case this machine could not make
  before=$(kind_of "$p")
  expect_error 2 "$p is $words: antroute writes its outputs only as regular files" - -- "$@"
  [ "$(kind_of "$p")" = "$before" ] && pass "$p is still a $before" || fail "$p became $(kind_of "$p")"
}
special chr "a character device" -- "$A" solve net.h5 -o chr -q --iterations 2
special fifo "a FIFO \(named pipe\)" -- "$A" solve net.h5 -o fifo -q --iterations 2
special sock "a socket" -- "$A" solve net.h5 -o sock -q --iterations 2
special adir "a directory" -- "$A" solve net.h5 -o adir -q --iterations 2
special chr "a character device" -- "$A" import tsplib b.tsp -o chr
special fifo "a FIFO \(named pipe\)" -- "$A" import supply-chain csv -o fifo
special fifo "a FIFO \(named pipe\)" -- "$A" import synthetic --kind tour --nodes 50 --no-bound -o fifo
special fifo "a FIFO \(named pipe\)" -- "$A" solve orders.h5 -o o2.h5 --csv fifo -q --iterations 1
special chr "a character device" -- "$A" export plan.h5 --csv chr
special fifo "a FIFO \(named pipe\)" -- "$A" export plan.h5 --csv fifo
special adir "a directory" -- "$A" evaluate orders.h5 --historical --write-plan adir
mkdir -p pics2
mkfifo pics2/tour.png
special pics2/tour.png "a FIFO \(named pipe\)" -- "$A" report res.h5 -o pics2
ln -s fifo fifo-link.h5
special fifo-link.h5 "a FIFO \(named pipe\)" -- "$A" solve net.h5 -o fifo-link.h5 -q --iterations 2
mkfifo y.h5.tmp
expect_error 2 "-o y.h5: y.h5.tmp, through which antroute writes it, is a FIFO" - -- \
  "$A" solve net.h5 -o y.h5 -q --iterations 2
[ -p y.h5.tmp ] && pass "a FIFO y.h5.tmp is left alone" || fail "y.h5.tmp replaced"
# /dev/stdout when standard output is a pipe: a FIFO, refused (as root it was replaced before).
"$A" export plan.h5 --csv /dev/stdout 2>stdout.err | cat >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" -eq 2 ] && grep -q "/dev/stdout is a FIFO" stdout.err && [ -L /dev/stdout ] &&
  pass "--csv /dev/stdout into a pipe: refused, /dev/stdout untouched" || fail "/dev/stdout: $rc: $(cat stdout.err)"
# Symbolic links: the target is written, through a .tmp beside it; the link stays a link.
mkdir -p store
ln -s store/results.h5 link-out.h5
"$A" solve net.h5 -o link-out.h5 -q --iterations 2 >/dev/null 2>&1 && [ -L link-out.h5 ] &&
  [ -f store/results.h5 ] && [ -z "$(ls store | grep tmp)" ] &&
  pass "-o a link to a new file: the target written in its folder, the link kept" ||
  fail "link output: $(ls -l link-out.h5 store)"
before=$(stat -c %i store/results.h5)
"$A" solve net.h5 -o link-out.h5 -q --iterations 3 >/dev/null 2>&1 && [ -L link-out.h5 ] &&
  [ "$(stat -c %i store/results.h5)" != "$before" ] && pass "-o a link to a file: the target replaced" ||
  fail "link output again: $(ls -l link-out.h5 store)"
ln -s store/plan.csv link.csv
"$A" export plan.h5 --csv link.csv >/dev/null 2>&1 && [ -L link.csv ] && cmp -s store/plan.csv plan.csv &&
  pass "--csv a link: the target written, the link kept" || fail "csv link: $(ls -l link.csv store)"

# What is allowed stays allowed: a fresh output, and an output beside the input.
"$A" solve net.h5 -o fresh.h5 -q --iterations 2 >/dev/null && [ -s fresh.h5 ] &&
  pass "a fresh output is written" || fail "a fresh output was refused"
"$A" import tsplib b.tsp -o b.h5 >/dev/null && pass "import beside the input" || fail "import b.tsp -o b.h5"
finish
