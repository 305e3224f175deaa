# SPDX-License-Identifier: BSD-3-Clause
"""report_road: the road tour kind's pictures for antroute_report.py (tools/; see its docstring).

  route.png         the road network (thin grey arcs), the route on it and the stops in order
  convergence.png   best cost vs time; each colony's best per epoch (the shared picture, in the
                    stops file's cost: seconds or metres)

The route and the stops come from the results file alone (/route: docs/formats.md); the road
network for the grey arcs is the file /route names (attribute `roads`); without it the picture
shows the route alone, with a note.
"""
import os

import numpy as np

import antroute_report as ar
from antroute_report import attr, fmt, get, note, number, plt, save, die, EXIT_DATA, h5py

KIND = "road"
MARKER = "route/node_id"  # results written before the `kind` attribute hold it


def road_arcs(path, box):
    """Segments (x0, y0, x1, y1) of the road network's arcs inside box, or None."""
    if not path or not os.path.isfile(path):
        note(f"the road network {path or '(none named)'} is not there: the route without roads")
        return None
    try:
        with h5py.File(path, "r") as g:
            off = g["road/offsets"][...]
            heads = g["road/heads"][...]
            lat, lon = g["road/lat"][...], g["road/lon"][...]
    except (OSError, KeyError) as e:
        note(f"{path}: cannot read the road network ({e}): the route without roads")
        return None
    tails = np.repeat(np.arange(len(off) - 1), np.diff(off))
    x0, y0, x1, y1 = lon[tails], lat[tails], lon[heads], lat[heads]
    inside = ((x0 >= box[0]) & (x0 <= box[1]) & (y0 >= box[2]) & (y0 <= box[3])) | \
             ((x1 >= box[0]) & (x1 <= box[1]) & (y1 >= box[2]) & (y1 <= box[3]))
    return x0[inside], y0[inside], x1[inside], y1[inside]


def draw_route(f, outdir):
    route = get(f, "route")
    lat, lon = get(f, "route/lat"), get(f, "route/lon")
    if route is None or lat is None or lon is None:
        note("no /route with coordinates in the results: no route picture")
        return
    y, x = np.asarray(lat[...], dtype=float), np.asarray(lon[...], dtype=float)
    sy, sx = get(f, "route/stop_lat")[...], get(f, "route/stop_lon")[...]
    tour = np.asarray(get(f, "best/tour")[...], dtype=np.int64)
    if len(tour) != len(sx) or tour.min() < 0 or tour.max() >= len(sx):
        die(EXIT_DATA, f"{f.filename}: /best/tour does not index the {len(sx)} stops of /route")
    pad_x, pad_y = 0.05 * (np.ptp(x) or 0.01), 0.05 * (np.ptp(y) or 0.01)
    box = (min(x.min(), sx.min()) - pad_x, max(x.max(), sx.max()) + pad_x,
           min(y.min(), sy.min()) - pad_y, max(y.max(), sy.max()) + pad_y)
    w, h = box[1] - box[0], box[3] - box[2]
    aspect = min(max(h / (w * np.cos(np.radians(np.mean(y)))), 0.5), 1.6)
    fig, ax = plt.subplots(figsize=(8.5, 8.5 * aspect * 0.92 + 0.6))
    arcs = road_arcs(attr(route, "roads", ""), box)
    if arcs is not None:
        from matplotlib.collections import LineCollection
        seg = np.stack([np.column_stack([arcs[0], arcs[1]]),
                        np.column_stack([arcs[2], arcs[3]])], axis=1)
        ax.add_collection(LineCollection(seg, colors="#bbbbbb", linewidths=0.3, zorder=0))
    ax.plot(x, y, "-", color="#2a6db0", lw=1.4, zorder=1, label="route")
    ax.scatter(sx, sy, s=18, color="#333333", zorder=2, linewidths=0, label="stops")
    n = len(tour)
    if n <= 60:
        for k, row in enumerate(tour):
            ax.annotate(str(k + 1), (sx[row], sy[row]), fontsize=6, xytext=(3, 3),
                        textcoords="offset points", zorder=3)
    ax.scatter([sx[tour[0]]], [sy[tour[0]]], s=90, marker="*", color="#d62728", zorder=3,
               label="first stop")
    ax.set_xlim(box[0], box[1])
    ax.set_ylim(box[2], box[3])
    ax.set_aspect(1.0 / np.cos(np.radians(np.mean(y))))
    ax.set_xlabel("longitude (degrees)")
    ax.set_ylabel("latitude (degrees)")
    cost, units = number(get(f, "best"), "cost"), attr(route, "cost_units", "")
    km, minutes = number(route, "metres", 0) / 1000, number(route, "seconds", 0) / 60
    name = attr(f, "instance", "") or "road tour"
    ax.set_title(f"{name}: {n:,} stops, cost {fmt(cost)} {units}\n"
                 f"{km:,.2f} km, {minutes:,.1f} min over the roads")
    ax.legend(loc="upper right", fontsize=8, framealpha=0.85)
    ax.grid(alpha=0.2)
    fig.tight_layout()
    save(fig, outdir, "route.png")


def draw(f, net, outdir):
    draw_route(f, outdir)
    units = attr(get(f, "route"), "cost_units", "cost units")
    ar.draw_convergence(f, outdir, quantity="route cost", units=units,
                        bound=number(get(f, "best"), "lower_bound"),
                        method=attr(get(f, "best/lower_bound"), "method", "lower bound"))
