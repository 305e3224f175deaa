#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# solve --time T is wall clock from the start of the command (docs/cli.md, "The time budget"):
# --time 0 is refused; a budget below what the run needs before its first iteration is refused
# with exit 2 naming that minimum; the plan and what happened are recorded in /run and in the
# summary (also with two ranks, one lagging); the lower bound that does not fit is left out; the
# bound's progress lines; order routing's months within the budget, their bounds given up. No clock races: the refusal uses a budget far below any minimum, the
# budget check reads the recorded plan (the run guarantees it; the wall clock of a loaded machine
# is only checked loosely).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
att="$AR_TMP/att532.h5"
bare="$AR_TMP/att532-bare.h5"
big="$AR_TMP/u50k.h5"
# bare and big without stored alpha-nearness penalties: their solves run that ascent themselves.
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$att" >/dev/null &&
  "$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$bare" --no-bound --alpha-steps 0 >/dev/null &&
  "$ANTROUTE" import synthetic --kind tour --nodes 50000 --seed 5 -o "$big" --no-bound --alpha-steps 0 >/dev/null ||
  { fail "imports"; finish; }
a() { /usr/bin/python3 -c '
import sys, h5py
obj, name = sys.argv[2].rsplit("/", 1)
x = h5py.File(sys.argv[1], "r")[obj or "/"].attrs[name]
print(x.decode() if isinstance(x, bytes) else x)' "$1" "$2" 2>/dev/null; }

# --time 0 is an error (it used to mean the default 10 s).
expect_error 2 "--time 0: the budget must be more than 0 seconds" "$AR_TMP/z.h5" -- \
  "$ANTROUTE" solve "$att" -o "$AR_TMP/z.h5" --time 0

# A budget far below the minimum: refused before any work, naming the minimum and its parts.
expect_error 2 "--time 0.001 is below the [0-9.]+ s this run needs before its first iteration .*reading [0-9.]+ s, candidate lists ~[0-9.e+-]+ s, the first tour ~.*writing ~" \
  "$AR_TMP/r.h5" -- "$ANTROUTE" solve "$big" -o "$AR_TMP/r.h5" --time 0.001

# The plan in the results and the summary.
t0=$(date +%s.%N)
"$ANTROUTE" solve "$att" -o "$AR_TMP/p.h5" --time 8 --seed 2 > "$AR_TMP/p.log" 2>&1 ||
  fail "solve --time 8: $(tail -3 "$AR_TMP/p.log")"
t1=$(date +%s.%N)
budget=$(a "$AR_TMP/p.h5" /run/time_budget)
setup=$(a "$AR_TMP/p.h5" /run/time_setup)
search=$(a "$AR_TMP/p.h5" /run/time_search)
planned=$(a "$AR_TMP/p.h5" /run/time_search_planned)
write=$(a "$AR_TMP/p.h5" /run/time_write)
a "$AR_TMP/p.h5" /run/time_plan | grep -q "^budget 8 s: reading" &&
  pass "/run/time_plan recorded" || fail "no /run/time_plan"
wplan=$(a "$AR_TMP/p.h5" /run/time_write_planned)
# The plan's arithmetic, which holds however loaded the machine is: the search was given what the
# set-up left of the budget less the writing estimate (nothing when a slow set-up took it all),
# and kept to it within an iteration; the measured set-up and writing depend on the machine's
# load and are only recorded.
awk -v b="$budget" -v s="$setup" -v r="$search" -v p="$planned" -v w="$write" -v wp="$wplan" \
  'BEGIN { left = b - s - wp; if (left < 0) left = 0
           exit !(b == 8 && s > 0 && w > 0 && wp > 0 && p >= 0 && p <= left + 0.01 &&
                  p >= left - 0.5 && r <= p + 0.5) }' &&
  pass "recorded plan: budget $budget = setup $setup + search $search (planned $planned) + write $write (planned $wplan)" ||
  fail "recorded plan: budget '$budget' setup '$setup' search '$search' planned '$planned' write '$write' (planned '$wplan')"
