#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Issue #23: symmetric tours of 20,000+ nodes get about n / 256 ants when no --ants is given and
# the ants' local search is lighter than Lin-Kernighan's (--local-search full: combined ants in
# pieces pay in numbers), the engine's 16 with the default's Lin-Kernighan chains; --ants on the
# command line or in a parameter file wins; symmetric instances below 3,000 nodes get 8 whole ants
# under MMAS (combined too); 3,000-19,999 nodes, ACS and ATSP keep the engine's 16 (each read back
# from /run@ants); a restart from a checkpoint keeps them and ends on the uninterrupted run's tour.
# Colonies likewise: symmetric MMAS tours (merged ants) of 1,000-2,999 nodes get 2 when no
# --colonies is given, other sizes, ACS, --merge no and a given --colonies keep theirs; the
# record of the run names both values used; two ranks then need no --colonies and end on the
# one rank's tour, a restart keeps the two colonies, and a one-colony checkpoint is refused by
# name without --colonies 1 and resumes with it. Restarts (--restart) likewise: 5 where the ants
# merge (symmetric MMAS tours below 10,000 nodes), 0 for ACS, ATSP, --merge no and 20,000 nodes,
# and --restart-descent 1 where those restarts are (given or from a parameter file, it stands);
# a run resumed from a checkpoint restarts its colonies from their first tours as the whole run
# did (the first tour is made again at the start, not stored) and ends on its tour. Trial ants
# (--trial-ants) every fourth ant on 1,000-1,999 nodes where the ants merge, else none.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
"$A" import synthetic --kind tour --nodes 20000 --seed 3 --no-bound -o big.h5 >/dev/null ||
  { fail "import 20,000 nodes"; finish; }
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o small.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/ft70.atsp" -o atsp.h5 >/dev/null ||
  { fail "import ft70"; finish; }
"$A" import synthetic --kind tour --nodes 3000 --seed 3 --no-bound -o mid.h5 >/dev/null ||
  { fail "import 3,000 nodes"; finish; }
"$A" import synthetic --kind tour --nodes 1000 --seed 3 --no-bound -o k1.h5 >/dev/null ||
  { fail "import 1,000 nodes"; finish; }
"$A" import synthetic --kind tour --nodes 999 --seed 3 --no-bound -o below.h5 >/dev/null ||
  { fail "import 999 nodes"; finish; }
printf '[solve]\nants = 24\n' >ants.ini

# run_attr ATTR NAME NET [OPTION...]: one iteration into r_NAME.h5; prints its /run@ATTR
run_attr() {
  local attr=$1 name=$2 net=$3
  shift 3
  OMP_NUM_THREADS=1 "$A" solve "$net" -o "r_$name.h5" --iterations 1 --seed 1 --no-bound -q "$@" \
    >"$name.out" 2>&1 || { fail "$name: solve exited $?: $(cat "$name.out")"; return; }
  eval "$(h5_read "r_$name.h5" v=/run@"$attr")"
  echo "$v"
}
ants() { run_attr ants "$@"; }
colonies() { run_attr colonies "$@"; }

got=$(ants auto big.h5)
[ "$got" = 16 ] && pass "20,000 nodes: 16 ants by default (Lin-Kernighan ants)" ||
  fail "20,000 nodes: $got ants, not 16"
got=$(ants full big.h5 --local-search full)
[ "$got" = 64 ] && pass "20,000 nodes, --local-search full: 64 ants" ||
  fail "20,000 nodes, --local-search full: $got ants, not 64"
got=$(ants given big.h5 --ants 16)
[ "$got" = 16 ] && pass "--ants 16 stands" || fail "--ants 16 gave $got ants"
got=$(ants file big.h5 --params ants.ini)
[ "$got" = 24 ] && pass "ants = 24 in a parameter file stands" || fail "the parameter file's 24 gave $got"
got=$(ants small small.h5)
[ "$got" = 8 ] && pass "52 nodes, MMAS: 8 whole ants" || fail "52 nodes: $got ants, not 8"
got=$(ants mid mid.h5)
[ "$got" = 16 ] && pass "3,000 nodes: the engine's 16" || fail "3,000 nodes: $got ants, not 16"
got=$(ants small_acs small.h5 --algorithm acs)
[ "$got" = 16 ] && pass "52 nodes, ACS: the engine's 16" || fail "52 nodes, ACS: $got ants, not 16"
got=$(ants atsp atsp.h5)
[ "$got" = 16 ] && pass "ATSP: the engine's 16" || fail "ATSP: $got ants, not 16"

