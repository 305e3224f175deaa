#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Fabricate a small order-routing results file for the report tests.

    make_supply_results.py NETWORK.h5 OUT.h5 [--months 3] [--orders 150] [--no-input] [--no-bsp]

The layout is that of `antroute solve` on a supply-chain network (io/supply/h5res_supply.h: /codes,
/plan, /unserved, /months with one row per month and /months/YYYY-MM/trace, /totals, /layout),
with the routes drawn at random (seeded) from the network's own tables (plant ports, lanes from
that port), so every name resolves. Unless --no-bsp, it adds BSP timings the way the report
reads them when a solver records them (/run/rank_seconds [R][4] with a `columns` attribute, and
/months/YYYY-MM/rank_seconds), to exercise those pictures.
"""
import argparse

import h5py
import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument("network")
ap.add_argument("out")
ap.add_argument("--months", type=int, default=3)
ap.add_argument("--orders", type=int, default=150)
ap.add_argument("--no-input", action="store_true", help="leave out the root 'input' attribute")
ap.add_argument("--no-bsp", action="store_true", help="leave out the BSP timings")
a = ap.parse_args()

rng = np.random.RandomState(7)
net = h5py.File(a.network, "r")
s = net["supply"]
pp_plant, pp_port = s["plant_ports/plant"][()], s["plant_ports/port"][()]
lane_orig, lane_mode = s["lanes/orig_port"][()], s["lanes/mode"][()]
lane_carrier, lane_tpt = s["lanes/carrier"][()], s["lanes/tpt_days"][()]
order_id, weight, units = s["orders/id"][()], s["orders/weight"][()], s["orders/units"][()]
order_date, order_service = s["orders/date"][()], s["orders/service_level"][()]
cpu = s["plants/cost_per_unit"][()]
REASONS = ("0 served, 1 no route, 2 plant capacity, 3 lane weight cap, 4 not chosen (it fits, the "
           "goals leave it out)")
R, C = 2, 4
PENALTY = 1000.0

M, N = a.months, a.orders
rows = rng.choice(len(order_id), M * N, replace=False)
month = np.repeat(np.arange(M, dtype=np.int32), N)
pick = rng.randint(len(pp_plant), size=M * N)
plant, port = pp_plant[pick].astype(np.int32), pp_port[pick].astype(np.int32)
lane = np.full(M * N, -1, dtype=np.int32)
for k in range(M * N):
    options = np.nonzero(lane_orig == port[k])[0]
    if len(options) and rng.rand() < 0.85:
        lane[k] = rng.choice(options)
served = (rng.rand(M * N) > 0.04 * (month + 1)).astype(np.int8)
reason = np.where(served, 0, rng.choice([2, 3], size=M * N)).astype(np.int8)
plant[served == 0], port[served == 0], lane[served == 0] = -1, -1, -1
has_lane = lane >= 0
carrier = np.where(has_lane, lane_carrier[np.maximum(lane, 0)], -1).astype(np.int32)
mode = np.where(has_lane, lane_mode[np.maximum(lane, 0)], -1).astype(np.int8)
tpt = np.where(has_lane, lane_tpt[np.maximum(lane, 0)], -1).astype(np.int32)
wc = np.where(served, units[rows] * cpu[np.maximum(plant, 0)], 0.0)
tc = np.where(has_lane, weight[rows] * rng.uniform(1.0, 4.0, M * N), 0.0)
time = np.where(has_lane, tpt * weight[rows], 0.0)
co2 = np.where(has_lane, weight[rows] / 1000 * 2000 * np.where(mode == 0, 0.498, 0.124), 0.0)

with h5py.File(a.out, "w") as f:
    f.attrs["format"] = np.bytes_("antroute-results")
    f.attrs["format_version"] = np.int64(1)
    f.attrs["tool_version"] = np.bytes_("antroute 0.1.0 (fabricated by the report tests)")
    f.attrs["created"] = np.bytes_("2024-01-01T00:00:00Z")
    f.attrs["parameters"] = np.bytes_("[solve]\noutput = x.h5\nseed = 1\ncolonies = 4\n"
                                      "goal-order = unserved,weighted\nunserved-penalty = 1000\n")
    f.attrs["kind"] = np.bytes_("supply-chain")
    if not a.no_input:
        f.attrs["input"] = np.bytes_(a.network)
    f.attrs["instance"] = np.bytes_("supply_chain")
    codes = f.create_group("codes")
    for name in ("plants", "ports", "carriers"):
        codes[name] = s[f"{name}/code"][()]
    p = f.create_group("plan")
    p.attrs["reason_codes"] = np.bytes_(REASONS)
    for name, v in (("order_id", order_id[rows]), ("month", month), ("served", served),
                    ("plant", plant), ("port", port), ("lane", lane), ("carrier", carrier),
                    ("service", order_service[rows].astype(np.int8)), ("mode", mode),
                    ("tpt_days", tpt),
                    ("ship_day", np.where(served, order_date[rows], -1).astype(np.int32)),
                    ("wc", wc), ("tc", tc), ("time", time), ("co2", co2), ("reason", reason)):
        p[name] = v
    p["reason"].attrs["description"] = np.bytes_(REASONS)
    u = f.create_group("unserved")
    u["order_id"], u["month"], u["reason"] = (order_id[rows][served == 0], month[served == 0],
                                             reason[served == 0])
    u["reason"].attrs["description"] = np.bytes_(REASONS)

    g = f.create_group("months")
    cols = {k: [] for k in ("year", "month", "orders", "min_unserved", "served", "unserved", "wc",
                            "tc", "time", "co2", "penalty", "cost", "lower_wc", "lower_cost",
                            "lower_served_cost", "iterations", "epochs", "seconds")}
    all_rank_seconds = np.zeros((R, 4))
    for m in range(M):
        sel = month == m
        label = f"2013-{5 + m:02d}"
        unserved = int((served[sel] == 0).sum())
        row = dict(year=2013, month=5 + m, orders=N, min_unserved=unserved - (m == 2),
                   served=int(served[sel].sum()), unserved=unserved, wc=wc[sel].sum(),
                   tc=tc[sel].sum(), time=time[sel].sum(), co2=co2[sel].sum(),
                   penalty=PENALTY * unserved, lower_wc=0.97 * wc[sel].sum(),
                   lower_cost=0.97 * (wc[sel].sum() + tc[sel].sum()),
                   lower_served_cost=0.99 * (wc[sel].sum() + tc[sel].sum()), iterations=200,
                   epochs=10, seconds=2.5 + m)
        row["cost"] = row["wc"] + row["tc"] + row["penalty"]
        for k, v in row.items():
            cols[k].append(v)
        tr = g.create_group(f"{label}/trace")
        it = np.array([0, 10, 40, 90, 150, 199], dtype=np.int64)
        tr["iteration"], tr["time"] = it, it * 0.0125
        tr["key0"] = unserved + np.array([9, 5, 2, 1, 0, 0]) * (m + 1)
        tr["key1"] = row["cost"] * (1 + np.array([0.08, 0.05, 0.02, 0.01, 0.003, 0.0]) * (1 + m))
        if not a.no_bsp:
            rs = np.array([[1.6 + m, 0.4, 0.2, 2.3 + m], [1.2 + m, 0.3, 0.7, 2.3 + m]])
            g[f"{label}/rank_seconds"] = rs
            g[f"{label}/rank_seconds"].attrs["columns"] = np.bytes_("construct,update,exchange,total")
            all_rank_seconds += rs
    for k, v in cols.items():
        g[k] = np.array(v, dtype=np.float64 if isinstance(v[0], float) else np.int64)

    t = f.create_group("totals")
    for k in ("served", "unserved", "min_unserved"):
        t.attrs[k] = np.int64(sum(cols[k]))
    for k in ("wc", "tc", "penalty", "cost", "time", "co2"):
        t.attrs[k] = float(sum(cols[k]))
    t.attrs["goal_order"] = np.bytes_("unserved,weighted")
    t.attrs["goal1"], t.attrs["goal2"] = float(sum(cols["unserved"])), float(sum(cols["cost"]))

    lay = f.create_group("layout")
    lay.attrs["ranks"], lay.attrs["threads_per_rank"], lay.attrs["colonies"] = R, 2, C
    if not a.no_bsp:
        run = f.create_group("run")
        run["rank_seconds"] = all_rank_seconds
        run["rank_seconds"].attrs["columns"] = np.bytes_("construct,update,exchange,total")
