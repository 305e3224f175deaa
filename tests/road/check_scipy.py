#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""check_scipy.py ROADS.h5 STOPS.h5 COSTS.txt PATHS.txt [--expect-asymmetric]

The independent check of the road costs (issue #22): scipy.sparse.csgraph.dijkstra on the CSR
arrays of the road file, read with h5py, against what antroute computed.

- every exact cost (COSTS.txt, from road_legs_check) equals scipy's distance (1e-9 relative);
- every stored weight (/tour/weights) is scipy's distance rounded to the nearest integer (either
  neighbour when scipy's value is within 1e-6 of a half);
- every leg path (PATHS.txt) starts and ends at the stops' nodes, each step is an arc of the road
  file, and its total (cheapest arc of each step) equals scipy's distance;
- with --expect-asymmetric: some costs differ by direction, and for each such pair among the
  first 30 stops, one of the two scipy shortest paths uses an arc without a reverse arc (a
  one-way street): asymmetry comes from one-way streets and from nothing else.
Prints one line per check and exits 1 on the first failing one.
"""
import sys

import h5py
import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra


def fail(msg):
    print("FAILED: " + msg)
    sys.exit(1)


def main():
    roads, stops, costs_txt, paths_txt = sys.argv[1:5]
    expect_asym = "--expect-asymmetric" in sys.argv[5:]
    with h5py.File(roads, "r") as f:
        off = f["road/offsets"][...]
        heads = f["road/heads"][...].astype(np.int64)
        metres = f["road/metres"][...]
        seconds = f["road/seconds"][...]
    with h5py.File(stops, "r") as f:
        weights = f["tour/weights"][...].astype(np.int64)
        node = f["road/stop_node"][...].astype(np.int64)
        cost = f["road"].attrs["cost"]
        cost = cost.decode() if isinstance(cost, bytes) else str(cost)
    n_nodes = len(off) - 1
    w = seconds if cost == "time" else metres
    tails = np.repeat(np.arange(n_nodes), np.diff(off))
    # Parallel arcs: scipy would add them up; keep the cheapest of each (tail, head).
    order = np.lexsort((w, heads, tails))
    t, h, ww = tails[order], heads[order], w[order]
    first = np.ones(len(t), bool)
    first[1:] = (t[1:] != t[:-1]) | (h[1:] != h[:-1])
    t, h, ww = t[first], h[first], ww[first]
    # Zero-length arcs (repeated OSM nodes) would vanish from a sparse matrix: keep them as a
    # weight far below any rounding.
    ww = np.where(ww == 0, 1e-300, ww)
    graph = csr_matrix((ww, (t, h)), shape=(n_nodes, n_nodes))
    uniq, inverse = np.unique(node, return_inverse=True)
    dist_u, pred_u = dijkstra(graph, directed=True, indices=uniq, return_predecessors=True)
    dist = dist_u[inverse][:, node]
    n = len(node)
    print("scipy: %d sources on %d nodes, %d arcs (%d after merging parallel arcs)" %
          (n, n_nodes, len(heads), len(t)))
    if not np.all(np.isfinite(dist)):
        fail("scipy finds a stop that cannot reach another")

    exact = np.loadtxt(costs_txt, ndmin=2)
    if exact.shape != (n, n):
        fail("COSTS.txt has shape %s, expected %d x %d" % (exact.shape, n, n))
    err = np.abs(exact - dist) / np.maximum(1.0, dist)
    if err.max() > 1e-9:
        i, j = np.unravel_index(np.argmax(err), err.shape)
        fail("cost %d -> %d: antroute %.17g, scipy %.17g" % (i, j, exact[i, j], dist[i, j]))
    print("ok: all %d exact costs equal scipy's (largest relative difference %.3g)" %
          (n * n, err.max()))

    rounded = np.floor(dist + 0.5)
    near_half = np.abs(dist - np.floor(dist) - 0.5) < 1e-6
    bad = (weights != rounded) & ~(near_half & (np.abs(weights - dist) <= 0.5 + 1e-6))
    if bad.any():
        i, j = np.argwhere(bad)[0]
        fail("weight %d -> %d is %d, scipy's cost %.6f rounds to %d" %
             (i, j, weights[i, j], dist[i, j], rounded[i, j]))
    print("ok: all %d stored weights are scipy's costs rounded" % (n * n))

    arc_cost = {}
    for a, b, c in zip(t.tolist(), h.tolist(), ww.tolist()):
        arc_cost[(a, b)] = c
    legs = 0
    with open(paths_txt) as f:
        for line in f:
            v = [int(x) for x in line.split()]
            i, j, k, path = v[0], v[1], v[2], v[3:]
            if len(path) != k or path[0] != node[i] or path[-1] != node[j]:
                fail("leg %d -> %d: the path does not join the stops' nodes" % (i, j))
            total = 0.0
            for a, b in zip(path[:-1], path[1:]):
                if (a, b) not in arc_cost:
                    fail("leg %d -> %d: step %d -> %d is not an arc" % (i, j, a, b))
                total += arc_cost[(a, b)]
            if abs(total - dist[i, j]) > 1e-9 * max(1.0, dist[i, j]):
                fail("leg %d -> %d: path total %.17g, scipy %.17g" % (i, j, total, dist[i, j]))
            legs += 1
    print("ok: %d leg paths are chains of arcs between the stops' nodes, totals equal scipy's" %
          legs)

    asym = weights != weights.T
    print("asymmetric pairs: %d of %d" % (int(asym.sum()) // 2, n * (n - 1) // 2))
    if expect_asym:
        if not asym.any():
            fail("no cost differs by direction, though the network has one-way streets")
        check_one_way(t, h, pred_u, inverse, node, asym)


def check_one_way(t, h, pred_u, inverse, node, asym):
    arcs = set(zip(t.tolist(), h.tolist()))

    def path(i, j):
        p, v, row = [], node[j], inverse[i]
        while v != node[i]:
            u = pred_u[row, v]
            p.append((int(u), int(v)))
            v = u
        return p

    checked = 0
    m = min(30, len(node))
    for i in range(m):
        for j in range(m):
            if i < j and asym[i, j]:
                steps = path(i, j) + path(j, i)
                if all((b, a) in arcs for a, b in steps):
                    fail("%d <-> %d differ but both paths use only two-way arcs" % (i, j))
                checked += 1
    print("ok: %d asymmetric pairs checked: each has a one-way arc on one of its paths" % checked)


main()