got=$(colonies k1 k1.h5)
[ "$got" = 2 ] && pass "1,000 nodes, MMAS: 2 colonies" || fail "1,000 nodes: $got colonies, not 2"
eval "$(h5_read r_k1.h5 record=/@parameters)"
printf '%s\n' "$record" >k1.ini
grep -q '^colonies = 2$' k1.ini && grep -q '^ants = 8$' k1.ini &&
  pass "the record names the 2 colonies and 8 ants used" || fail "the record: $(grep -E '^(ants|colonies)' k1.ini)"
for c in "below below.h5" "mid_c mid.h5" "k1_acs k1.h5 --algorithm acs" "k1_nomerge k1.h5 --merge no" \
  "k1_given k1.h5 --colonies 1" "small_c small.h5" "atsp_c atsp.h5"; do
  set -- $c
  got=$(colonies "$@")
  [ "$got" = 1 ] && pass "${c}: 1 colony" || fail "${c}: $got colonies, not 1"
done
restarts() { run_attr restart_iterations "$@"; }
for c in "5 k1_r k1.h5" "5 small_r small.h5" "5 mid_r mid.h5" "0 nomerge_r k1.h5 --merge no" \
  "0 acs_r k1.h5 --algorithm acs" "0 atsp_r atsp.h5" "0 big_r big.h5" "7 given_r k1.h5 --restart 7"; do
  set -- $c
  want=$1
  shift
  got=$(restarts "$@")
  [ "$got" = "$want" ] && pass "${c#* }: --restart $want" || fail "${c#* }: --restart $got, not $want"
done
grep -q '^restart = 5$' k1.ini && pass "the record names the 5 of --restart used" ||
  fail "the record: $(grep -E '^restart' k1.ini)"
# --restart-descent: 1 where the automatic restarts are (the record names it), else 0 (h5_read
# prints float64 1 as 1.0); a negative one is refused (exit 2, by name); given, it
# stands (a parameter file's too).
descents() { run_attr restart_descent "$@"; }
printf 'restart-descent = 0.5\n' >descent.ini
for c in "1.0 k1_d k1.h5" "1.0 mid_d mid.h5" "1.0 k1_d20 k1.h5 --restart 20" "0.0 nomerge_d k1.h5 --merge no" \
  "0.0 atsp_d atsp.h5" "0.0 big_d big.h5" "2.5 given_d k1.h5 --restart-descent 2.5" \
  "0.5 file_d k1.h5 --params descent.ini"; do
  set -- $c
  want=$1
  shift
  got=$(descents "$@")
  [ "$got" = "$want" ] && pass "${c#* }: --restart-descent $want" ||
    fail "${c#* }: --restart-descent $got, not $want"
done
expect_error 2 "restart-descent" r_negd.h5 -- env OMP_NUM_THREADS=1 "$A" solve k1.h5 -o r_negd.h5 \
  --iterations 1 --no-bound --restart-descent -1
grep -q '^restart-descent = 1$' k1.ini && pass "the record names the 1 of --restart-descent used" ||
  fail "the record: $(grep -E '^restart-descent' k1.ini)"
# Trial ants (--trial-ants): every fourth ant on 1,000-1,999 nodes where the ants merge when
# none is given (the tour of --trial-ants 4, not of 0), none at 999 and 3,000 nodes or under
# ACS (the tour of 0); a negative one below -1 refused by name.
tour_of() { # NAME NET [OPTION...]: prints the tour of 3 iterations
  local name=$1 net=$2
  shift 2
  OMP_NUM_THREADS=1 "$A" solve "$net" -o "t_$name.h5" --iterations 3 --seed 1 --no-bound -q "$@" \
    >"t_$name.out" 2>&1 || { fail "$name: solve exited $?: $(cat "t_$name.out")"; return; }
  eval "$(h5_read "t_$name.h5" v=/best/tour)"
  echo "$v" | cksum
}
for c in "4 k1 k1.h5" "0 below below.h5" "0 mid mid.h5" "0 k1_acs k1.h5 --algorithm acs"; do
  set -- $c
  want=$1 name=$2
  shift 2
  auto=$(tour_of "${name}_auto" "$@")
  with=$(tour_of "${name}_$want" "$@" --trial-ants "$want")
  other=$(tour_of "${name}_$((4 - want))" "$@" --trial-ants $((4 - want)))
  [ -n "$auto" ] && [ "$auto" = "$with" ] && [ "$auto" != "$other" ] &&
    pass "${c#* }: --trial-ants $want by default" || fail "${c#* }: not the tour of --trial-ants $want"
