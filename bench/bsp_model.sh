#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# bench/bsp_model.sh [BUILD_DIR]: the BSP cost model of a run on a 4-socket x 24-core x 2-thread
# node (Xeon E7-8890 v4) for 192x1, 96x2, 64x3 and 32x6, from measurements here: the quiet runs
# of bench/scaling.sh (made first with STRAY=0 when OUT has none), the epoch-end exchange at 64
# colonies, and the allreduce latency l and inverse bandwidth g on 1/2/4 ranks. Prints markdown
# tables (docs/parallel.md, "The model").
#
# Environment (defaults): OUT=/tmp/antroute-scaling (shared with bench/scaling.sh), TARGET_GAP=0.2
# (percent above the optimum for "time to quality"), SMT_YIELD=0.25 (extra throughput of a core's
# second hardware thread), MODEL_COLONIES=192, TEAM_EFF (OpenMP team efficiency at 2 threads;
# default: /bsp team_efficiency of the 1x2 run, which a loaded machine understates), L3_MB=60.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$SRC/build}" && pwd)
ANTROUTE=$BUILD/antroute
export OUT=${OUT:-/tmp/antroute-scaling}
TARGET_GAP=${TARGET_GAP:-0.2}
export SMT_YIELD=${SMT_YIELD:-0.25} MODEL_COLONIES=${MODEL_COLONIES:-192} TEAM_EFF=${TEAM_EFF:-} L3_MB=${L3_MB:-60}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
MPIRUN=(mpirun --oversubscribe --bind-to none)
PY=/usr/bin/python3
ls "$OUT"/quiet-1x1-*.h5 >/dev/null 2>&1 || STRAY=0 "$SRC/bench/scaling.sh" "$BUILD"
NET=$(ls "$OUT"/*.h5 | grep -v -e quiet- -e stray- -e c64 -e rss | head -1)
echo "# antroute BSP model, $(date -u '+%Y-%m-%d %H:%M UTC'); load: $(cut -d' ' -f1-3 /proc/loadavg)"
# Peak memory of one rank (KiB), for the model's per-socket footprint.
OMP_NUM_THREADS=1 /usr/bin/time -f %M -o "$OUT/rss.txt" "$ANTROUTE" solve "$NET" -o "$OUT/rss.h5" \
  -q --no-bound -c 4 -m 8 -i 10 -e 50 >/dev/null
# The epoch-end exchange at 64 colonies (2 ranks x 1 thread, 2 epochs).
OMP_NUM_THREADS=1 "${MPIRUN[@]}" -np 2 "$ANTROUTE" solve "$NET" -o "$OUT/c64.h5" -q -c 64 -m 4 \
  --no-bound -i 100 -e 50 >/dev/null
# l and g from an allreduce micro-benchmark on 1, 2 and 4 ranks.
mpicc -O2 -o "$OUT/allreduce_bench" "$SRC/bench/allreduce_bench.c"
: >"$OUT/allreduce.txt"
for np in 1 2 4; do "${MPIRUN[@]}" -np $np "$OUT/allreduce_bench" >>"$OUT/allreduce.txt"; done

OUT=$OUT TARGET_GAP=$TARGET_GAP $PY - <<'PYEOF'
import glob, os, math, h5py
out = os.environ["OUT"]; gap = float(os.environ["TARGET_GAP"])
s = float(os.environ["SMT_YIELD"]); C = int(os.environ["MODEL_COLONIES"])
def median_run(lay):  # the quiet run of median solve seconds (bench/scaling.sh's files)
    files = sorted(glob.glob(f"{out}/quiet-{lay}-[0-9]*.h5"),
                   key=lambda p: float(h5py.File(p, "r")["run"].attrs["seconds"]))
    return files[len(files) // 2]
runfile = {lay: median_run(lay) for lay in ("1x1", "1x2", "2x1")}
rows = {}
for lay in ("1x1", "1x2", "2x1"):
    f = h5py.File(runfile[lay], "r")
    run = f["run"].attrs
    opt = int(f.attrs["optimum"])
    n = len(f["best/tour"])
    tours, secs = int(run["tours"]), float(run["seconds"])
    target = opt * (1 + gap / 100) if opt > 0 else float("inf")
    t_q = next((t for t, b in zip(f["trace/time"][()], f["trace/best"][()]) if b <= target), None)
    b = f["bsp"]
    rows[lay] = dict(R=int(lay[0]), T=int(lay[2]), tours=tours, secs=secs, n=n,
                     steps=tours * n / secs, tq=t_q, best=float(f["best/cost"][()]),
                     w=float(b["w_max"][()].sum()), wmean=float(b["w_mean"][()].sum()),
                     comm=float(b["comm"][()].sum()), sync=float(b["sync"][()].sum()),
                     ants=int(run["ants"]), colonies=int(run["colonies"]),
                     epoch_it=int(run["epoch_iterations"]), cand=int(f["run"].attrs.get("candidates", 16)))
base = rows["1x1"]
print(f"\n## Measured here ({base['n']}-node instance, {base['colonies']} colonies x {base['ants']} ants, "
      f"{int(h5py.File(runfile['1x1'])['run'].attrs['iterations'])} iterations, epochs of {base['epoch_it']})\n")
print("| ranks x threads | seconds | ant steps/s | speedup | efficiency | time to "
      f"{gap} % gap (s) | w_max (s) | w_mean (s) | comm (s) | sync (s) | best |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for lay, r in rows.items():
    sp = r["steps"] / base["steps"]
    tq = f"{r['tq']:.2f}" if r["tq"] is not None else "not reached"
    print(f"| {lay} | {r['secs']:.2f} | {r['steps']:.3g} | {sp:.2f} | {sp / (r['R'] * r['T']):.2f} | "
          f"{tq} | {r['w']:.2f} | {r['wmean']:.2f} | {r['comm']:.4f} | {r['sync']:.3f} | {r['best']:.0f} |")

c64 = h5py.File(out + "/c64.h5", "r")["bsp"]
w64, comm64, sync64 = (float(c64[k][()].sum()) for k in ("w_max", "comm", "sync"))
share64 = comm64 / (w64 + comm64 + sync64)
print(f"\nMonth-end exchange at 64 colonies (2x1, {len(c64['w_max'])} epochs): comm {comm64:.4f} s of "
      f"{w64 + comm64 + sync64:.2f} s per run = {100 * share64:.3f} % (sync {sync64:.3f} s)")

ar = {}
for line in open(out + "/allreduce.txt"):
    p = line.split()
    ar[int(p[1])] = dict(l=float(p[3]), lb=float(p[5]), g=max(float(p[7]), 0.0))
print("\n| ranks | allreduce latency l (us) | barrier (us) | g (ns/byte) |\n|---|---|---|---|")
for k, v in sorted(ar.items()):
    print(f"| {k} | {v['l'] * 1e6:.1f} | {v['lb'] * 1e6:.1f} | {v['g'] * 1e9:.2f} |")

# Model (see docs/parallel.md for the assumptions).
t_ant = base["w"] / base["tours"]                       # compute seconds per ant, one core
# Team efficiency at 2 threads: the 1x2 run's share of thread time spent inside ants (what the
# OpenMP loop loses to imbalance, scheduling, fork/join, and here to other processes' load).
e_omp2 = float(h5py.File(runfile["1x2"])["bsp"].attrs["team_efficiency"])
e_thr = min(1.0, (rows["1x2"]["steps"] / base["steps"]) / 2)  # from throughput, for comparison
if os.environ.get("TEAM_EFF"): e_omp2 = float(os.environ["TEAM_EFF"])
rss_mb = int(open(out + "/rss.txt").read().split()[-1]) / 1024
e_rank2 = min(1.0, (rows["2x1"]["steps"] / base["steps"]) / 2)
def e_omp(T):  # each doubling of the team loses what 1 -> 2 lost here
    return max(0.5, 1 - (1 - e_omp2) * math.log2(T)) if T > 1 else 1.0
l2, l4 = ar[2]["l"], ar[4]["l"]
lb2, lb4 = ar[2]["lb"], ar[4]["lb"]
g = ar[4]["g"]
def lat(R, a2, a4):  # grows with log2 of the ranks, fitted through 2 and 4 ranks
    return 0.0 if R == 1 else max(a2, a2 + (a4 - a2) * (math.log2(R) - 1))
M, K, n = base["ants"], base["epoch_it"], base["n"]
cells = n * base["cand"]
def predict(R, T, C, share=False):
    speed = (1 + s) / 2          # each of a core's two hardware threads runs at this speed
    w = math.ceil(C / R) * M * K * t_ant / (T * speed) / e_omp(T)
    comm = lat(R, l2, l4) + (lat(R, l2, l4) + 4 * n * g)        # lexmin allreduce + bcast of the tour
    if share: comm += lat(R, l2, l4) + 2 * 8 * cells * g
    sync = lat(R, lb2, lb4)
    ideal = C * M * K * t_ant / (96 * (1 + s))               # all 96 cores with SMT, no overhead
    return w, comm, sync, ideal / (w + comm + sync)
print(f"\n## Predicted on 4 sockets x 24 cores x 2 threads ({C} colonies x {M} ants, epochs of {K}; "
      f"SMT yield {s}, t_ant {t_ant * 1e3:.3f} ms, team efficiency at 2 threads {e_omp2:.3f} "
      f"(from throughput {e_thr:.2f}), "
      f"2-rank efficiency here {e_rank2:.2f}, peak memory per rank {rss_mb:.0f} MB)\n")
print("| layout | w per epoch (s) | comm h*g+l | sync l | efficiency | with sharing every epoch | "
      "search working set per socket (MB); RSS |")
print("|---|---|---|---|---|---|---|")
for R, T in ((192, 1), (96, 2), (64, 3), (32, 6)):
    w, cm, sy, eff = predict(R, T, C)
    eff_s = predict(R, T, C, True)[3]
    # Search working set per rank: eta^beta, tau + choice per colony, the instance, per-thread
    # scratch (estimated 64 bytes a node); times the ranks of a socket, against its L3.
    ws = (cells * 4 + math.ceil(C / R) * cells * 8 + n * 16 + T * n * 64) / 2**20 * R / 4
    flag = " (over L3)" if ws > float(os.environ["L3_MB"]) else ""
    print(f"| {R}x{T} | {w:.3f} | {cm * 1e6:.1f} us | {sy * 1e6:.1f} us | {eff:.3f} | {eff_s:.3f} | "
          f"{ws:.1f}{flag}; RSS {rss_mb * R / 4:.0f} |")
w, cm, sy, _ = predict(64, 3, 64)
print(f"\nPredicted epoch-end exchange share at 64 colonies on 64x3: {100 * cm / (w + cm + sy):.4f} %")
PYEOF
