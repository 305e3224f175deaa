#!/usr/bin/python3
"""Fabricate a small order-routing results file for the report tests.

    make_supply_results.py NETWORK.h5 OUT.h5 [--months 3] [--orders 150] [--no-input]

The routes are drawn at random (seeded) from the network's own tables (plant ports, lanes from
that port), so names resolve; the numbers only need to look like a run. The layout is the one
`antroute report` reads for order routing (docs/formats.md, "Results file: what report reads"):
/totals, /months/<label>/{plan,totals,unserved,trace,epochs,rank_seconds}, /layout, /run.
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
a = ap.parse_args()

rng = np.random.RandomState(7)
net = h5py.File(a.network, "r")
s = net["supply"]
pp_plant, pp_port = s["plant_ports/plant"][()], s["plant_ports/port"][()]
lane_orig, lane_mode = s["lanes/orig_port"][()], s["lanes/mode"][()]
lane_tpt = s["lanes/tpt_days"][()]
order_id, weight, units = s["orders/id"][()], s["orders/weight"][()], s["orders/units"][()]
cpu = s["plants/cost_per_unit"][()]

R, C, P = 2, 4, 4
reasons = np.array([b"plant capacity full on every day of the ship window",
                    b"no lane under its weight cap on any day"])
str_t = h5py.string_dtype("ascii", None)

with h5py.File(a.out, "w") as f:
    f.attrs["format"] = np.bytes_("antroute-results")
    f.attrs["format_version"] = np.int64(1)
    f.attrs["tool_version"] = np.bytes_("antroute 0.1.0 (fabricated by the report tests)")
    f.attrs["created"] = np.bytes_("2024-01-01T00:00:00Z")
    f.attrs["parameters"] = np.bytes_("[solve]\nseed = 1\ncolonies = 4\n")
    f.attrs["kind"] = np.bytes_("supply-chain")
    if not a.no_input:
        f.attrs["input"] = np.bytes_(a.network)
    f.attrs["instance"] = np.bytes_("supply_chain")
    lay = f.create_group("layout")
    lay.attrs["ranks"], lay.attrs["threads_per_rank"], lay.attrs["colonies"] = R, 2, C
    lay["colony_rank"] = np.array([0, 0, 1, 1], dtype=np.int32)
    run = f.create_group("run")
    for k, v in {"algorithm": np.bytes_("acs"), "colonies": C, "ants": 16, "alpha": 1.0,
                 "beta": 8.0, "rho": 0.1, "q0": 0.9, "seed": 1, "iterations": 600,
                 "epochs": 3 * a.months, "seconds": 12.5, "stopped_by": np.bytes_("iterations")
                 }.items():
        run.attrs[k] = v
    cols = np.bytes_("construct,update,exchange,total")
    months = f.create_group("months")
    tot = dict(warehouse=0.0, transport=0.0, penalty=0.0, time=0.0, co2=0.0, orders=0,
               served=0, unserved=0)
    all_rank_seconds = np.zeros((R, P))
    for m in range(a.months):
        label = f"2013-{5 + m:02d}"
        g = months.create_group(label)
        g.attrs["month"] = np.bytes_(label)
        rows = rng.choice(len(order_id), a.orders, replace=False)
        pick = rng.randint(len(pp_plant), size=a.orders)
        plant, port = pp_plant[pick], pp_port[pick]
        lane = np.full(a.orders, -1, dtype=np.int32)
        for k in range(a.orders):
            options = np.nonzero(lane_orig == port[k])[0]
            if len(options) and rng.rand() < 0.85:
                lane[k] = rng.choice(options)
        served = (rng.rand(a.orders) > 0.04 * (m + 1)).astype(np.int8)
        wc = np.where(served, units[rows] * cpu[plant], 0.0)
        tc = np.where(served & (lane >= 0), weight[rows] * rng.uniform(1.0, 4.0, a.orders), 0.0)
        pen = np.where(served, 0.0, 1000.0)
        tpt = np.where(lane >= 0, lane_tpt[np.maximum(lane, 0)], 0)
        time = np.where(served, tpt * weight[rows], 0.0)
        co2 = np.where(served & (lane >= 0),
                       weight[rows] / 1000 * 500 * np.where(lane_mode[np.maximum(lane, 0)] == 0,
                                                            0.6, 0.1), 0.0)
        p = g.create_group("plan")
        p["order"] = order_id[rows]
        p["plant"], p["port"], p["lane"] = plant.astype(np.int32), port.astype(np.int32), lane
        p["ship_day"] = (s["orders/date"][()][rows]).astype(np.int32)
        p["served"] = served
        p["warehouse"], p["transport"], p["penalty"], p["time"], p["co2"] = wc, tc, pen, time, co2
        t = g.create_group("totals")
        mt = dict(warehouse=wc.sum(), transport=tc.sum(), penalty=pen.sum(), time=time.sum(),
                  co2=co2.sum(), orders=a.orders, served=int(served.sum()),
                  unserved=int(a.orders - served.sum()))
        for k, v in mt.items():
            t.attrs[k] = v
            tot[k] += v
        t.attrs["cost"] = mt["warehouse"] + mt["transport"] + mt["penalty"]
        u = g.create_group("unserved")
        u["order"] = order_id[rows][served == 0]
        u["reason"] = reasons[rng.randint(2, size=int((served == 0).sum()))]
        final = t.attrs["cost"]
        it = np.array([0, 10, 40, 90, 150, 199], dtype=np.int64)
        tr = g.create_group("trace")
        tr["iteration"] = it
        tr["time"] = it * 0.02
        tr["best"] = final * (1 + np.array([0.08, 0.05, 0.02, 0.01, 0.003, 0.0]) * (1 + 0.4 * m))
        ep = g.create_group("epochs")
        ep["iteration"] = np.array([66, 133, 199], dtype=np.int64)
        cb = final * (1 + np.array([[0.03, 0.04, 0.05, 0.035], [0.01, 0.015, 0.02, 0.012],
                                    [0.0, 0.004, 0.006, 0.002]]) * (1 + 0.4 * m))
        ep["colony_best"] = cb
        ep["best"] = cb.min(axis=1)
        rs = np.array([[2.0 + m, 0.4, 0.2, 2.7 + m], [1.5 + m, 0.3, 0.7, 2.6 + m]])
        g["rank_seconds"] = rs
        g["rank_seconds"].attrs["columns"] = cols
        all_rank_seconds += rs
    t = f.create_group("totals")
    for k, v in tot.items():
        t.attrs[k] = v
    t.attrs["cost"] = tot["warehouse"] + tot["transport"] + tot["penalty"]
    t.attrs["unserved_bound"] = tot["unserved"]
    run["rank_seconds"] = all_rank_seconds
    run["rank_seconds"].attrs["columns"] = cols