done
expect_error 2 "trial-ants" t_neg.h5 -- env OMP_NUM_THREADS=1 "$A" solve k1.h5 -o t_neg.h5 \
  --iterations 1 --no-bound --trial-ants -2
# Restarts every other iteration or so (--restart 1), the stop after the checkpoint of iteration
# 8: iterations 8-11 of the resumed run restart again, from the first tours made at its start.
# (Without trial ants: with them the colonies of this seed keep improving and do not restart.)
RR=(--iterations 12 --epoch-iterations 2 --seed 3 --no-bound --checkpoint-every 2 --restart 1
  --restart-descent 0 --keep 6 --trial-ants 0)
OMP_NUM_THREADS=1 "$A" solve k1.h5 -o kr_whole.h5 "${RR[@]}" --checkpoint-dir ckr >kr_whole.out 2>&1 ||
  fail "restarts, the whole run: $(cat kr_whole.out)"
eval "$(h5_read ckr/ckpt-000004.h5 r8=/colonies/restarts rb8=/colonies/restart_best_cost)"
eval "$(h5_read ckr/ckpt-000006.h5 r12=/colonies/restarts)"
rm -f ckr/ckpt-000005.h5 ckr/ckpt-000006.h5
OMP_NUM_THREADS=2 "$A" solve k1.h5 -o kr_again.h5 "${RR[@]}" --checkpoint-dir ckr --resume auto \
  >kr_again.out 2>&1 || fail "restarts, the resumed run: $(cat kr_again.out)"
eval "$(h5_read kr_whole.h5 wt=/best/tour)"
eval "$(h5_read kr_again.h5 at=/best/tour)"
[ -n "$r8" ] && [ "$r8" != "$r12" ] && pass "colonies restarted after iteration 8 ($r8 -> $r12)" ||
  fail "no restart after iteration 8: $r8 -> $r12"
# Colony 0 restarted in iteration 7: the checkpoint of iteration 8 holds its empty restart-best
# (the worst cost), which the checks accept (they once moved such a checkpoint aside as damaged).
case "$rb8" in
"inf inf inf "*) pass "the checkpoint of iteration 8 holds an empty restart-best" ;;
*) fail "the checkpoint of iteration 8: restart-best costs $rb8" ;;
esac
grep -q "resumed from ckr/ckpt-000004.h5: iteration 8" kr_again.out && [ -n "$wt" ] && [ "$wt" = "$at" ] &&
  pass "resumed at iteration 8, restarted from the first tours: the whole run's tour" ||
  fail "the resumed run with restarts: $(grep resumed kr_again.out); tours equal: $([ "$wt" = "$at" ] && echo yes || echo no)"
R=(--iterations 8 --epoch-iterations 2 --seed 2 --no-bound --checkpoint-every 2)
OMP_NUM_THREADS=1 "$A" solve k1.h5 -o k1_whole.h5 "${R[@]}" --checkpoint-dir ck1 >k1_whole.out 2>&1 ||
  fail "1,000 nodes, the whole run: $(cat k1_whole.out)"
ar_mpirun 2 "$A" solve k1.h5 -o k1_ranks.h5 "${R[@]}" --checkpoint-dir ck1r -q >k1_ranks.out 2>&1 ||
  fail "1,000 nodes on 2 ranks without --colonies: $(cat k1_ranks.out)"
rm -f ck1/ckpt-000004.h5 # as if stopped after the checkpoint of iteration 6
OMP_NUM_THREADS=2 "$A" solve k1.h5 -o k1_again.h5 "${R[@]}" --checkpoint-dir ck1 --resume auto \
  >k1_again.out 2>&1 || fail "1,000 nodes, the resumed run: $(cat k1_again.out)"
