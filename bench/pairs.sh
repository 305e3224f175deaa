#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/pairs.sh: two searches side by side, seed by seed: the A/B protocol of docs/performance.md.
#
#   bench/pairs.sh [-a ANTROUTE_A] [-b ANTROUTE_B] [-A "OPTIONS"] [-B "OPTIONS"]
#                  [-E "VAR=VALUE ..."] [-F "VAR=VALUE ..."] [-t SECONDS] [-s SEEDS]
#                  [-d DATADIR] [-o OUTDIR] INSTANCE ...
#
# For each INSTANCE (a TSPLIB name in DATADIR, default ../shared/data/tsplib, a .tsp file, or a
# network file .h5) and each seed 1..SEEDS (default 6; or -s "7 8 9" for a list), runs
# `antroute solve --time SECONDS --seed S` (default 10 s) twice at once, one thread each, each
# job pinned to its own core (the first two CPUs this shell may use; with one, both share it and
# the header says so): A (binary -a, options -A, environment -E) and B (-b, -B, -F); the cores
# swap on every other seed. Binaries default to build/antroute. A .tsp is imported once into
# OUTDIR (default build/pairs). Prints "instance seed lengthA lengthB" per pair, then per instance
# the mean excess of A and B over the optimum the network file holds (/tour@optimum) or, without
# one, over its Held-Karp bound (/tour/lower_bound), and over all pairs the mean of B - A with
# its standard error and how many pairs B made shorter and longer. Exit status 0, 1 when a run
# failed (its log's last lines are printed), 2 for a bad command line or instance. Pairs share
# the machine alike, so their difference is what to read (a 10 s budget ends on another
# iteration when the other job's load differs: batches of the same build move by 0.01-0.03 %
# on an instance). Needs a quiet machine: the header and the footer print the load.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin_a=$here/build/antroute bin_b="" opt_a="" opt_b="" env_a="" env_b="" limit=10 seeds=6
data="" out=""
while getopts "a:b:A:B:E:F:t:s:d:o:" opt; do
  case $opt in
  a) bin_a=$OPTARG ;; b) bin_b=$OPTARG ;; A) opt_a=$OPTARG ;; B) opt_b=$OPTARG ;;
  E) env_a=$OPTARG ;; F) env_b=$OPTARG ;; t) limit=$OPTARG ;; s) seeds=$OPTARG ;;
  d) data=$OPTARG ;; o) out=$OPTARG ;;
  *) sed -n '3,22p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '3,22p' "$0"; exit 2; }
[ -n "$bin_b" ] || bin_b=$bin_a
[ -n "$data" ] || data=$here/../shared/data/tsplib
[ -n "$out" ] || out=$here/build/pairs
for b in "$bin_a" "$bin_b"; do
  [ -x "$b" ] || { echo "no antroute binary at $b (build first, or give -a/-b)"; exit 2; }
done
case $seeds in *" "*) seed_list=$seeds ;; *) seed_list=$(seq 1 "$seeds") ;; esac
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The two cores of a pair: the first two CPUs of this shell's affinity list ("0-3,6" and the like).
mapfile -t cpus < <(taskset -pc $$ | sed 's/.*: *//' | tr ',' '\n' |
  awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }' | head -n 2)
