#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# /bsp datasets of solve (w_max >= w_mean > 0, one rank_w and rank_sync column per rank, epochs
# rows, imbalance, a team efficiency in (0, 1], the ants the ranks built for each other, all
# returned), the end-of-run table naming the slowest rank,
# what uneven colony blocks cost (3 colonies on 2 ranks), the wait for a paced rank booked as wait
# (not checkpoint), --timers no writes no /bsp,
# --report-binding prints the table, --bind runs (with its words and their old aliases), and the
# sharing options are refused when out of range.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NET="$AR_TMP/b52.h5"
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o "$NET" >/dev/null 2>&1 \
  || { fail "import"; finish; }
PY=/usr/bin/python3
OMP_NUM_THREADS=1 ar_mpirun 2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/r.h5" -c 4 -i 60 -e 10 \
  --share-every 2 --report-binding >"$AR_TMP/r.out" 2>&1 || fail "solve 2x1: $(tail -3 "$AR_TMP/r.out")"
grep -q "^binding report: 2 ranks" "$AR_TMP/r.out" && grep -Eq "^ +rank +host +thread" "$AR_TMP/r.out" \
  && pass "--report-binding prints the table" || fail "no binding table: $(head -5 "$AR_TMP/r.out")"
grep -Eq "^BSP over 6 epochs: .*slowest rank [01] " "$AR_TMP/r.out" \
  && pass "end table names the slowest rank" || fail "no BSP line: $(tail -3 "$AR_TMP/r.out")"
if $PY -c "import h5py" 2>/dev/null; then
  msg=$($PY - "$AR_TMP/r.h5" <<'PYEOF'
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
b = f["bsp"]
E = len(f["epochs/iteration"])
wmax, wmean, rw = b["w_max"][()], b["w_mean"][()], b["rank_w"][()]
errs = []
if wmax.shape != (E,): errs.append(f"w_max shape {wmax.shape}, {E} epochs")
if rw.shape != (E, 2): errs.append(f"rank_w shape {rw.shape}")
if not (wmean > 0).all(): errs.append("w_mean not > 0")
if not (wmax >= wmean).all(): errs.append("w_max < w_mean")
if not np.allclose(wmax, rw.max(axis=1)): errs.append("w_max != max of rank_w")
for k in ("comm", "sync", "io"):
    if b[k].shape != (E,) or (b[k][()] < 0).any(): errs.append(k)
if b["rank_timers"].shape != (2, 7): errs.append("rank_timers shape")
pa = b["rank_pool_ants"][()]  # per rank: ants built for the other's colonies, and by it
if pa.shape != (2, 2) or (pa < 0).any(): errs.append(f"rank_pool_ants {pa.tolist()}")
elif pa[:, 0].sum() != pa[:, 1].sum(): errs.append(f"rank_pool_ants: lent and returned differ {pa.tolist()}")
rs, imb = b["rank_sync"][()], b["imbalance"][()]
if rs.shape != (E, 2) or (rs < 0).any(): errs.append(f"rank_sync shape {rs.shape}")
elif not np.allclose(b["sync"][()], rs.max(axis=1)): errs.append("sync != max of rank_sync")
if not np.allclose(imb, wmax / wmean - 1): errs.append("imbalance != w_max / w_mean - 1")
if not np.isclose(b.attrs["imbalance"], wmax.sum() / wmean.sum() - 1): errs.append("imbalance attribute")
if b.attrs["colonies"] != 4 or b.attrs["block_imbalance"] != 0: errs.append("4 colonies on 2 ranks: blocks not even")
if b.attrs["ranks"] != 2 or b.attrs["slowest_rank"] not in (0, 1): errs.append("attributes")
if b["rank_timers"][:, 4].min() <= 0: errs.append("share timer 0 with sharing on")
if not 0 < b.attrs["team_efficiency"] <= 1 + 1e-9: errs.append(f"team_efficiency {b.attrs['team_efficiency']}")
es = f["epochs/rank_seconds"]
if es.shape != (E, 2, 4) or es.attrs["columns"] not in (b"compute,communication,sync,io", "compute,communication,sync,io"): errs.append("epochs/rank_seconds")
elif not np.allclose(es[:, :, 0], rw): errs.append("epochs/rank_seconds compute != rank_w")
print("; ".join(errs))
PYEOF
)
  [ -z "$msg" ] && pass "/bsp datasets sane" || fail "/bsp: $msg"
else
  echo "note: no h5py, /bsp values not checked"
fi
h5dump -n "$AR_TMP/r.h5" 2>/dev/null | grep -q "/bsp/rank_w" && pass "/bsp/rank_w present" \
  || fail "/bsp/rank_w missing"
# 3 colonies over 2 ranks: the cost of the uneven blocks is recorded and the remedy printed.
OMP_NUM_THREADS=1 ar_mpirun 2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/u.h5" -c 3 -i 20 -e 10 \
  >"$AR_TMP/u.out" 2>&1 || fail "solve 3 colonies on 2x1: $(tail -3 "$AR_TMP/u.out")"
