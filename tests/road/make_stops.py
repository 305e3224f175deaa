#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""make_stops.py ROADS.h5 N SEED OUT.csv [JITTER_DEG]: N stops at real road locations of a road
network file: a seeded random sample of its nodes (without repeats), each moved by up to
JITTER_DEG (default 1.5e-4, ~15 m) in latitude and longitude, as geocoded addresses would be.
Columns id,lat,lon,name (name: the node's source id)."""
import sys

import h5py
import numpy as np

roads, n, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
jitter = float(sys.argv[5]) if len(sys.argv) > 5 else 1.5e-4
with h5py.File(roads, "r") as f:
    lat, lon, ids = f["road/lat"][...], f["road/lon"][...], f["road/node_id"][...]
rng = np.random.default_rng(seed)
pick = rng.choice(len(lat), size=n, replace=False)
with open(out, "w") as f:
    f.write("id,lat,lon,name\n")
    for k, i in enumerate(pick):
        dlat, dlon = rng.uniform(-jitter, jitter, 2)
        f.write("S%05d,%.7f,%.7f,node %d\n" % (k + 1, lat[i] + dlat, lon[i] + dlon, ids[i]))
