#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""tour_check.py NETWORK.h5 RESULTS.h5: recomputes the length of /best/tour from the network file
with TSPLIB's distance rules, independently of antroute's C code, and compares it with /best/cost.
Prints the length; exits 1 on any mismatch (not a permutation, wrong length)."""
import math
import sys

import h5py


def nint(x):
    return int(x + 0.5)


def dist(metric, xy, w, i, j):
    if metric == "EXPLICIT":
        return int(w[i][j])
    dx, dy = xy[i][0] - xy[j][0], xy[i][1] - xy[j][1]
    if metric == "EUC_2D":
        return nint(math.sqrt(dx * dx + dy * dy))
    if metric == "CEIL_2D":
        return int(math.ceil(math.sqrt(dx * dx + dy * dy)))
    if metric == "ATT":
        r = math.sqrt((dx * dx + dy * dy) / 10.0)
        t = nint(r)
        return t + 1 if t < r else t
    if metric == "GEO":
        def rad(v):
            deg = int(v)
            return 3.141592 * (deg + 5.0 * (v - deg) / 3.0) / 180.0
        if i == j:
            return 0
        la, lo = rad(xy[i][0]), rad(xy[i][1])
        lb, lob = rad(xy[j][0]), rad(xy[j][1])
        q1, q2, q3 = math.cos(lo - lob), math.cos(la - lb), math.cos(la + lb)
        return int(6378.388 * math.acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1.0)
    raise SystemExit("unknown metric " + metric)


def main():
    net, res = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
    g = net["tour"]
    n = int(g.attrs["n"])
    metric = g.attrs["metric"]
    metric = metric.decode() if isinstance(metric, bytes) else str(metric)
    xy = g["coords"][...].tolist() if "coords" in g else None
    w = g["weights"][...].tolist() if "weights" in g else None
    tour = [int(v) for v in res["best/tour"][...]]
    cost = int(res["best/cost"][()])
    if sorted(tour) != list(range(n)):
        print("not a permutation of 0..%d" % (n - 1))
        return 1
    length = sum(dist(metric, xy, w, tour[k], tour[(k + 1) % n]) for k in range(n))
    print(length)
    if length != cost:
        print("recomputed %d != /best/cost %d" % (length, cost))
        return 1
    return 0


sys.exit(main())