grep -qE "^time: [0-9.]+ s of the 8 s budget: before the search [0-9.]+ s \(MPI's start [0-9.]+, reading [0-9.]+, preparing [0-9.]+, the problem [0-9.]+, first solutions [0-9.]+\), search [0-9.]+ s \(planned" \
  "$AR_TMP/p.log" && pass "summary line of the time plan" || fail "no time line: $(tail -4 "$AR_TMP/p.log")"
# The parts of the set-up: each measured on rank 0's clock from the end of the one before, so none
# is negative and together they are at most the set-up; MPI's start and the first tour (the
# local search from a curve order) take some time on any machine.
parts=""
for p in mpi read prepare problem first; do parts="$parts $(a "$AR_TMP/p.h5" /run/time_setup_$p)"; done
awk -v s="$setup" -v p="$parts" 'BEGIN { n = split(p, x, " "); sum = 0; ok = n == 5
  for (i = 1; i <= n; i++) { if (x[i] < 0) ok = 0; sum += x[i] }
  exit !(ok && x[1] > 0 && x[5] > 0 && sum <= s + 1e-6) }' &&
  pass "set-up $setup s in parts (MPI, reading, preparing, problem, first solutions):$parts" ||
  fail "set-up '$setup' s, parts '$parts'"
# antroute report says the same from the file.
"$ANTROUTE" report "$AR_TMP/p.h5" > "$AR_TMP/p.report" 2>&1 &&
  grep -qE "^time: budget 8 s; before the search [0-9.]+ s \(MPI's start [0-9.]+, reading [0-9.]+, preparing [0-9.]+, the problem [0-9.]+, first solutions [0-9.]+\), search [0-9.]+ s \(planned [0-9.]+ s\), writing [0-9.]+ s$" \
    "$AR_TMP/p.report" && pass "report's time line: $(grep '^time:' "$AR_TMP/p.report")" ||
  fail "report's time line: $(grep -E '^(time|run):' "$AR_TMP/p.report" || tail -3 "$AR_TMP/p.report")"
# Results written before the set-up's parts (none of time_setup_mpi .. _first): the line without them.
cp "$AR_TMP/p.h5" "$AR_TMP/old.h5" && /usr/bin/python3 -c '
import sys, h5py
with h5py.File(sys.argv[1], "a") as f:
    for p in ("mpi", "read", "prepare", "problem", "first"): del f["run"].attrs["time_setup_" + p]' \
  "$AR_TMP/old.h5" && "$ANTROUTE" report "$AR_TMP/old.h5" > "$AR_TMP/old.report" 2>&1 &&
  grep -qE "^time: budget 8 s; before the search [0-9.]+ s, search [0-9.]+ s \(planned [0-9.]+ s\), writing [0-9.]+ s$" \
    "$AR_TMP/old.report" && pass "report of older results: $(grep '^time:' "$AR_TMP/old.report")" ||
  fail "report of older results: $(grep -E '^(time|run):' "$AR_TMP/old.report" || tail -3 "$AR_TMP/old.report")"
# The wall clock around the command also counts the launch and the exit, and a loaded machine
# may stretch the set-up past the budget (recorded above): a guard against a run that ignores
# its budget, not a timing check.
awk -v a="$t0" -v b="$t1" -v s="$setup" -v w="$write" 'BEGIN { exit !(b - a <= 8 + s + w + 30) }' &&
  pass "wall clock $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s for --time 8" ||
  fail "solve --time 8 took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s (set-up $setup s, writing $write s)"

