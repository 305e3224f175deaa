# SPDX-License-Identifier: BSD-3-Clause
"""report_tour: the tour kind's pictures for antroute_report.py (tools/; see its docstring).

  tour.png          the best tour on the network's coordinates
  convergence.png   best length vs time; each colony's best per epoch (the shared picture, in
                    tour lengths, with the optimum and the lower bound)
"""
import numpy as np

import antroute_report as ar
from antroute_report import attr, fmt, get, note, number, plt, save, die, EXIT_DATA

KIND = "tour"
# The datasets drawn, by their declared names (io/tour/h5res_tour_fields.c; see ar.PATHS).
ar.PATHS["tour:results"] = {"best_tour": "/best/tour", "best_lower_bound": "/best/lower_bound"}
ar.PATHS["tour:network"] = {"tour_coords": "/tour/coords", "tour_metric": "/tour/metric"}
MARKER = ar.field("tour:results", "best_tour")  # results written before `kind` hold it


def geo_degrees(v):
    """TSPLIB GEO DDD.MM -> decimal degrees."""
    deg = np.trunc(v)
    return deg + (v - deg) * 100.0 / 60.0


def draw_tour(f, net, outdir):
    tour = get(f, ar.field("tour:results", "best_tour"))
    if tour is None:
        note("no /best/tour in the results: no tour picture")
        return
    if net is None:
        note("no network file: no tour picture (give it with --network FILE)")
        return
    coords = get(net, ar.field("tour:network", "tour_coords"))
    metric_path = ar.field("tour:network", "tour_metric")  # an attribute of /tour
    metric = attr(get(net, metric_path.rsplit("/", 1)[0]), metric_path.rsplit("/", 1)[1], "?")
    if coords is None:
        note(f"the network is {metric} (explicit weights, no coordinates): no tour picture")
        return
    xy = np.asarray(coords[()], dtype=float)
    t = np.asarray(tour[()], dtype=np.int64)
    n = len(xy)
    if xy.ndim != 2 or xy.shape[1] != 2:
        die(EXIT_DATA, f"{net.filename}: dataset {coords.name} has shape {xy.shape}, "
                       "expected [n][2]")
    if len(t) != n or t.min() < 0 or t.max() >= n:
        die(EXIT_DATA, f"{f.filename}: /best/tour does not index the {n} nodes of {net.filename}")
    if metric == "GEO":
        x, y = geo_degrees(xy[:, 1]), geo_degrees(xy[:, 0])
        xlabel, ylabel = "longitude (degrees)", "latitude (degrees)"
    else:
        x, y = xy[:, 0], xy[:, 1]
        units = attr(coords, "units", "TSPLIB coordinate units")
        xlabel, ylabel = f"x ({units})", f"y ({units})"
    loop = np.append(t, t[0])
    w, h = np.ptp(x) or 1.0, np.ptp(y) or 1.0
    aspect = min(max(h / w, 0.5), 1.6)
    fig, ax = plt.subplots(figsize=(8.5, 8.5 * aspect * 0.92 + 0.6))
    lw = 1.3 if n <= 200 else 0.7 if n <= 3000 else 0.35 if n <= 30000 else 0.15
    ax.plot(x[loop], y[loop], "-", color="#2a6db0", lw=lw, zorder=1)
    if n <= 3000:
        ax.scatter(x, y, s=14 if n <= 200 else 3, color="#333333", zorder=2, linewidths=0)
    ax.scatter([x[t[0]]], [y[t[0]]], s=80, marker="*", color="#d62728", zorder=3,
               label=f"start (node {t[0] + 1})")
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    cost = number(get(f, "best"), "cost")
    optimum = number(get(f, "best"), "optimum") or number(f, "optimum")
    name = attr(f, "instance", "") or attr(net, "name", "tour")
    title = f"{name}: best tour, {n:,} nodes ({metric}), length {fmt(cost)}"
    if optimum and optimum > 0:
        title += f"\noptimum {fmt(optimum)}, gap {100.0 * (cost - optimum) / optimum:.3f} %"
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize=8, framealpha=0.85)
    ax.grid(alpha=0.2)
    fig.tight_layout()
    save(fig, outdir, "tour.png")


def draw(f, net, outdir):
    draw_tour(f, net, outdir)
    best = get(f, "best")
    # The unit the results name for their costs (a stops file's seconds or metres).
    units = attr(get(f, ar.field("results:run", "trace_best")), "units", "TSPLIB units")
    ar.draw_convergence(f, outdir, quantity="tour length", units=units,
                        optimum=number(best, "optimum") or number(f, "optimum"),
                        bound=number(best, "lower_bound"),
                        method=attr(get(f, ar.field("tour:results", "best_lower_bound")),
                                    "method", "lower bound"))
