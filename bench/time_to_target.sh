#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/time_to_target.sh: how soon the best tour first reaches a target quality, on one core and
# on two, beside LKH.
#
#   bench/time_to_target.sh [-p PERCENT] [-s SEEDS] [-t LIMIT] [-b ANTROUTE] [-l LKH]
#                           [-d DATADIR] [-o OUTDIR] [-L "1x1 1x2 2x1"] [INSTANCE ...]
#                           [-- SOLVE-OPTIONS]
#
# INSTANCE is a TSPLIB name in DATADIR (default ../shared/data/tsplib) or a path to a .tsp file
# with its optimum in DATADIR/OPTIMA.tsv; without any, every instance of OPTIMA.tsv with 1,000 to
# 6,000 nodes. The target is the optimum plus PERCENT % (default 0.1), rounded down. For seeds
# 1..SEEDS (default 3) and each layout (ranks x threads: 1x1 on core 0; 1x2 with
# OMP_NUM_THREADS=2 on cores 0-1; 2x1 with `mpirun -np 2 --bind-to core`, HWLOC_COMPONENTS as
# docs/guide.md advises on one node), one `antroute solve --time LIMIT --gap G` (default LIMIT
# 60 s), G chosen so that the run stops at the first epoch
# end whose best reaches the target (--gap is measured from the network's Held-Karp bound,
# docs/bounds.md). The time to target is the wall time from the command's start (reading,
# candidate lists, the first tour and, on 2x1, mpirun's start included) until the rank of the
# colony that first reached the target knew that tour: /improvements (the search's start on the
# wall clock and each colony's improvements timed on it). The gap is checked at epoch ends only,
# so a run on a few thousand nodes (100-iteration epochs of 25 s and more) may meet LIMIT first:
# it counts when its best reached the target. Results without /improvements (older builds): the
# wall time up to the results file's last write less the search after /best/iteration, placed
# between the epoch records around it (`-- --epoch-iterations 10` for a finer placement; an upper
# bound: /best/iteration is where the final best was found). LKH (-l PATH or $LKH; its research
# licence: build it outside the project, never copy it here) runs once per seed on core 0 with
# RUNS = 1 and TIME_LIMIT = LIMIT; its time is the wall time from its start until it prints an
# improvement at or below the target (the log is polled every 20 ms). A run that does not reach
# the target within LIMIT counts as LIMIT and is marked ">" (so the median is then a lower bound).
#
# One job at a time: each layout has the machine to itself, as a user's run would. Prints per
# instance the median time of each layout, the speed-up of 1x2 and 2x1 over 1x1 (the target of
# issue #23 is 1.8x), the paired speed-ups (the median over seeds of 1x1's time / the layout's
# for the same seed: a seed's search is the same on every layout, so this ratio does not carry
# the spread between seeds), and LKH's median; every run's figure goes to OUTDIR/ttt.tsv (default
# OUTDIR: build/ttt; columns: instance, layout or lkh, seed, seconds or ">LIMIT", and for runs timed
# by /improvements the command's start as Unix time and the seconds from it to the search's start).
# A second table splits each layout's median into the time before the search and the search, the
# search's paired speed-up (what sharing colonies over threads or ranks buys) and the bound two
# cores could reach with that layout's start. Figures need a quiet machine: the header and the
# footer print the load.
# Options after `--` go to every antroute solve. Instances of 3,000 nodes and more have one colony
# by default, which 2x1 cannot split over two ranks: give `-- --colonies 2` there (every layout
# then runs the same search). Failed runs are listed after the tables with their first error line.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
percent=0.1 seeds=3 limit=60 bin=$here/build/antroute lkh=${LKH:-} data="" out=""
layouts="1x1 1x2 2x1"
while getopts "p:s:t:b:l:d:o:L:" opt; do
  case $opt in
  p) percent=$OPTARG ;; s) seeds=$OPTARG ;; t) limit=$OPTARG ;; b) bin=$OPTARG ;;
  l) lkh=$OPTARG ;; d) data=$OPTARG ;; o) out=$OPTARG ;; L) layouts=$OPTARG ;;
  *) sed -n '3,45p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
extra=() instances=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
  instances+=("$1"); shift
