#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""road_scipy.py ROADS.h5 K [time|distance]: the speed per core of scipy's Dijkstra
(scipy.sparse.csgraph.dijkstra) on the CSR arrays of a road network file (read with h5py):
full one-to-all searches from K sources spread evenly over the nodes, in this process (one
core), in calls of up to 20,000,000 / nodes sources. Prints one line: "settled_per_cpu_s SETTLED CPU_S" where SETTLED counts
the nodes each search reached and CPU_S is the process's CPU time in the searches (what a
loaded machine does not distort as much as wall time). The figure to set beside antroute's
"settled nodes per CPU second" of `import stops` on one thread (bench/roads.sh)."""
import sys
import time

import h5py
import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

path, k = sys.argv[1], int(sys.argv[2])
cost = sys.argv[3] if len(sys.argv) > 3 else "time"
with h5py.File(path, "r") as f:
    off = f["road/offsets"][...]
    heads = f["road/heads"][...]
    w = f["road/seconds" if cost == "time" else "road/metres"][...]
n = len(off) - 1
# csr_matrix sums parallel arcs; keep the cheapest of each (u, v) pair as a search would.
tails = np.repeat(np.arange(n, dtype=np.int64), np.diff(off))
order = np.lexsort((w, heads, tails))
tails, heads, w = tails[order], heads[order], w[order]
first = np.ones(len(w), dtype=bool)
first[1:] = (tails[1:] != tails[:-1]) | (heads[1:] != heads[:-1])
tails, heads, w = tails[first], heads[first], w[first]
# a zero-length arc would vanish from a sparse matrix: scipy's convention is an explicit tiny
# weight; none of the shipped or synthetic networks has one, so report it instead.
zero = int((w == 0).sum())
g = csr_matrix((w, heads, np.concatenate(([0], np.cumsum(np.bincount(tails, minlength=n))))),
               shape=(n, n))
sources = np.linspace(0, n - 1, k).astype(np.int64)
settled, cpu = 0, 0.0
chunk = max(1, 20_000_000 // max(n, 1))  # sources per call: at most 160 MB of distances
for at in range(0, k, chunk):
    t = time.process_time()
    d = dijkstra(g, directed=True, indices=sources[at:at + chunk])
    cpu += time.process_time() - t
    settled += int(np.isfinite(d).sum())
print("%.4g %d %.3f%s" % (settled / cpu if cpu > 0 else 0, settled, cpu,
                          " (%d zero-length arcs dropped)" % zero if zero else ""))