# Two ranks, one paced (the test hook: 10 ms per iteration): ranks that agree on their plans a
# segment ahead let the slower lag up to a segment (about 0.5 s), which near the limit made the
# run end late (0.28-0.40 s, unpaced d1655) or, paced, early (3.1-3.9 s of a 4.75 s plan in two
# runs of three: rank 0's pace over a segment in which it waited for the other runs ahead of the
# clock, and a forecast past the limit stopped the run); in its last 2 s they agree at once again
# and the ranks' clocks meet the limit (docs/parallel.md, "Boundaries and stopping"). The
# recorded plan's arithmetic, as above (the run's own clock, not a race): never more than 0.5 s
# early (the forecast's fault, whatever the load), at most a second late (issue #23's promise; a
# suite's neighbours on two cores once stretched the last boundaries to 0.53 s late).
# Two ranks on att532, rank 1 paced PACE ms an iteration (the test hook), --time 5 -c 2: the
# search from 0.5 s before its recorded plan to 1 s after. paced_search NAME PACE WHAT
paced_search() {
  local res="$AR_TMP/$1.h5" search planned
  OMP_NUM_THREADS=1 ar_mpirun 1 "$ANTROUTE" solve "$att" -o "$res" --time 5 -c 2 --seed 2 -q : \
    -np 1 env ANTROUTE_TEST_PACE_MS="$2" "$ANTROUTE" solve "$att" -o "$res" --time 5 -c 2 \
    --seed 2 -q > "$res.log" 2>&1 || fail "2 ranks, $3, --time 5: $(tail -3 "$res.log")"
  search=$(a "$res" /run/time_search)
  planned=$(a "$res" /run/time_search_planned)
  awk -v r="$search" -v p="$planned" 'BEGIN { exit !(p > 0 && r <= p + 1 && r >= p - 0.5) }' &&
    pass "2 ranks, $3: search $search s from 0.5 s before its plan of $planned s to 1 s after" ||
    fail "2 ranks, $3: search '$search' s against a plan of '$planned' s"
}
paced_search m 10 "one lagging"

# Rank 1 twenty times slower (paced 100 ms per iteration, att532's take a few ms): the segments
# and the stop are planned at the slowest rank's clock and pace, not rank 0's (planned at rank
# 0's, its segments of ~100 iterations took rank 1 ten seconds: the search ran 11.0 s of a 4.8 s
# plan). The same bounds as above.
paced_search s 100 "one 20x slower"
# ... and rank 0's time of that search is its compute or its wait for rank 1, also where the plans
# are agreed at once in the last 2 s (an MPI_Allreduce; before it was booked, 0.45 s of rank 0's
# 4.83 s were neither).
/usr/bin/python3 - "$AR_TMP/s.h5" <<'PYEOF' && pass "2 ranks, one 20x slower: rank 0's search is compute or wait" ||
import sys, h5py
f = h5py.File(sys.argv[1], "r")
w0, wait0 = f["bsp/rank_w"][()][:, 0].sum(), f["bsp/rank_sync"][()][:, 0].sum()
search = f["run"].attrs["time_search"]
if w0 + wait0 < search - 0.25:
    sys.exit(f"compute {w0:.3f} s + wait {wait0:.3f} s of a {search:.3f} s search")
PYEOF
  fail "2 ranks, one 20x slower: rank 0's compute and wait fall short of its search"

# --iterations alone: no budget, nothing recorded.
"$ANTROUTE" solve "$att" -o "$AR_TMP/i.h5" --iterations 5 -q >/dev/null 2>&1 || fail "solve -i 5"
[ -n "$(a "$AR_TMP/i.h5" /run/time_budget)" ] && fail "--iterations alone recorded a budget" ||
  pass "--iterations alone: no budget"

# A lower bound that does not fit in the budget is left out, and the run says so.
"$ANTROUTE" solve "$big" -o "$AR_TMP/b.h5" --time 8 --alpha-steps 0 --seed 1 > "$AR_TMP/b.log" 2>&1 ||
  fail "solve 50,000 nodes --time 8: $(tail -3 "$AR_TMP/b.log")"