eval "$(h5_read k1_whole.h5 wt=/best/tour)"
eval "$(h5_read k1_ranks.h5 rt=/best/tour rc=/run@colonies)"
eval "$(h5_read k1_again.h5 at=/best/tour ac=/run@colonies)"
[ -n "$wt" ] && [ "$wt" = "$rt" ] && [ "$rc" = 2 ] &&
  pass "2 ranks: 2 colonies, the one rank's tour" || fail "2 ranks: $rc colonies, tour differs"
grep -q "resumed from ck1/ckpt-000003.h5: iteration 6" k1_again.out && [ "$wt" = "$at" ] &&
  [ "$ac" = 2 ] && pass "resumed at iteration 6 with 2 colonies, the whole run's tour" ||
  fail "the resumed run: $ac colonies; $(grep resumed k1_again.out)"
# A checkpoint of one colony (as antroute wrote before the automatic two, or --colonies 1):
# resumed without --colonies it is refused by name (docs/performance.md says so), with
# --colonies 1 it resumes.
R1=(--iterations 4 --epoch-iterations 2 --seed 2 --no-bound --checkpoint-every 2)
OMP_NUM_THREADS=1 "$A" solve k1.h5 -o k1_one.h5 "${R1[@]}" --colonies 1 --checkpoint-dir ck1one \
  -q >k1_one.out 2>&1 || fail "1,000 nodes, one colony: $(cat k1_one.out)"
rm -f ck1one/ckpt-000002.h5 k1_one.h5 # as if stopped after the checkpoint of iteration 2
expect_error 3 "dataset /colonies/pheromone is 1 x 1000 x [0-9]+, this run needs 2 x 1000 x [0-9]+ \\(it holds 1 colony: resume it with --colonies 1\\)" \
  k1_one.h5 -- env OMP_NUM_THREADS=1 "$A" solve k1.h5 -o k1_one.h5 "${R1[@]}" \
  --checkpoint-dir ck1one --resume auto
OMP_NUM_THREADS=1 "$A" solve k1.h5 -o k1_one.h5 "${R1[@]}" --colonies 1 --checkpoint-dir ck1one \
  --resume auto >k1_one_again.out 2>&1 && grep -q "resumed from ck1one/ckpt-000001.h5" k1_one_again.out &&
  pass "the one-colony checkpoint resumes with --colonies 1" ||
  fail "the one-colony checkpoint with --colonies 1: $(cat k1_one_again.out)"

# --help says so for each kind that has the note, whole (the notes were once cut at 256 bytes).
"$A" solve --help | tr -s ' \n' '  ' | grep -q "road: symmetric tours (MMAS) below 3,000 nodes: 8; \
20,000+ nodes with --local-search full or lighter: about n / 256 (a power of two, tours within \
128 MB; 10^6 nodes: 32)" && pass "--help: the ants' note of the last kind is whole" ||
  fail "--help: the ants' note is cut: $("$A" solve --help | grep -A12 -- '--ants M')"

# A restart continues the same run: the automatic ants again, the combined ants' search to the
# same tour as without a stop (here on 1 thread after 2), from the checkpoint of iteration 4.
R=(--iterations 6 --epoch-iterations 2 --seed 1 --no-bound --checkpoint-every 2 --local-search full)
OMP_NUM_THREADS=2 "$A" solve big.h5 -o whole.h5 "${R[@]}" --checkpoint-dir ck >whole.out 2>&1 ||
  fail "the whole run: $(cat whole.out)"
rm -f ck/ckpt-000003.h5 # as if stopped after the checkpoint of iteration 4
OMP_NUM_THREADS=1 "$A" solve big.h5 -o again.h5 "${R[@]}" --checkpoint-dir ck --resume auto \
  >again.out 2>&1 || fail "the resumed run: $(cat again.out)"
grep -q "resumed from ck/ckpt-000002.h5: iteration 4" again.out &&
  pass "resumed from iteration 4" || fail "not resumed from iteration 4: $(cat again.out)"
eval "$(h5_read whole.h5 wa=/run@ants wt=/best/tour)"
eval "$(h5_read again.h5 aa=/run@ants at=/best/tour)"
[ "$wa" = 64 ] && [ "$aa" = 64 ] && pass "64 ants before and after the restart" ||
  fail "ants $wa before, $aa after the restart"
[ -n "$wt" ] && [ "$wt" = "$at" ] && pass "the resumed run ends on the whole run's tour" ||
  fail "the resumed run's tour differs"
finish
