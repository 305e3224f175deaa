#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Times and iterations at which a supply-chain solve's best plan first reached given costs.

usage: orders_trace.py RESULTS.h5 [THRESHOLD ...]   (thresholds on goal 2; default: 99 %, 99.5 %,
99.9 % and 99.99 % of the final best, i.e. best / p)"""
import sys

import h5py

path = sys.argv[1]
with h5py.File(path, "r") as f:
    for name in f["months"]:
        if not isinstance(f["months"][name], h5py.Group):
            continue
        tr = f["months"][name]["trace"]
        t, it, k1 = tr["time"][...], tr["iteration"][...], tr["key1"][...]
        best = k1[-1]
        if len(sys.argv) > 2:
            targets = [(a, float(a)) for a in sys.argv[2:]]
        else:
            targets = [(f"{p} %", best / (p / 100.0)) for p in (99, 99.5, 99.9, 99.99)]
        print(f"{path} {name}: best {best:.2f} after {f['months/iterations'][0]} iterations")
        for label, value in targets:
            hit = next((i for i in range(len(k1)) if k1[i] <= value + 1e-9), None)
            if hit is None:
                print(f"  {label} ({value:.2f}): not reached")
            else:
                print(f"  {label} ({value:.2f}): {t[hit]:.1f} s, iteration {it[hit]}")