grep -q "colonies: 3 over 2 ranks in blocks of 2 and 1: .* 33 % longer .*--colonies 2 or 4" \
  "$AR_TMP/u.out" && pass "uneven colony blocks: $(grep '^colonies:' "$AR_TMP/u.out" | cut -c1-90)..." \
  || fail "no line on uneven colonies: $(tail -4 "$AR_TMP/u.out")"
block=$(h5dump -a /bsp/block_imbalance -y -O /dev/null "$AR_TMP/u.h5" 2>/dev/null | tr -d ' \n')
[ "${block:0:6}" = "0.3333" ] && pass "/bsp block_imbalance $block" || fail "block_imbalance '$block'"
grep -q "^waiting for other ranks: longest rank [01], " "$AR_TMP/u.out" \
  && pass "the rank that waited longest is named" || fail "no waiting line: $(tail -3 "$AR_TMP/u.out")"
# One rank paced (a sleep per iteration, the test hook): the other waits for it inside the epoch
# (where the plan agreed a segment ahead completes, every 0.5 s) and at its end, and that wait is
# booked as wait, not as the boundary hooks' checkpoint time.
OMP_NUM_THREADS=1 ar_mpirun 1 "$ANTROUTE" solve "$NET" -o "$AR_TMP/p.h5" -c 2 -i 60 -e 60 -q : \
  -np 1 env ANTROUTE_TEST_PACE_MS=20 "$ANTROUTE" solve "$NET" -o "$AR_TMP/p.h5" -c 2 -i 60 -e 60 \
  -q >"$AR_TMP/p.out" 2>&1 || fail "solve 2x1 with rank 1 paced: $(tail -3 "$AR_TMP/p.out")"
if $PY -c "import h5py" 2>/dev/null; then
  msg=$($PY - "$AR_TMP/p.h5" <<'PYEOF'
import sys, h5py
b = h5py.File(sys.argv[1], "r")["bsp"]
t, rs, rw = b["rank_timers"][()], b["rank_sync"][()], b["rank_w"][()]
wait0, ckpt0 = rs[:, 0].sum(), t[0, 5]
w0, w1 = rw[:, 0].sum(), rw[:, 1].sum()
# rank 1 sleeps 60 x 20 ms: rank 0 waits about 1.2 s plus rank 1's compute less its own (a
# neighbour that slows rank 0's compute shortens its wait: a suite's once left 0.46 s); its
# hooks take microseconds
expected = 1.2 + w1 - w0
if not (wait0 > 0.5 * expected and wait0 > 0 and ckpt0 < 0.25 * wait0
        and abs(t[0, 6] - wait0) < 1e-6):
    print(f"rank 0 waited {wait0:.3f} s (timer {t[0, 6]:.3f}) of about {expected:.3f} s "
          f"(compute: rank 0 {w0:.3f} s, rank 1 {w1:.3f} s), checkpoint {ckpt0:.3f} s")
PYEOF
)
  [ -z "$msg" ] && pass "the wait for a paced rank is booked as wait, not checkpoint" \
    || fail "paced rank: $msg"
fi
OMP_NUM_THREADS=1 "$ANTROUTE" solve "$NET" -o "$AR_TMP/off.h5" -i 20 --timers no -q \
  >"$AR_TMP/off.out" 2>&1 || fail "--timers no failed"
h5dump -n "$AR_TMP/off.h5" 2>/dev/null | grep -q "/bsp" && fail "--timers no wrote /bsp" \
  || pass "--timers no: no /bsp"
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/bind.h5" -i 20 --bind auto -q \
  >"$AR_TMP/bind.out" 2>&1 && pass "--bind auto runs" || fail "--bind auto: $(cat "$AR_TMP/bind.out")"
# The words of --bind are those of advise (Slurm's --cpu-bind, OMP_PLACES); the old core and pu
# still work and are recorded under the new names.
for word in cores threads core pu; do
  OMP_NUM_THREADS=2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/bind-$word.h5" -i 5 --bind $word -q \
    >"$AR_TMP/bind.out" 2>&1 && pass "--bind $word runs" || fail "--bind $word: $(cat "$AR_TMP/bind.out")"
done
h5dump -a /parameters "$AR_TMP/bind-pu.h5" 2>/dev/null | grep -q "bind = threads" \
  && pass "--bind pu is recorded as bind = threads" \
  || fail "parameters of --bind pu: $(h5dump -a /parameters "$AR_TMP/bind-pu.h5" 2>&1 | grep bind)"
expect_error 2 "option --bind: 'sockets' is not one of none\|auto\|cores\|threads$" "$AR_TMP/x.h5" -- \
  "$ANTROUTE" solve "$NET" -o "$AR_TMP/x.h5" -i 5 --bind sockets
expect_error 2 "share-every" "$AR_TMP/x.h5" -- "$ANTROUTE" solve "$NET" -o "$AR_TMP/x.h5" -i 5 \
  --share-every -1
finish