grep -q "time plan: the lower bound (estimated .*) is left out" "$AR_TMP/b.log" &&
  pass "the bound that does not fit is left out" || fail "bound not left out: $(head -5 "$AR_TMP/b.log")"
a "$AR_TMP/b.h5" /run/time_plan | grep -q "the lower bound (~[0-9.e+]* s) left out" &&
  pass "the plan records it" || fail "/run/time_plan lacks the bound left out"

# A .tsp solved under --time: its import leaves the bound and the alpha-nearness ascent to the
# solve's plan, which leaves the bound out here and runs (before, the import ran them first,
# outside any plan: 30,000 random points under --time 6 were refused after 7.3 s, "reading 7.33
# s"). Without a budget the import keeps its defaults: the bound stored beside the results.
awk 'BEGIN { srand(3); print "NAME: r30k"; print "TYPE: TSP"; print "DIMENSION: 30000"
  print "EDGE_WEIGHT_TYPE: EUC_2D"; print "NODE_COORD_SECTION"
  for (i = 1; i <= 30000; i++) printf "%d %d %d\n", i, int(rand() * 1e6), int(rand() * 1e6)
  print "EOF" }' > "$AR_TMP/r30k.tsp"
"$ANTROUTE" solve "$AR_TMP/r30k.tsp" -o "$AR_TMP/t.h5" --time 6 > "$AR_TMP/t.log" 2>&1 &&
  grep -q "time plan: the lower bound (estimated .*) is left out" "$AR_TMP/t.log" &&
  [ -z "$(a "$AR_TMP/t.net.h5" /tour/lower_bound/method)" ] && h5ls "$AR_TMP/t.net.h5/tour" | grep -q coords &&
  pass ".tsp under --time 6: imported without its bound, which the plan leaves out" ||
  fail ".tsp under --time 6: $(grep -E 'error|time plan' "$AR_TMP/t.log" | head -3)"
"$ANTROUTE" solve "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$AR_TMP/u.h5" --iterations 1 -q \
  > "$AR_TMP/u.log" 2>&1 && h5ls "$AR_TMP/u.net.h5/tour" | grep -q "^lower_bound " &&
  pass ".tsp with --iterations alone: imported with its bound" ||
  fail ".tsp with --iterations alone: $(h5ls "$AR_TMP/u.net.h5/tour" 2>&1 | head -5)"

# Order routing (a synthetic year of two months of 100,000 orders: each month's min-cost-flow
# bound takes some 11 s here). A budget below the months' first plans is refused, naming them;
# within one, the bound is given up once it has taken half its month's share, for the months
# after it too, and the run says so (a month's share is what is left of the budget, so a late
# month shortens the next). Until 2026-12-08 the bound ran whatever the budget: --time 3 on
# twelve such months took 133 s.
sc="$AR_TMP/sc.h5"
"$ANTROUTE" import synthetic --kind supply-chain --orders 100000 --months 2 --seed 3 -o "$sc" \
  >/dev/null 2>&1 || fail "import synthetic supply chain"
expect_error 2 "--time 0.01 is below the [0-9.]+ s this run needs .*the months' first plans ~[0-9.]+ s, writing ~" \
  "$AR_TMP/sr.h5" -- "$ANTROUTE" solve "$sc" -o "$AR_TMP/sr.h5" --time 0.01
# Two ranks for one colony: refused before the first month's bound (11 s here), not at its engine.
expect_error 2 "2 MPI ranks but only 1 colony: every rank needs at least one colony" "$AR_TMP/sc1.h5" -- \
  env OMP_NUM_THREADS=1 "$MPIEXEC" --oversubscribe --bind-to none -np 2 "$ANTROUTE" solve "$sc" \
  -o "$AR_TMP/sc1.h5" --iterations 1 &&
  { grep -q "^2013-05" "$AR_TMP/last.log" && fail "2 ranks, 1 colony: a month began first" ||
    pass "2 ranks, 1 colony: refused before any month"; }