done
[ -n "$data" ] || data=$here/../shared/data/tsplib
[ -n "$out" ] || out=$here/build/ttt
optima=$data/OPTIMA.tsv
[ -x "$bin" ] || { echo "no antroute binary at $bin (build first, or give -b)"; exit 2; }
[ -z "$lkh" ] || [ -x "$lkh" ] || { echo "not an executable: $lkh"; exit 2; }
[ -e "$optima" ] || { echo "no $optima: the targets need the optima"; exit 2; }
if [ ${#instances[@]} -eq 0 ]; then
  mapfile -t instances < <(awk -F'\t' 'NR > 1 && $2 >= 1000 && $2 <= 6000 { print $1 }' "$optima" |
    while read -r name; do [ -e "$data/$name.tsp" ] && echo "$name"; done)
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
# mpirun on one node as docs/guide.md advises: without hwloc's discovery of I/O devices (reading
# the PCI devices was 0.027 s of mpirun's 0.055 s start here); antroute sets the same for itself
# when it runs alone or all its ranks are on one node. A value in the environment stands.
export HWLOC_COMPONENTS=${HWLOC_COMPONENTS--linuxio,-pci}
py=/usr/bin/python3 # with h5py
tsv=$out/ttt.tsv
: >"$tsv"
now() { date +%s.%N; }

# One antroute run: prints the time to target (or ">LIMIT").
run_antroute() { # name layout seed gap target
  local name=$1 layout=$2 seed=$3 gap=$4 target=$5 r=${2%x*} t=${2#*x} res=$out/$1.$2.$3.h5 t0 t1
  local cmd=("$bin" solve "$out/$name.h5" -o "$res" --time "$limit" --gap "$gap" --seed "$seed"
    -q "${extra[@]}")
  rm -f "$res"
  t0=$(now)
  case $layout in
  1x1) OMP_NUM_THREADS=1 taskset -c 0 "${cmd[@]}" >"$res.log" 2>&1 ;;
  1x2) OMP_NUM_THREADS=2 taskset -c 0,1 "${cmd[@]}" >"$res.log" 2>&1 ;;
  *) OMP_NUM_THREADS=$t mpirun -np "$r" --bind-to core "${cmd[@]}" >"$res.log" 2>&1 ;;
  esac
  t1=$(now)
  [ -s "$res" ] || { echo "failed"; return; } # e.g. 2 ranks but 1 colony: see the .log
  "$py" - "$res" "$t0" "$t1" "$limit" "$target" <<'PYEOF'
import sys, h5py
path, t0, t1, limit = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
target = int(sys.argv[5])
with h5py.File(path, "r") as f:
    # A run the time limit stopped inside a long epoch (the gap is checked at epoch ends only)
    # may still have reached the target: its best says so, not /run/stopped_by.
    if int(f["best/cost"][()]) > target:
        print(">%g" % limit); sys.exit(0)
    # /improvements: when the colony's rank knew its improvement (Unix time = start + time).
    if "improvements" in f:
        g = f["improvements"]
        hit = g["time"][()][g["cost"][()] <= target]
        if len(hit):
            # the command's start (a fifth column) and the search's start after it (a sixth):
            # the tests check the sum; the summary splits each time into the two parts
            start = g.attrs["start"]
            print("%.3f\t%.6f\t%.3f" % (start + hit.min() - t0, t0, start - t0)); sys.exit(0)
    found = int(f["best/iteration"][()]) + 1  # iterations completed when it was found
    its, times = f["epochs/iteration"][...], f["epochs/time"][...]
# Older results: the found iteration placed in time between the epoch records around it.
t_found, prev_i, prev_t = 0.0, 0, 0.0
for i, t in zip(its, times):
    if found <= i:
        t_found = prev_t + (t - prev_t) * (found - prev_i) / max(i - prev_i, 1)
        break
    prev_i, prev_t = i, t
# The run ends for this count when its results are on disk (the file's last write), not when the
# process and its launcher have wound down (MPI_Finalize and mpirun's exit: 0.05-0.16 s).
import os
t1 = min(t1, os.stat(path).st_mtime)
print("%.3f" % ((t1 - t0) - (times[-1] - t_found)))
PYEOF
}

