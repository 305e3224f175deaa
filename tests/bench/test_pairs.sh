#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/pairs.sh, the A/B protocol behind docs/performance.md's tables. On fixed iterations (the
# answers then do not depend on the machine): one search as A and as B gives equal pairs and a
# difference of zero; the per-instance means, the paired mean and its standard error it prints
# are those of the pairs it prints, over the network's optimum (berlin52, named in -d) or, without
# one, its bound (a synthetic network); on one CPU the pair shares it and says so; a failing run
# (exit 1, its log; the other run stopped), an unknown instance, no instance and no binary (exit 2) are refused; the
# runs' files are gone afterwards.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
P=$AR_SOURCE_DIR/bench/pairs.sh
A=$ANTROUTE
in=$AR_SOURCE_DIR/inputs/tsplib
cd "$AR_TMP" || exit 1
"$A" import synthetic --kind tour --nodes 150 --seed 4 -o syn.h5 >/dev/null ||
  { fail "import synthetic"; finish; }

# One search as A and as B.
if "$P" -a "$A" -t 60 -s 2 -A "--iterations 3" -B "--iterations 3" -o out "$in/berlin52.tsp" \
  >same.txt 2>&1; then
  pass "the same search twice: exit 0"
else
  fail "the same search twice: exit $?: $(tail -n 5 same.txt)"
fi
[ "$(awk 'NF == 4 && $1 == "berlin52"' same.txt | wc -l)" -eq 2 ] &&
  [ "$(awk 'NF == 4 && $1 == "berlin52" && $3 != $4' same.txt | wc -l)" -eq 0 ] &&
  pass "two pairs of equal lengths" || fail "pairs of one search: $(cat same.txt)"
grep -q '^B - A over 2 pairs: +0.0000 % (standard error 0.0000); B shorter in 0, longer in 0$' \
  same.txt && pass "a zero difference" || fail "summary of one search: $(tail -n 3 same.txt)"

# Two searches on two instances, pinned to one CPU: the statistics recomputed from the pairs.
if taskset -c 0 "$P" -a "$A" -t 60 -s "1 2 3" -A "--iterations 1" -B "--iterations 12" \
  -d "$in" -o out berlin52 syn.h5 >two.txt 2>&1; then
  pass "two searches on one CPU: exit 0"
else
  fail "two searches on one CPU: exit $?: $(tail -n 5 two.txt)"
fi
grep -q '^# load .*CPUs 0 and 0 (one CPU: the pair shares it)$' two.txt &&
  pass "the header says the pair shares one CPU" || fail "header: $(head -n 1 two.txt)"
optimum="" bound=""
eval "$(h5_read syn.h5 bound=/tour/lower_bound optimum=/tour@optimum)"
[ "$optimum" = -1 ] && [ -n "$bound" ] && pass "the synthetic network has a bound, no optimum" ||
  fail "synthetic network: optimum '$optimum', bound '$bound'"
/usr/bin/python3 - two.txt "$bound" <<'PYEOF' >expected.txt
import math, sys
ref = {"berlin52": (7542.0, "optimum"), "syn": (float(sys.argv[2]), "bound")}
pairs = [l.split() for l in open(sys.argv[1]) if len(l.split()) == 4 and l.split()[0] in ref]
ex = lambda name, length: 100.0 * (float(length) - ref[name][0]) / ref[name][0]
for name in ("berlin52", "syn"):
    rows = [p for p in pairs if p[0] == name]
    a = sum(ex(name, p[2]) for p in rows) / len(rows)
    b = sum(ex(name, p[3]) for p in rows) / len(rows)
    print("%-12s %6d %10.4f %10.4f  %s" % (name, len(rows), a, b, ref[name][1]))
d = [ex(p[0], p[3]) - ex(p[0], p[2]) for p in pairs]
m = sum(d) / len(d)
se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
print("B - A over %d pairs: %+.4f %% (standard error %.4f); B shorter in %d, longer in %d"
      % (len(d), m, se, sum(x < 0 for x in d), sum(x > 0 for x in d)))
PYEOF
[ "$(awk 'NF == 4 && $1 != "#"' two.txt | wc -l)" -eq 6 ] && pass "six pairs" ||
  fail "pairs: $(cat two.txt)"
awk 'NF == 4 && $1 != "#" && $4 != $3' two.txt | grep -q . &&
  pass "12 iterations and 1 differ somewhere (the statistics have something to average)" ||
  fail "no pair differs: $(cat two.txt)"
grep -Fxf expected.txt two.txt | diff -q - expected.txt >/dev/null &&
  pass "per-instance means, paired mean and standard error: those of the printed pairs" ||
  fail "statistics: expected $(cat expected.txt) printed $(cat two.txt)"

# Refusals.
# A's run has no --iterations: it would run its 60 s if the failure of B did not stop it.
expect_error 1 "unknown option '--bogus'" - -- "$P" -a "$A" -t 60 -s 1 -B "--bogus" -o out \
  "$in/berlin52.tsp"
grep -q '^berlin52 seed 1: run B failed (exit 2; the other run, if still going, stopped):$' \
  "$AR_TMP/last.log" && ! grep -q '^best ' "$AR_TMP/last.log" &&
  pass "the failing run named, the other stopped before it ended" ||
  fail "failing pair: $(cat "$AR_TMP/last.log")"
expect_error 2 "no $in/nosuch.tsp" - -- "$P" -a "$A" -d "$in" -o out nosuch
expect_error 2 'INSTANCE \.\.\.' - -- "$P" -a "$A"
expect_error 2 'no antroute binary at /nonexistent' - -- "$P" -a /nonexistent berlin52
left=$(find out -maxdepth 1 -name 'run.*')
[ -z "$left" ] && pass "no run's files left in the output folder" ||
  fail "a run's files were left: $left"
finish
