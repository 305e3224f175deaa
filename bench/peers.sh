#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/peers.sh: antroute beside the peer solvers, same instances, time and seeds.
#
#   bench/peers.sh [-t SECONDS] [-s SEEDS] [-b ANTROUTE] [-a ACOTSP] [-f FOCUSED_ACO] [-l LKH]
#                  [-P] [-d DATADIR] [-c "CORE0 CORE1"] [-o OUTDIR] [-k] [INSTANCE ...]
#                  [-- SOLVE-OPTIONS]
#
# INSTANCE is a TSPLIB name in DATADIR (default ../shared/data/tsplib) or a path to a .tsp file;
# without any, every instance of DATADIR with 1,000 to 6,000 nodes in OPTIMA.tsv. Each runs
# SEEDS times (seeds 1..SEEDS, default 3) for SECONDS (default 10 s up to 6,000 nodes, 60 s
# above) with every tool: antroute (`solve --time`), and when given (-a/-f/-l or the environment
# variables ACOTSP, FOCUSED_ACO and LKH) ACOTSP (`--mmas --localsearch 3 --ants 25 --nnants 20
# --nnls 20 --dlb 1`, its own CPU-time limit), Focused ACO (`--threads 1`; killed after SECONDS
# of its own clock, the best tour of its last progress line within SECONDS: it prints at most one
# a second, so an improvement in its last second may be missed) and LKH (RUNS = 1, its defaults
# otherwise; killed after SECONDS of wall time from its start, so that its preprocessing, the
# Held-Karp ascent, counts in the budget; the best tour it printed before: "no tour" when the
# ascent alone took longer). antroute's import stores the penalties of its alpha-nearness ascent
# in the network file (untimed, once per network, like its lower bound); -P gives LKH the same:
# an untimed LKH run per instance first writes its PI_FILE and CANDIDATE_FILE, which the timed
# runs read, so that neither tool's ascent counts. Every job has one thread; two run at a time,
# each pinned to its own core (taskset, -c, default "0 1"), the tools interleaved so that load
# hits them alike. Prints
# per instance and tool the mean, best and worst excess over the optimum of OPTIMA.tsv (over the
# best length any tool found, marked *, when the instance has none), and antroute's mean excess
# divided by the best peer's mean (< 1: ahead); `>2x` counts the seeds whose excess is above twice
# the tool's mean excess (issue #23: none). Options after `--` go to every antroute solve.
# Files go to OUTDIR (default build/peers): every run's length in OUTDIR/runs.tsv (instance, tool,
# seed, length, 0 for none); -k keeps the logs there (else they are removed).
#
# Build the peers outside the project (never copy their code here: GPL, no licence, or LKH's
# research-only licence):
#   ACOTSP: github MLopez-Ibanez/ACOTSPQAP, `make acotsp`;
#   Focused ACO: github RSkinderowicz/FocusedACO, `make` (binary `faco`);
#   LKH: github cerebis/LKH3 (or Helsgaun's LKH-3 release), `make` (binary `LKH`).
# Real figures need a quiet machine: the header and footer print the load; under load every
# tool gets less than a core (ACOTSP alone stops on CPU seconds, so load favours it).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds="" seeds=3 bin=$here/build/antroute data="" cores="0 1" keep=0 out="" lkh_stored=0
acotsp=${ACOTSP:-} faco=${FOCUSED_ACO:-} lkh=${LKH:-}
while getopts "t:s:b:a:f:l:Pd:c:o:k" opt; do
  case $opt in
  t) seconds=$OPTARG ;; s) seeds=$OPTARG ;; b) bin=$OPTARG ;; a) acotsp=$OPTARG ;;
  f) faco=$OPTARG ;; l) lkh=$OPTARG ;; d) data=$OPTARG ;; c) cores=$OPTARG ;; o) out=$OPTARG ;;
  k) keep=1 ;; P) lkh_stored=1 ;;
  *) sed -n '3,36p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
extra=() instances=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
  instances+=("$1"); shift
done
[ -n "$data" ] || data=$here/../shared/data/tsplib
optima=$data/OPTIMA.tsv
[ -x "$bin" ] || { echo "no antroute binary at $bin (build first, or give -b)"; exit 2; }
for tool in "$acotsp" "$faco" "$lkh"; do
  [ -z "$tool" ] || [ -x "$tool" ] || { echo "not an executable: $tool"; exit 2; }