# One LKH run: the wall time until it prints an improvement at or below the target.
run_lkh() { # name seed target
  local name=$1 seed=$2 target=$3 par=$out/$1.lkh.$2.par log=$out/$1.lkh.$2.log t0 pid hit=""
  printf 'PROBLEM_FILE = %s\nRUNS = 1\nSEED = %s\nMAX_TRIALS = 1000000000\nTIME_LIMIT = %s\nTRACE_LEVEL = 1\n' \
    "${file[$name]}" "$seed" "$limit" >"$par"
  t0=$(now)
  taskset -c 0 "$lkh" "$par" >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if awk -v L="$target" '/^\* [0-9]+: Cost = / { c = $5; sub(",", "", c); if (c + 0 <= L) f = 1 }
        END { exit !f }' "$log"; then
      hit=$(now); kill "$pid" 2>/dev/null || true; break
    fi
    awk -v t0="$t0" -v now="$(now)" -v l="$limit" 'BEGIN { exit !(now - t0 > l + 5) }' &&
      { kill "$pid" 2>/dev/null || true; break; }
    sleep 0.02
  done
  wait "$pid" 2>/dev/null || true
  if [ -n "$hit" ]; then awk -v a="$t0" -v b="$hit" 'BEGIN { printf "%.3f\n", b - a }'
  else echo ">$limit"; fi
}