# supply_budget NAME WHAT RUNNER...: solve the year with --time 4 (two colonies, for two ranks),
# check what it said and recorded.
supply_budget() {
  local name=$1 what=$2 res="$AR_TMP/$1.h5"
  shift 2
  "$@" "$ANTROUTE" solve "$sc" -o "$res" --time 4 --seed 1 -c 2 > "$res.log" 2>&1 ||
    { fail "supply chain, $what, --time 4: $(tail -3 "$res.log")"; return; }
  grep -q "^2013-05: .*min-cost-flow bound left out: unfinished after [0-9.]* s, half of the month's share of --time" "$res.log" &&
    grep -q "^2013-06: .*min-cost-flow bound left out (2013-05's did not fit in --time)" "$res.log" &&
    grep -q "^cost bound (min-cost flow): left out from 2013-05 on, where it did not fit in --time 4" "$res.log" &&
    pass "supply chain, $what: the months' bounds left out, and said" ||
    fail "supply chain, $what: $(grep -E 'bound' "$res.log" | head -4)"
  eval "$(h5_read "$res" lb=/months/lower_bound b=/run@time_budget s=/run@time_setup r=/run@time_search w=/run@time_write)"
  [ "$lb" = "-inf -inf" ] && pass "supply chain, $what: /months/lower_bound $lb" ||
    fail "supply chain, $what: /months/lower_bound '$lb'"
  # The run's own clock. On a quiet machine it ends within the budget (3.8-4.2 s here); what no
  # clock can stop (a month's first plans, the checks, writing) stretches on a loaded one (two
  # ranks beside the suite: 5.8 s), so the check is against the old failure (both bounds run:
  # 24 s), not a race.
  awk -v b="$b" -v s="$s" -v r="$r" -v w="$w" 'BEGIN { exit !(b == 4 && s > 0 && w > 0 && s + r + w <= 2 * b + 2) }' &&
    pass "supply chain, $what: set-up $s + search $r + writing $w s for --time 4" ||
    fail "supply chain, $what: budget '$b': set-up '$s' + search '$r' + writing '$w' s"
}
supply_budget s1 "one rank" env
supply_budget s2 "two ranks" env OMP_NUM_THREADS=1 "$MPIEXEC" --oversubscribe --bind-to none -np 2
# With --gap the bound is what the search aims at: it may run to the end of the budget, and is
# given up there (the year's first month needs some 11 s of it), saying so.
"$ANTROUTE" solve "$sc" -o "$AR_TMP/g.h5" --time 4 --gap 1 -c 2 > "$AR_TMP/g.log" 2>&1 &&
  grep -q "^2013-05: .*min-cost-flow bound left out: unfinished after [0-9.]* s, the end of --time" "$AR_TMP/g.log" &&
  eval "$(h5_read "$AR_TMP/g.h5" glb=/months/lower_bound)" && [ "$glb" = "-inf -inf" ] &&
  pass "supply chain, --gap under --time 4: the bound given up at the budget's end, and said" ||
  fail "supply chain, --gap under --time 4: $(grep -E 'error|bound' "$AR_TMP/g.log" | head -3)"
# The summary's checkpoints line counts the run's search from its first month (it counted the
# last month's alone: 121-227 % of 0.3-0.5 s on the year above). Two months of 2,000 orders:
# iterations of milliseconds, so checkpoints are written whatever the machine's load.
"$ANTROUTE" import synthetic --kind supply-chain --orders 2000 --months 2 --plants 10 --ports 6 \
  --seed 3 -o "$AR_TMP/sc2k.h5" >/dev/null 2>&1 || fail "import synthetic supply chain of 2,000 orders"
"$ANTROUTE" solve "$AR_TMP/sc2k.h5" -o "$AR_TMP/c.h5" --time 3 --checkpoint-dir "$AR_TMP/ck-c" \
  --checkpoint-every 1 > "$AR_TMP/c.log" 2>&1 || fail "2,000 orders with checkpoints: $(tail -3 "$AR_TMP/c.log")"