done
read -r -a core <<<"$cores"
[ ${#core[@]} -eq 2 ] || { echo "-c needs two cores, e.g. \"0 1\""; exit 2; }
if [ ${#instances[@]} -eq 0 ]; then
  [ -e "$optima" ] || { echo "no $optima: name the instances"; exit 2; }
  mapfile -t instances < <(awk -F'\t' 'NR > 1 && $2 >= 1000 && $2 <= 6000 { print $1 }' "$optima" |
    while read -r name; do [ -e "$data/$name.tsp" ] && echo "$name"; done)
fi
[ -n "$out" ] || out=$here/build/peers
mkdir -p "$out"
tmp=$(mktemp -d "$(cd "$out" && pwd)/peers.XXXXXX")
if [ "$keep" = 1 ]; then echo "# logs in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
export OMP_NUM_THREADS=1

# The instances: their file, size, optimum (empty if unknown) and time per trial.
declare -A file size optimum budget
names=()
for arg in "${instances[@]}"; do
  if [ -e "$arg" ]; then path=$arg name=$(basename "$arg" .tsp); else path=$data/$arg.tsp name=$arg; fi
  if [ ! -e "$path" ]; then echo "# $arg: no such instance in $data, skipped"; continue; fi
  "$bin" import tsplib "$path" -o "$tmp/$name.h5" >/dev/null
  names+=("$name")
  file[$name]=$path
  size[$name]=$(h5dump -a /tour/n -y -O /dev/null "$tmp/$name.h5" 2>/dev/null | tr -dc '0-9')
  optimum[$name]=$([ -e "$optima" ] && awk -F'\t' -v n="$name" '$1 == n { print $4 }' "$optima")
  budget[$name]=${seconds:-$([ "${size[$name]}" -le 6000 ] && echo 10 || echo 60)}
done
[ ${#names[@]} -gt 0 ] || { echo "no instance to run"; exit 2; }

# One job per (instance, seed, tool), tools interleaved; each prints "instance tool seed length".
tools=(antroute)
[ -z "$acotsp" ] || tools+=(acotsp)
[ -z "$faco" ] || tools+=(faco)
[ -z "$lkh" ] || tools+=(lkh)
jobs=$tmp/jobs
: >"$jobs"
for name in "${names[@]}"; do
  for s in $(seq 1 "$seeds"); do
    for tool in "${tools[@]}"; do echo "$name $tool $s" >>"$jobs"; done
  done
done

run_antroute() { # core name seed log
  taskset -c "$1" "$bin" solve "$tmp/$2.h5" -o "$4.h5" --time "${budget[$2]}" --seed "$3" -q \
    "${extra[@]}" >"$4" 2>&1
  h5dump -d /best/cost -y -O /dev/null "$4.h5" | tr -dc '0-9'
}

run_acotsp() { # core name seed log
  (cd "$tmp" && taskset -c "$1" "$acotsp" -i "${file[$2]}" --mmas --localsearch 3 --ants 25 \
    --nnants 20 --nnls 20 --dlb 1 --time "${budget[$2]}" --tries 1 --seed "$3" --quiet) >"$4" 2>&1
  sed -n 's/^try 0, Best \([0-9]*\),.*/\1/p' "$4"
}

# Focused ACO has no time limit: run it for 10^6 iterations (it reserves its traces for them) and stop it once its own clock
# (which starts after its candidate lists and first tour) passes the budget.
run_faco() { # core name seed log
  local t=${budget[$2]} pid
  mkdir -p "$4.d"
  (cd "$4.d" && exec stdbuf -oL taskset -c "$1" "$faco" -p "${file[$2]}" --threads 1 \
    --seed "$3" -i 1000000 --picture 0 --results-dir "$4.d") >"$4" 2>&1 &
  pid=$!
  until ! kill -0 "$pid" 2>/dev/null || grep -qs '^initial sol cost' "$4"; do sleep 0.2; done
  sleep "$t.9"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  awk -v t="$t" '/^best sol cost: \[/ {
      s = $5; gsub(/[s\]]/, "", s); if (s + 0 <= t) c = $6 }
    /^initial sol cost:/ { if (c == "") c = $4 }
    END { printf "%d", c }' "$4"
}

# LKH: its own time limit counts from after its preprocessing, so it is killed after SECONDS of
# wall time from its start instead; the best tour it printed by then counts (0: none yet).
run_lkh() { # core name seed log
  local t=${budget[$2]} pid
  printf 'PROBLEM_FILE = %s\nRUNS = 1\nSEED = %s\nMAX_TRIALS = 1000000000\nTIME_LIMIT = %s\nTRACE_LEVEL = 1\n' \
    "${file[$2]}" "$3" "$t" >"$4.par"
  [ "$lkh_stored" = 0 ] || lkh_files "$2" >>"$4.par"
  taskset -c "$1" "$lkh" "$4.par" >"$4" 2>&1 &
  pid=$!
  sleep "$t"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  awk '/^\* [0-9]+: Cost = / { c = $5; sub(",", "", c) } END { printf "%d", c }' "$4"
}

# -P: LKH's stored preprocessing of an instance (written by lkh_prepare, read by the timed runs).
lkh_files() { printf 'PI_FILE = %s\nCANDIDATE_FILE = %s\n' "$tmp/$1.lkh.pi" "$tmp/$1.lkh.cand"; }
lkh_prepare() { # name: one untimed trial that writes the files
  { printf 'PROBLEM_FILE = %s\nRUNS = 1\nMAX_TRIALS = 1\nTRACE_LEVEL = 0\n' "${file[$1]}"
    lkh_files "$1"; } >"$tmp/$1.lkh.par"
  taskset -c "${core[0]}" "$lkh" "$tmp/$1.lkh.par" >"$tmp/$1.lkh.log" 2>&1 ||
    { echo "LKH could not prepare $1: $(tail -n 2 "$tmp/$1.lkh.log")"; exit 2; }
}

worker() { # slot
  local i=0 name tool s len
  while read -r name tool s; do
    if [ $((i % 2)) -eq "$1" ]; then
      len=$("run_$tool" "${core[$1]}" "$name" "$s" "$tmp/log.$name.$tool.$s" </dev/null)
      echo "$name $tool $s ${len:-0}" >>"$tmp/results.$1"
    fi
    i=$((i + 1))
  done <"$jobs"
}

if [ -n "$lkh" ] && [ "$lkh_stored" = 1 ]; then
  for name in "${names[@]}"; do lkh_prepare "$name"; done
fi
printf '# %s; %s seeds; one thread per job, two jobs at a time on cores %s\n' \
  "$("$bin" --version | head -n 1)" "$seeds" "$cores"
printf '# load before: %s\n' "$(uptime)"
printf '# ACOTSP: %s\n# Focused ACO: %s\n# LKH: %s%s\n' "${acotsp:-not given}" \
  "${faco:-not given}" "${lkh:-not given}" \
  "$([ "$lkh_stored" = 1 ] && echo ' (-P: its penalties and candidates stored, untimed)')"
[ ${#extra[@]} -eq 0 ] || printf '# antroute options: %s\n' "${extra[*]}"
: >"$tmp/results.0"
: >"$tmp/results.1"
worker 0 &
worker 1 &
wait
printf '# load after: %s\n' "$(uptime)"
sort -k1,1 -k2,2 -k3,3n "$tmp/results.0" "$tmp/results.1" | tr ' ' '\t' >"$out/runs.tsv"

printf '%-10s %6s %5s %-9s %9s %9s %9s %3s %s\n' instance n s tool mean% best% worst% '>2x' \
  "antroute/best peer"
for name in "${names[@]}"; do
  cat "$tmp/results.0" "$tmp/results.1" | awk -v name="$name" -v n="${size[$name]}" \
    -v opt="${optimum[$name]}" -v t="${budget[$name]}" -v order="${tools[*]}" '
    $1 == name { len[$2] = len[$2] " " $4; if (ref == "" || ($4 > 0 && $4 < ref)) ref = $4 }
    END {
      mark = ""
      if (opt == "") { opt = ref; mark = "*" }
      k = split(order, tool, " ")
      for (i = 1; i <= k; i++) {
        m = split(len[tool[i]], l, " "); sum = 0; best = -1; worst = -1; bad = 0
        for (j = 1; j <= m; j++) {
          if (l[j] <= 0) { bad = 1; continue }
          sum += l[j]; if (best < 0 || l[j] < best) best = l[j]; if (l[j] > worst) worst = l[j]
        }
        if (m == 0 || bad) {
          mean[i] = -1; row = sprintf("%9s", tool[i] == "lkh" ? "no tour" : "failed")
        } else {
          mean[i] = 100 * (sum / m - opt) / opt
          above = 0 # seeds above twice the mean excess (in lengths: no rounding of the %)
          for (j = 1; j <= m; j++) if (l[j] - opt > 2 * (sum / m - opt)) above++
          row = sprintf("%8.3f%s %8.3f%s %8.3f%s %3d", mean[i], mark, 100 * (best - opt) / opt, mark,
                        100 * (worst - opt) / opt, mark, above)
        }
        line[i] = sprintf("%-10s %6d %5d %-9s %s", name, n, t, tool[i], row)
      }
      peer = -1
      for (i = 2; i <= k; i++) if (mean[i] >= 0 && (peer < 0 || mean[i] < peer)) peer = mean[i]
      for (i = 1; i <= k; i++) {
        ratio = ""
        if (i == 1 && peer > 0 && mean[1] >= 0) ratio = sprintf(" %.2f", mean[1] / peer)
        if (i == 1 && peer == 0 && mean[1] >= 0) ratio = mean[1] == 0 ? " 1.00" : " inf"
        print line[i] ratio
      }
    }'
done