[ ${#cpus[@]} -ge 1 ] || { echo "no CPU in this shell's affinity list"; exit 2; }
[ ${#cpus[@]} -ge 2 ] || cpus+=("${cpus[0]}")

# The network file of an instance (imported once).
network() { # instance -> prints the .h5 path
  local arg=$1 name
  case $arg in
  *.h5) echo "$arg" ;;
  *.tsp) name=$(basename "$arg" .tsp)
    [ -s "$out/$name.h5" ] || "$bin_a" import tsplib "$arg" -o "$out/$name.h5" >/dev/null ||
      exit 2
    echo "$out/$name.h5" ;;
  *) [ -e "$data/$arg.tsp" ] || { echo "no $data/$arg.tsp" >&2; exit 2; }
    [ -s "$out/$arg.h5" ] || "$bin_a" import tsplib "$data/$arg.tsp" -o "$out/$arg.h5" >/dev/null ||
      exit 2
    echo "$out/$arg.h5" ;;
  esac
}
scalar() { # file dataset [attribute] -> its value (h5dump: no Python needed)
  if [ $# -gt 2 ]; then
    h5dump -A 0 -a "$2/$3" -y -O /dev/null "$1" 2>/dev/null | tr -dc '0-9.-'
  else
    h5dump -A 0 -d "$2" -y -O /dev/null "$1" 2>/dev/null | tr -dc '0-9.-'
  fi
}
reference() { # network -> "length kind": its optimum, else its bound
  local ref
  ref=$(scalar "$1" /tour optimum)
  if [ -n "$ref" ] && [ "$ref" != -1 ]; then echo "$ref optimum"; return; fi
  ref=$(scalar "$1" /tour/lower_bound)
  [ -n "$ref" ] || { echo "$1: neither an optimum (/tour@optimum) nor a bound" >&2; exit 2; }
  echo "$ref bound"
}

tmp=$(mktemp -d "$out/run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pairs=$tmp/pairs.tsv
shared=""
[ "${cpus[0]}" != "${cpus[1]}" ] || shared=" (one CPU: the pair shares it)"
echo "# load $(cut -d' ' -f1-3 /proc/loadavg); A: $env_a $bin_a $opt_a; B: $env_b $bin_b $opt_b;" \
  "--time $limit, one thread each, CPUs ${cpus[0]} and ${cpus[1]}$shared"
for inst in "$@"; do
  net=$(network "$inst") || exit 2
  name=$(basename "$net" .h5)
  ref_kind=$(reference "$net") || exit 2
  read -r ref kind <<<"$ref_kind"
  for s in $seed_list; do
    if [ $((s % 2)) -eq 1 ]; then core_a=${cpus[0]} core_b=${cpus[1]}
    else core_a=${cpus[1]} core_b=${cpus[0]}; fi
    # shellcheck disable=SC2086 # the option and environment lists are split on purpose
    env OMP_NUM_THREADS=1 $env_a taskset -c $core_a "$bin_a" solve "$net" -o "$tmp/a.h5" \
      --time "$limit" --seed "$s" -q $opt_a >"$tmp/a.log" 2>&1 &
    pid_a=$!
    # shellcheck disable=SC2086
    env OMP_NUM_THREADS=1 $env_b taskset -c $core_b "$bin_b" solve "$net" -o "$tmp/b.h5" \
      --time "$limit" --seed "$s" -q $opt_b >"$tmp/b.log" 2>&1 &
    pid_b=$!
    # The first to end; when it failed, the other is stopped rather than waited for.
    st=0
    wait -n -p first "$pid_a" "$pid_b" || st=$?
    other=$pid_a
    [ "$first" != "$pid_a" ] || other=$pid_b
    if [ $st -ne 0 ]; then
      kill "$other" 2>/dev/null || true
      wait "$other" 2>/dev/null || true
      echo "$name seed $s: run $([ "$first" = "$pid_a" ] && echo A || echo B) failed (exit $st;" \
        "the other run, if still going, stopped):"
      tail -n 3 "$tmp/a.log" "$tmp/b.log"
      exit 1
    fi
    wait "$other" || st=$?
    if [ $st -ne 0 ]; then
      echo "$name seed $s: run $([ "$other" = "$pid_a" ] && echo A || echo B) failed (exit $st):"
      tail -n 3 "$tmp/a.log" "$tmp/b.log"
      exit 1
    fi
    len_a=$(scalar "$tmp/a.h5" /best/cost) len_b=$(scalar "$tmp/b.h5" /best/cost)
    rm -f "$tmp/a.h5" "$tmp/b.h5"
    echo "$name $s $len_a $len_b"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$s" "$len_a" "$len_b" "$ref" "$kind" >>"$pairs"
  done
done
awk -F'\t' '
  { ea = 100 * ($3 - $5) / $5; eb = 100 * ($4 - $5) / $5
    if (!($1 in n)) order[++k] = $1
    n[$1]++; sa[$1] += ea; sb[$1] += eb; over[$1] = $6
    d = eb - ea; D += d; D2 += d * d; N++; if (d < 0) better++; if (d > 0) worse++ }
  END {
    printf "%-12s %6s %10s %10s  (mean excess over the %s, %%)\n", "instance", "pairs", "A", "B",
      "optimum or bound"
    for (j = 1; j <= k; j++) { i = order[j]
      printf "%-12s %6d %10.4f %10.4f  %s\n", i, n[i], sa[i] / n[i], sb[i] / n[i], over[i] }
    m = D / N; se = N > 1 ? sqrt((D2 / N - m * m) * N / (N - 1) / N) : 0
    printf "B - A over %d pairs: %+.4f %% (standard error %.4f); B shorter in %d, longer in %d\n",
      N, m, se, better + 0, worse + 0 }' "$pairs"
echo "# load $(cut -d' ' -f1-3 /proc/loadavg)"