# The months' bounds print progress lines (--progress 0: one per report, every 64 orders placed;
# a month of 100,000 orders takes 10 s here), none with --quiet.
ANTROUTE_PROGRESS=batch "$ANTROUTE" solve "$AR_TMP/sc2k.h5" -o "$AR_TMP/bp.h5" --iterations 1 --progress 0 \
  > "$AR_TMP/bp.log" 2>&1 || fail "2,000 orders --progress 0: $(tail -3 "$AR_TMP/bp.log")"
for m in 2013-05 2013-06; do
  lines=$(grep -cE "^[0-9-]+ [0-9:]+ $m: min-cost-flow bound, [0-9]+ %, [0-9.]+ s, ETA [0-9.]+ s$" "$AR_TMP/bp.log")
  [ "$lines" -ge 3 ] && pass "supply chain: $lines progress lines of $m's bound" ||
    fail "supply chain: $lines progress lines of $m's bound: $(grep -m3 'bound' "$AR_TMP/bp.log")"
done
ANTROUTE_PROGRESS=batch "$ANTROUTE" solve "$AR_TMP/sc2k.h5" -o "$AR_TMP/bq.h5" --iterations 1 --progress 0 -q \
  > "$AR_TMP/bq.log" 2>&1 || fail "2,000 orders --progress 0 -q: $(tail -3 "$AR_TMP/bq.log")"
grep -q "min-cost-flow bound, " "$AR_TMP/bq.log" && fail "--quiet printed the bound's progress" ||
  pass "supply chain, --quiet: no progress lines of the bounds"
since=$(sed -n "s/^checkpoints: [0-9]* written in [0-9.]* s ([0-9.]* % of this run's \([0-9.]*\) s).*/\1/p" "$AR_TMP/c.log")
searched=$(a "$AR_TMP/c.h5" /run/time_search)
awk -v x="$since" -v r="$searched" 'BEGIN { exit !(x != "" && r > 0 && x + 0.05 >= r) }' &&
  pass "supply chain: the checkpoints' share of the run's $since s (its search $searched s)" ||
  fail "supply chain: checkpoints of the run's '$since' s, its search '$searched' s: $(grep '^checkpoints' "$AR_TMP/c.log")"

# The bound's progress lines (--progress 0: every ascent step; no budget with --iterations).
ANTROUTE_PROGRESS=batch OMP_NUM_THREADS=1 "$ANTROUTE" solve "$bare" -o "$AR_TMP/g.h5" --iterations 1 --progress 0 \
  > "$AR_TMP/g.log" 2>&1 || fail "solve of the bare network: $(tail -3 "$AR_TMP/g.log")"
lines=$(grep -cE '^[0-9-]+ [0-9:]+ bound: step [0-9]+/~[0-9]+, [0-9.]+ s, ETA [0-9]+ s$' "$AR_TMP/g.log")
[ "$lines" -ge 10 ] && pass "bound: $lines progress lines" || fail "bound progress: $lines lines: $(head -5 "$AR_TMP/g.log")"
lines=$(grep -cE '^[0-9-]+ [0-9:]+ alpha-nearness: step [0-9]+/~[0-9]+, [0-9.]+ s, ETA [0-9]+ s$' "$AR_TMP/g.log")
[ "$lines" -ge 10 ] && pass "alpha-nearness: $lines progress lines" || fail "alpha-nearness progress: $lines lines"
OMP_NUM_THREADS=1 "$ANTROUTE" solve "$bare" -o "$AR_TMP/q.h5" --iterations 1 --progress 0 -q > "$AR_TMP/q.log" 2>&1
grep -qE "(bound|alpha-nearness): step" "$AR_TMP/q.log" && fail "--quiet printed ascent progress" || pass "--quiet: no bound progress"
finish