declare -A file target gap
names=()
for arg in "${instances[@]}"; do
  if [ -e "$arg" ]; then path=$arg name=$(basename "$arg" .tsp); else path=$data/$arg.tsp name=$arg; fi
  opt=$(awk -F'\t' -v n="$name" '$1 == n { print $4 }' "$optima")
  if [ ! -e "$path" ] || [ -z "$opt" ]; then echo "# $arg: no instance or no optimum, skipped"; continue; fi
  [ -s "$out/$name.h5" ] || "$bin" import tsplib "$path" -o "$out/$name.h5" >/dev/null
  bound=$("$py" -c 'import sys, h5py; f = h5py.File(sys.argv[1], "r"); d = f.get("tour/lower_bound")
print(int(d[()]) if d is not None else "")' "$out/$name.h5")
  [ -n "$bound" ] || { echo "# $name: its network has no lower bound, skipped"; continue; }
  file[$name]=$path
  target[$name]=$(awk -v o="$opt" -v p="$percent" 'BEGIN { printf "%d", o * (1 + p / 100) }')
  # --gap G stops at best <= bound / (1 - G/100): aim at target + 0.5, so the floor is the target.
  gap[$name]=$(awk -v b="$bound" -v t="${target[$name]}" 'BEGIN { printf "%.12f", 100 * (1 - b / (t + 0.5)) }')
  names+=("$name")
done
[ ${#names[@]} -gt 0 ] || { echo "no instance to run"; exit 2; }

printf '# %s; target: optimum + %s %%; seeds 1..%s; limit %s s; layouts %s\n' \
  "$("$bin" --version | sed -n '1p; s/^commit: */commit /p' | paste -sd' ')" "$percent" "$seeds" \
  "$limit" "$layouts"
printf '# LKH: %s\n# HWLOC_COMPONENTS=%s\n# load before: %s\n' "${lkh:-not given}" \
  "$HWLOC_COMPONENTS" "$(cut -d' ' -f1-3 /proc/loadavg)"
[ ${#extra[@]} -eq 0 ] || printf '# antroute options: %s\n' "${extra[*]}"
for name in "${names[@]}"; do
  for s in $(seq 1 "$seeds"); do
    for layout in $layouts; do # interleaved, so that load from elsewhere hits them alike
      printf '%s\t%s\t%s\t%s\n' "$name" "$layout" "$s" \
        "$(run_antroute "$name" "$layout" "$s" "${gap[$name]}" "${target[$name]}")" >>"$tsv"
    done
    [ -z "$lkh" ] || printf '%s\tlkh\t%s\t%s\n' "$name" "$s" \
      "$(run_lkh "$name" "$s" "${target[$name]}")" >>"$tsv"
  done
done
printf '# load after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

"$py" - "$tsv" "$layouts" <<'PYEOF'
import sys, statistics
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
layouts = sys.argv[2].split() + ["lkh"]
names = list(dict.fromkeys(r[0] for r in rows))
def value(s): return float(s.lstrip(">"))
def numeric(s):
    try: value(s); return True
    except ValueError: return False
def med(name, lay):
    v = [r[3] for r in rows if r[0] == name and r[1] == lay and numeric(r[3])]
    if not v: return None, ""
    m = statistics.median(value(x) for x in v)
    over = sum(x.startswith(">") for x in v) > len(v) // 2
    return m, ("%s%.2f" % (">" if over else "", m))
# The search of a seed is the same on every layout (the answer depends on the colonies, not on
# ranks or threads), so the ratio of one seed's times is the layout's speed-up on that very
# search: its median over the seeds does not carry the spread between seeds.
def reached(s): return numeric(s) and not s.startswith(">")
def paired(name, lay):
    one = {r[2]: r[3] for r in rows if r[0] == name and r[1] == "1x1" and reached(r[3])}
    v = [value(one[r[2]]) / value(r[3]) for r in rows
         if r[0] == name and r[1] == lay and reached(r[3]) and r[2] in one]
    return ("%.2fx" % statistics.median(v)) if v else "-"
# Runs timed by /improvements know when their search started (a sixth column): the time before
# it (reading, candidate lists, first tours, MPI's start, on 2x1 mpirun's) and the search after
# it, per layout, as medians over the seeds that reached the target.
def split(name, lay):
    v = [(float(r[5]), value(r[3]) - float(r[5])) for r in rows
         if r[0] == name and r[1] == lay and len(r) > 5 and reached(r[3])]
    if not v: return None, None
    return statistics.median(a for a, _ in v), statistics.median(b for _, b in v)
def search_paired(name, lay):
    one = {r[2]: value(r[3]) - float(r[5]) for r in rows
           if r[0] == name and r[1] == "1x1" and len(r) > 5 and reached(r[3])}
    v = [one[r[2]] / (value(r[3]) - float(r[5])) for r in rows if r[0] == name and r[1] == lay
         and len(r) > 5 and reached(r[3]) and r[2] in one and value(r[3]) > float(r[5])]
    return ("%.2fx" % statistics.median(v)) if v else "-"
print("\n| instance | " + " | ".join(layouts) +
      " | 1x2 speed-up | 2x1 speed-up | 1x2 paired | 2x1 paired |")
print("|---|" + "---|" * (len(layouts) + 4))
for name in names:
    cells, m = [], {}
    for lay in layouts:
        m[lay], text = med(name, lay)
        cells.append(text or "-")
    sp = lambda lay: ("%.2fx" % (m["1x1"] / m[lay])) if m.get("1x1") and m.get(lay) else "-"
    print("| %s | %s | %s | %s | %s | %s |" % (name, " | ".join(cells), sp("1x2"), sp("2x1"),
                                             paired(name, "1x2"), paired(name, "2x1")))
two = [lay for lay in ("1x2", "2x1") if lay in layouts]
if any(split(name, "1x1")[0] is not None for name in names) and two:
    print("\n| instance | " + " | ".join("%s start + search" % lay for lay in ["1x1"] + two) +
          " | " + " | ".join("%s search speed-up (paired)" % lay for lay in two) +
          " | " + " | ".join("%s bound" % lay for lay in two) + " |")
    print("|---|" + "---|" * (1 + 3 * len(two)))
    for name in names:
        s1, w1 = split(name, "1x1")
        if s1 is None: continue
        cells = ["%.2f + %.2f" % (s1, w1)]
        bounds = []
        for lay in two:
            s, w = split(name, lay)
            cells.append("%.2f + %.2f" % (s, w) if s is not None else "-")
            bounds.append("%.2fx" % ((s1 + w1) / (s + w1 / 2)) if s is not None else "-")
        print("| %s | %s | %s | %s |" % (name, " | ".join(cells),
              " | ".join(search_paired(name, lay) for lay in two), " | ".join(bounds)))
    print("\nstart = the command's start to the search's (reading, candidate lists, first tours, "
          "MPI's start; on 2x1 mpirun's too), search = from there to the target, medians over "
          "the seeds that reached it; search speed-up = the median over seeds of 1x1's search / the layout's "
          "(what sharing the colonies over threads or ranks buys); bound = the speed-up the "
          "layout would reach with its start and a search exactly twice as fast as 1x1's")
print("\nmedian seconds to the target over the seeds (\">\": most seeds did not reach it; "
      "failed runs are left out, see OUTDIR/*.log); speed-up = 1x1's median / the layout's "
      "(issue #23's target: 1.8x); paired = the median over the seeds that reached the target "
      "on both of 1x1's time / the layout's time for the same seed (the same search on both)")
PYEOF
# Failed runs and why (the first line of each one's log).
awk -F'\t' '$1 != "" && $2 != "lkh" && $4 == "failed" { print $1 "." $2 "." $3 }' "$tsv" |
  while read -r run; do
    printf '# failed: %s: %s\n' "$run" "$(grep -m1 . "$out/$run.h5.log" 2>/dev/null || echo "no log")"
  done
