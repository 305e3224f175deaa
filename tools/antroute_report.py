#!/usr/bin/python3
"""Draw the pictures of `antroute report RESULTS.h5 -o DIR` (docs/guide.md, "Reports").

    /usr/bin/python3 tools/antroute_report.py RESULTS.h5 --out DIR [--network NETWORK.h5]

`antroute report` runs this script (found through ANTROUTE_REPORT_SCRIPT, else the path compiled
in); it can also be run by hand. It reads whatever the results file holds and draws:

  tours         tour.png         the best tour on the network's coordinates
                convergence.png  best length vs time; each colony's best per epoch
  order routing flows.png        served orders from plants through origin ports to lanes
                goals.png        cost (warehouse, transport, penalty), transit time, CO2 and
                                 unserved orders per month
                convergence.png  best cost vs iteration per month; each colony's best per epoch
  both          bsp.png          BSP time split per rank, and per epoch/month when recorded

Each picture is written to DIR/.NAME.tmp and renamed into place, so a reader never sees half a
picture. One line per picture goes to standard output ("picture: DIR/NAME"), one "note:" line
per picture skipped and why. Exit status: 0 ok, 3 the data cannot be drawn, 4 a missing module
(h5py, matplotlib) or a picture that cannot be written; the last line on standard error says why.
"""
import argparse
import errno
import os
import re
import signal
import stat
import sys

EXIT_DATA = 3
EXIT_IO = 4


def die(code, message):
    print(message, file=sys.stderr)
    sys.exit(code)


try:
    import numpy as np
    import h5py
except ImportError as e:  # pragma: no cover - depends on the machine
    die(EXIT_IO, f"pictures need h5py and numpy, but {sys.executable} cannot import "
                 f"{e.name} (Debian: apt-get install python3-h5py; or set ANTROUTE_PYTHON to a "
                 f"python3 that has it)")
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import PathPatch, Rectangle
    from matplotlib.path import Path
except ImportError as e:  # pragma: no cover
    die(EXIT_IO, f"pictures need matplotlib, but {sys.executable} cannot import {e.name} "
                 f"(Debian: apt-get install python3-matplotlib; or set ANTROUTE_PYTHON to a "
                 f"python3 that has it)")

DPI = 110
PHASE_COLOURS = {"construct": "#4c72b0", "update": "#55a868", "exchange": "#c44e52",
                 "checkpoint": "#8172b2", "io": "#8172b2", "other": "#b0b0b0"}
GOAL_COLOURS = {"warehouse": "#4c72b0", "transport": "#dd8452", "penalty": "#c44e52",
                "cost": "#4c72b0", "time": "#55a868", "co2": "#8c8c8c"}


# --- Reading ------------------------------------------------------------------------------------

def text(value):
    """An HDF5 string (bytes or str, scalar or 1-element array) as str."""
    if isinstance(value, np.ndarray):
        value = value.reshape(-1)[0] if value.size else ""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def attr(obj, name, default=None):
    if obj is None or name not in obj.attrs:
        return default
    v = obj.attrs[name]
    if isinstance(v, (bytes, str)) or (isinstance(v, np.ndarray) and v.dtype.kind in "SUO"):
        return text(v)
    if isinstance(v, np.ndarray):
        return v.reshape(-1)[0] if v.size else default
    return v


def get(group, path):
    """group[path] or None."""
    if group is None:
        return None
    try:
        return group[path] if path in group else None
    except (KeyError, ValueError):
        return None


def number(group, name, default=None):
    """A number stored as a scalar dataset group/name or as an attribute of group."""
    d = get(group, name)
    if isinstance(d, h5py.Dataset) and d.size == 1 and d.dtype.kind in "iuf":
        return float(d[()].reshape(-1)[0]) if d.shape else float(d[()])
    v = attr(group, name)
    if isinstance(v, (int, float, np.integer, np.floating)):
        return float(v)
    return default


def first_number(groups, names, default=None):
    for g in groups:
        for n in names:
            v = number(g, n)
            if v is not None:
                return v
    return default


def array(group, path, ndim=None):
    d = get(group, path)
    if not isinstance(d, h5py.Dataset) or d.dtype.kind not in "iuf":
        return None
    a = d[()]
    a = np.asarray(a, dtype=float)
    if ndim is not None and a.ndim != ndim:
        die(EXIT_DATA, f"{group.file.filename}: dataset {d.name} has {a.ndim} dimensions, "
                       f"expected {ndim}")
    return a


def strings(group, path):
    """A 1-D dataset of strings, or of integer codes with a `codes` attribute, as a list."""
    d = get(group, path)
    if not isinstance(d, h5py.Dataset):
        return None
    if d.dtype.kind in "SUO":
        return [text(x) for x in d[()]]
    if d.dtype.kind in "iu":
        codes = code_table(attr(d, "codes") or attr(d, "description", ""))
        return [codes.get(int(x), f"code {int(x)}") for x in d[()]]
    return None


def rank_seconds_columns(d, ncols):
    names = attr(d, "columns")
    if names:
        cols = [c for c in names.replace(",", " ").split() if c]
        if len(cols) == ncols:
            return cols
    if ncols == 4:
        return ["construct", "update", "exchange", "total"]  # the engine's first layout
    return [f"phase {j}" for j in range(ncols)]


# --- Writing ------------------------------------------------------------------------------------

FORMAT = "png"


def writable_target(path):
    """The file a picture named path is written to: path, or the target of its symbolic links;
    None when that is there and not a regular file (antroute writes only regular files)."""
    target = os.path.realpath(path)
    if os.path.lexists(target) and not stat.S_ISREG(os.lstat(target).st_mode):
        return None
    return target


def save(fig, outdir, name):
    name = f"{os.path.splitext(name)[0]}.{FORMAT}"
    final = os.path.join(outdir, name)
    target = writable_target(final)
    if target is None:
        plt.close(fig)
        die(EXIT_IO, f"cannot write the picture {final}: it is not a regular file")
    # Written beside the link's target (a rename stays in one folder) and renamed over it.
    tmp = os.path.join(os.path.dirname(target), f".{os.path.basename(target)}.tmp")
    try:
        fig.savefig(tmp, dpi=DPI, format=os.path.splitext(name)[1][1:])
        if writable_target(final) != target:
            raise OSError(errno.EEXIST, "it became something else than a regular file")
        os.replace(tmp, target)
    except (KeyboardInterrupt, SystemExit):  # a stop signal: no .tmp survives it
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        die(EXIT_IO, f"cannot write the picture {final}: {e.strerror}")
    finally:
        plt.close(fig)
    print(f"picture: {final}")


def note(message):
    print(f"note: {message}")


def plural(n, one, many=None):
    return f"{n} {one if n == 1 else (many or one + 's')}"


def fmt(v, decimals=0):
    return f"{v:,.{decimals}f}"


# --- Tours --------------------------------------------------------------------------------------

def geo_degrees(v):
    """TSPLIB GEO DDD.MM -> decimal degrees."""
    deg = np.trunc(v)
    return deg + (v - deg) * 100.0 / 60.0


def draw_tour(f, net, outdir):
    tour = get(f, "best/tour")
    if tour is None:
        note("no /best/tour in the results: no tour picture")
        return
    if net is None:
        note("no network file: no tour picture (give it with --network FILE)")
        return
    coords = get(net, "tour/coords")
    metric = attr(get(net, "tour"), "metric", "?")
    if coords is None:
        note(f"the network is {metric} (explicit weights, no coordinates): no tour picture")
        return
    xy = np.asarray(coords[()], dtype=float)
    t = np.asarray(tour[()], dtype=np.int64)
    n = len(xy)
    if xy.ndim != 2 or xy.shape[1] != 2:
        die(EXIT_DATA, f"{net.filename}: dataset /tour/coords has shape {xy.shape}, expected [n][2]")
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


def draw_tour_convergence(f, outdir):
    t = array(f, "trace/time", 1)
    b = array(f, "trace/best", 1)
    e_it = array(f, "epochs/iteration", 1)
    cb = array(f, "epochs/colony_best", 2)
    e_best = array(f, "epochs/best", 1)
    if (t is None or b is None or len(t) == 0) and cb is None:
        note("no /trace nor /epochs in the results: no convergence picture")
        return
    optimum = number(get(f, "best"), "optimum") or number(f, "optimum")
    if optimum is not None and optimum <= 0:
        optimum = None
    bound = number(get(f, "best"), "lower_bound")
    method = attr(get(f, "best/lower_bound"), "method", "lower bound")
    seconds = number(get(f, "run"), "seconds")
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    ax = axes[0]
    if t is not None and b is not None and len(t):
        tt, bb = list(t), list(b)
        if seconds and seconds > tt[-1]:
            tt.append(seconds)
            bb.append(bb[-1])
        ax.step(tt, bb, where="post", color="#2a6db0", lw=1.8, label="best of all colonies")
        ax.plot(t, b, "o", color="#2a6db0", ms=4)
        if bound:
            ax.axhline(bound, color="#d62728", ls=":", lw=1.2,
                       label=f"lower bound {fmt(bound)} ({method})")
        if optimum:
            ax.axhline(optimum, color="#2ca02c", ls="--", lw=1, label=f"optimum {fmt(optimum)}")
            sec = ax.secondary_yaxis(
                "right", functions=(lambda v: 100.0 * (v - optimum) / optimum,
                                    lambda g: optimum * (1 + g / 100.0)))
            sec.set_ylabel("gap to the optimum (%)")
        ax.set_xlabel("time since the start of the search (s)")
        ax.set_ylabel("tour length (TSPLIB units)")
        ax.set_title(f"Best tour length over time ({plural(len(t), 'improvement')} seen at "
                     f"epoch ends)")
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    else:
        ax.set_axis_off()
    ax = axes[1]
    if cb is not None and e_it is not None and cb.size:
        draw_colony_lines(ax, e_it, cb, e_best)
        if optimum:
            ax.axhline(optimum, color="#2ca02c", ls="--", lw=1, label="optimum")
        if bound:
            ax.axhline(bound, color="#d62728", ls=":", lw=1.2, label="lower bound")
        ax.set_xlabel("iteration (at each epoch end)")
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        ax.set_ylabel("colony's best tour length (TSPLIB units)")
        ax.set_title(f"Each colony's best per epoch ({plural(cb.shape[1], 'colony', 'colonies')}"
                     f", {plural(cb.shape[0], 'epoch')})")
        ax.legend(fontsize=8, loc="upper right", ncol=2 if 4 < cb.shape[1] <= 8 else 1)
        ax.grid(alpha=0.3)
    else:
        ax.set_axis_off()
    name = attr(f, "instance", "")
    fig.suptitle(f"{name}: convergence" if name else "Convergence", fontsize=12,
                 fontweight="bold")
    fig.tight_layout()
    save(fig, outdir, "convergence.png")


def draw_colony_lines(ax, x, cb, best=None, relative_to=None):
    """One line per colony (a legend up to 8 colonies), the global best in black."""
    C = cb.shape[1]
    cmap = plt.get_cmap("tab10" if C <= 10 else "viridis")
    many = C > 8
    # Each point is a colony's state at an epoch end: lines between points, dots while few.
    marker = "o" if len(x) <= 60 else None
    for c in range(C):
        y = cb[:, c] if relative_to is None else 100.0 * (cb[:, c] / relative_to - 1)
        colour = cmap(c % 10) if C <= 10 else cmap(c / max(C - 1, 1))
        ax.plot(x, y, lw=0.8 if many else 1.3, alpha=0.6 if many else 0.9, color=colour,
                marker=marker, ms=3, label=None if many else f"colony {c}")
    if best is not None and len(best) == len(x):
        y = best if relative_to is None else 100.0 * (best / relative_to - 1)
        ax.plot(x, y, color="black", lw=2, alpha=0.8, label="global best")
    if many:
        ax.plot([], [], color=cmap(0.5), lw=0.8, label=f"{C} colonies (one line each)")


# --- Order routing ------------------------------------------------------------------------------
#
# The layout of `solve` on a supply-chain network (io/supply/h5res_supply.h): /plan (one row per order:
# month = row of /months, served, plant, port, lane, carrier, mode, wc, tc, time, co2, reason),
# /codes/{plants,ports,carriers}, /months (one column per quantity, one row per month; traces in
# /months/YYYY-MM/trace), /totals (attributes), /unserved.

GOALS = [("warehouse", ["warehouse", "wc", "warehouse_cost"]),
         ("transport", ["transport", "tc", "transport_cost"]),
         ("penalty", ["penalty", "penalty_cost"]),
         ("cost", ["cost", "total_cost"]),
         ("time", ["time", "transit_time"]),
         ("co2", ["co2", "co2_kg"]),
         ("served", ["served", "n_served"]),
         ("unserved", ["unserved", "n_unserved"]),
         ("fewest", ["min_unserved", "unserved_bound"])]


GOAL_NAMES = {"weighted": "weighted goal", "cost": "cost", "time": "transit time", "co2": "CO2"}


def month_table(f):
    """(labels, {goal: array or None}) from the columns of /months, or ([], {})."""
    m = get(f, "months")
    month = array(m, "month", 1) if isinstance(m, h5py.Group) else None
    if month is None or len(month) == 0:
        return [], {}
    year = array(m, "year", 1)
    if year is not None and len(year) == len(month):
        labels = [f"{int(y):04d}-{int(mo):02d}" for y, mo in zip(year, month)]
    else:
        labels = [f"month {int(mo)}" for mo in month]
    cols = {}
    for key, names in GOALS:
        cols[key] = None
        for n in names:
            v = array(m, n, 1)
            if v is not None:
                if len(v) != len(labels):
                    die(EXIT_DATA, f"{f.filename}: dataset /months/{n} has {len(v)} rows, "
                                   f"/months/month has {len(labels)}")
                cols[key] = v
                break
    return labels, cols


def month_groups(f, labels):
    """[(label, group)] of the per-month groups /months/LABEL that exist."""
    m = get(f, "months")
    return [(lab, m[lab]) for lab in labels if isinstance(get(m, lab), h5py.Group)]


def code_table(spec):
    """A code list in a description ("0 AIR, 1 GROUND, -1 without lane") as {code: name}."""
    out = {}
    for part in re.split(r",\s*(?=-?\d+[ =])", spec or ""):
        m = re.match(r"\s*(-?\d+)[ =](.*)", part)
        if m:
            out[int(m.group(1))] = m.group(2).strip()
    return out


class Names:
    """Names of plants, ports, carriers and lanes: /codes of the results, else the network, else
    indices."""

    def __init__(self, f, net):
        codes, s = get(f, "codes"), get(net, "supply")
        self.plants = strings(codes, "plants") or strings(s, "plants/code")
        self.ports = strings(codes, "ports") or strings(s, "ports/code")
        self.carriers = strings(codes, "carriers") or strings(s, "carriers/code")
        self.modes = {0: "AIR", 1: "GROUND"}
        lc = get(s, "lanes/carrier")
        self.lane_carrier = lc[()] if lc is not None else None
        self.lane_mode = strings(s, "lanes/mode")
        ld = get(s, "lanes/dest_port")
        self.lane_dest = ld[()] if ld is not None else None

    @staticmethod
    def _pick(table, v, what):
        if isinstance(v, (bytes, str, np.bytes_, np.str_)):
            return text(v)
        i = int(v)
        if table is not None and 0 <= i < len(table):
            return table[i]
        return f"{what} {i}"

    def plant(self, v):
        return self._pick(self.plants, v, "plant")

    def port(self, v):
        return self._pick(self.ports, v, "port")

    def lane(self, lane, carrier=None, mode=None):
        if isinstance(lane, (bytes, str, np.bytes_, np.str_)):
            return text(lane)
        i = int(lane)
        if i < 0:
            return "customer-arranged (CRF)"
        if self.lane_carrier is not None and i < len(self.lane_carrier):
            c = self._pick(self.carriers, self.lane_carrier[i], "carrier")
            m = self.lane_mode[i] if self.lane_mode else ""
            d = self._pick(self.ports, self.lane_dest[i], "port") if self.lane_dest is not None \
                else ""
            return f"{c} {m} to {d}".strip()
        label = self._pick(self.carriers, carrier, "carrier") if carrier is not None \
            and int(carrier) >= 0 else f"lane {i}"
        if mode is not None and int(mode) in self.modes:
            label += f" {self.modes[int(mode)]}"
        return label


def plan_flows(f, names):
    """{(plant, port, lane): served orders} and the month labels the plan covers."""
    p = get(f, "plan")
    if not isinstance(p, h5py.Group) or "plant" not in p:
        return None, []
    cols = {}
    for key in ("plant", "port", "lane", "carrier", "mode", "served", "month"):
        d = get(p, key)
        if isinstance(d, h5py.Dataset) and d.ndim == 1:
            cols[key] = d[()]
    n = len(cols["plant"])
    for key, v in cols.items():
        if len(v) != n:
            die(EXIT_DATA, f"{f.filename}: dataset /plan/{key} has {len(v)} rows, /plan/plant "
                           f"has {n}")
    served = cols.get("served", np.ones(n, dtype=np.int8))
    flows = {}
    for k in np.nonzero(served)[0]:
        key = (names.plant(cols["plant"][k]),
               names.port(cols["port"][k]) if "port" in cols else "(port)",
               names.lane(cols["lane"][k] if "lane" in cols else -1,
                          cols["carrier"][k] if "carrier" in cols else None,
                          cols["mode"][k] if "mode" in cols else None))
        flows[key] = flows.get(key, 0) + 1
    labels, _ = month_table(f)
    months = sorted({int(x) for x in cols.get("month", [])})
    covered = [labels[i] if 0 <= i < len(labels) else str(i) for i in months]
    return flows, covered


def top_n(counts, n, other_label):
    """Keeps the n largest keys; the rest become other_label."""
    keys = sorted(counts, key=lambda k: -counts[k])
    keep = set(keys[:n]) if len(keys) > n + 1 else set(keys)
    rest = len(keys) - len(keep)
    return lambda k: k if k in keep else other_label.format(rest)


def draw_flows(f, net, outdir):
    triples, months = plan_flows(f, Names(f, net))
    if triples is None:
        note("no plan in the results (/plan): no flow picture")
        return
    if not triples:
        note("the plan serves no order: no flow picture")
        return
    served_total = sum(triples.values())

    # Keep the picture legible: the busiest plants and lanes, the rest grouped.
    def totals(i):
        c = {}
        for key, v in triples.items():
            c[key[i]] = c.get(key[i], 0) + v
        return c
    plant_map = top_n(totals(0), 18, "{} other plants")
    lane_map = top_n(totals(2), 16, "{} other lanes")
    # Lanes that all end at one port: say it once, in the column head.
    dests = {c.rsplit(" to ", 1)[1] for (_, _, c) in triples if " to " in c}
    lane_head = "lane (carrier, mode, to port)" if dests else "lane (carrier, mode)"
    if len(dests) == 1:
        dest = dests.pop()
        lane_head = f"lane (carrier, mode) to {dest}"
        lane_map_full = lane_map
        lane_map = lambda c: lane_map_full(c).replace(f" to {dest}", "")  # noqa: E731
    merged = {}
    for (a, b, c), v in triples.items():
        key = (plant_map(a), b, lane_map(c))
        merged[key] = merged.get(key, 0) + v
    columns = [sorted({k[i] for k in merged}, key=lambda s: (" other " in s, "CRF" in s, s))
               for i in range(3)]
    size = [dict.fromkeys(col, 0) for col in columns]
    for key, v in merged.items():
        for i in range(3):
            size[i][key[i]] += v
    nmax = max(len(c) for c in columns)
    fig, ax = plt.subplots(figsize=(13, max(6.0, 0.42 * nmax + 2.0)))
    gap_frac = 0.25  # of the total height, shared between the gaps of a column
    xs, width = [0.0, 1.0, 2.0], 0.07
    total = sum(size[0].values())
    pos = []  # per column: node -> [y0, y1], top to bottom
    for i, col in enumerate(columns):
        gap = gap_frac * total / max(len(col) - 1, 1) if len(col) > 1 else 0
        y, p = 0.0, {}
        for node in col:
            p[node] = [y, y + size[i][node]]
            y += size[i][node] + gap
        off = (total * (1 + gap_frac) - (y - gap)) / 2  # centre the column
        pos.append({node: [y0 + off, y1 + off] for node, (y0, y1) in p.items()})
    cmap = plt.get_cmap("tab20")
    plant_colour = {node: cmap(k % 20) for k, node in enumerate(columns[0])}
    # Bands leave each node from its top down, in column order, so they cross no more than needed.
    out_at = [{n: pos[i][n][0] for n in pos[i]} for i in range(3)]
    in_at = [{n: pos[i][n][0] for n in pos[i]} for i in range(3)]
    stage1 = {}
    for (a, b, c), v in merged.items():
        stage1[(a, b)] = stage1.get((a, b), 0) + v
    for (a, b) in sorted(stage1, key=lambda k: (columns[0].index(k[0]), columns[1].index(k[1]))):
        v = stage1[(a, b)]
        band(ax, xs[0] + width, out_at[0][a], xs[1], in_at[1][b], v, plant_colour[a])
        out_at[0][a] += v
        in_at[1][b] += v
    for (a, b, c) in sorted(merged, key=lambda k: (columns[1].index(k[1]),
                                                   columns[2].index(k[2]),
                                                   columns[0].index(k[0]))):
        v = merged[(a, b, c)]
        band(ax, xs[1] + width, out_at[1][b], xs[2], in_at[2][c], v, plant_colour[a])
        out_at[1][b] += v
        in_at[2][c] += v
    for i, col in enumerate(columns):
        for node in col:
            y0, y1 = pos[i][node]
            ax.add_patch(Rectangle((xs[i], y0), width, y1 - y0, color="#404040", zorder=3))
            label = f"{node}  ({size[i][node]:,})"
            if i == 2:
                ax.text(xs[i] + width + 0.02, (y0 + y1) / 2, label, va="center", ha="left",
                        fontsize=8.5)
            else:
                # Port labels sit over the bands: a pale box keeps them readable.
                box = dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.8) \
                    if i == 1 else None
                ax.text(xs[i] - 0.02, (y0 + y1) / 2, label, va="center", ha="right",
                        fontsize=8.5, bbox=box, zorder=4)
    for x, head in zip(xs, ["plant (warehouse)", "origin port", lane_head]):
        ax.text(x + width / 2, -total * 0.03, head, ha="center", va="bottom", fontsize=10,
                fontweight="bold")
    ax.set_xlim(-0.75, 2.85)
    ax.set_ylim(total * (1 + gap_frac) * 1.01, -total * 0.08)  # top to bottom
    ax.set_axis_off()
    span = "" if not months else f" ({months[0]})" if len(months) == 1 else \
        f" ({months[0]} to {months[-1]})"
    ax.set_title(f"Order flows of the best plan: {served_total:,} served orders{span}; "
                 f"band width = number of orders", fontsize=11)
    fig.tight_layout()
    save(fig, outdir, "flows.png")


def band(ax, x0, y0, x1, y1, v, colour):
    """A Sankey band of thickness v from (x0, y0..y0+v) to (x1, y1..y1+v)."""
    xm = (x0 + x1) / 2
    verts = [(x0, y0), (xm, y0), (xm, y1), (x1, y1), (x1, y1 + v), (xm, y1 + v), (xm, y0 + v),
             (x0, y0 + v), (x0, y0)]
    codes = [Path.MOVETO, Path.CURVE4, Path.CURVE4, Path.CURVE4, Path.LINETO, Path.CURVE4,
             Path.CURVE4, Path.CURVE4, Path.CLOSEPOLY]
    ax.add_patch(PathPatch(Path(verts, codes), facecolor=colour, alpha=0.45, lw=0, zorder=1))


def draw_goals(f, outdir):
    months, cols = month_table(f)
    if not months:
        note("no months in the results (/months/month): no picture of the goals per month")
        return
    x = np.arange(len(months))
    parts = [k for k in ("warehouse", "transport", "penalty") if cols[k] is not None]
    panels = []
    if parts or cols["cost"] is not None:
        panels.append("cost")
    panels += [k for k in ("time", "co2") if cols[k] is not None]
    if cols["served"] is not None or cols["unserved"] is not None:
        panels.append("orders")
    if not panels:
        note("the months hold no totals per goal: no picture of the goals per month")
        return
    fig, axes = plt.subplots(len(panels), 1, figsize=(max(8, 0.6 * len(months) + 4),
                                                      2.6 * len(panels) + 0.8), sharex=True,
                             squeeze=False)
    axes = axes[:, 0]
    bw = 0.7
    for ax, panel in zip(axes, panels):
        if panel == "cost":
            bottom = np.zeros(len(months))
            for k in parts or ["cost"]:
                ax.bar(x, cols[k], bw, bottom=bottom, color=GOAL_COLOURS[k], label=k)
                bottom += cols[k]
            ax.set_ylabel("cost (USD)")
            ax.set_title("Cost of the best plan per month" +
                         (": " + " + ".join(parts) if parts else ""))
            ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
            ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(si))
        elif panel == "time":
            ax.bar(x, cols["time"], bw, color=GOAL_COLOURS["time"])
            ax.set_ylabel("days x kg")
            ax.set_title("Transit time (days in transit x weight)")
            ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(si))
        elif panel == "co2":
            ax.bar(x, cols["co2"], bw, color=GOAL_COLOURS["co2"])
            ax.set_ylabel("kg CO2e")
            ax.set_title("CO2 emissions")
            ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(si))
        else:
            served, unserved = cols["served"], cols["unserved"]
            bottom = np.zeros(len(months))
            if served is not None:
                ax.bar(x, served, bw, color="#55a868", label="served")
                bottom = served.copy()
            if unserved is not None:
                ax.bar(x, unserved, bw, bottom=bottom, color="#c44e52", label="unserved")
                for xi, (b, u) in enumerate(zip(bottom, unserved)):
                    if u > 0:
                        ax.text(xi, b + u, f"{int(u):,} unserved", ha="center", va="bottom",
                                fontsize=8, color="#c44e52")
            if cols["fewest"] is not None and served is not None and unserved is not None:
                # The fewest unserved possible, drawn where the served part could at most reach.
                top = served + unserved - cols["fewest"]
                ax.hlines(top, x - bw / 2, x + bw / 2, colors="black", linestyles="--", lw=1.5,
                          label="most that can be served (bound)")
            ax.set_ylabel("orders")
            ax.set_title("Orders served and unserved")
            ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        ax.grid(axis="y", alpha=0.3)
        ax.margins(y=0.15)
    if len(months) == 1:
        axes[-1].set_xlim(-1, 1)
    axes[-1].set_xticks(x)
    axes[-1].set_xticklabels(months, rotation=45 if len(months) > 8 else 0,
                             ha="right" if len(months) > 8 else "center")
    axes[-1].set_xlabel("month")
    fig.suptitle(f"{attr(f, 'instance', '') or 'order routing'}: goals per month",
                 fontsize=12, fontweight="bold")
    fig.tight_layout()
    save(fig, outdir, "goals.png")


def si(v, _pos=None):
    a = abs(v)
    if a >= 1e9:
        return f"{v / 1e9:.3g} G"
    if a >= 1e6:
        return f"{v / 1e6:.3g} M"
    if a >= 1e3:
        return f"{v / 1e3:.3g} k"
    return f"{v:.3g}"


def draw_supply_convergence(f, outdir):
    months, cols = month_table(f)
    order = (attr(get(f, "totals"), "goal_order", "") or "").split(",")
    fewest = dict(zip(months, cols["fewest"])) if cols and cols["fewest"] is not None else {}
    # Each month's cost bound, as the distance below its final served cost (solve's min-cost flow).
    gaps = array(get(f, "months"), "gap_to_bound", 1)
    served = [a + b for a, b in zip(cols["warehouse"], cols["transport"])] \
        if cols and cols.get("warehouse") is not None and cols.get("transport") is not None else []
    below = {lab: g * c / 100.0 for lab, g, c in zip(months, gaps, served) if np.isfinite(g)} \
        if gaps is not None and len(served) == len(months) else {}
    keys = {}  # goal name -> [(month, iterations, values)]
    colonies = []
    for label, m in month_groups(f, months):
        it = array(m, "trace/iteration", 1)
        for j in range(4):
            v = array(m, f"trace/key{j}", 1)
            if v is None and j == 0:
                v = array(m, "trace/best", 1)
            if v is None or not len(v):
                continue
            name = order[j] if j < len(order) and order[j] else f"goal {j + 1}"
            x = it if it is not None and len(it) == len(v) else np.arange(len(v), dtype=float)
            keys.setdefault(name, []).append((label, x, v))
        cb = array(m, "epochs/colony_best", 2)
        if cb is not None and cb.size:
            colonies.append((label, cb, array(m, "epochs/best", 1)))
    if not keys and not colonies:
        note("no convergence trace in the results (/months/*/trace): no convergence picture")
        return
    panels = list(keys.items()) + ([("colonies", colonies)] if colonies else [])
    fig, axes = plt.subplots(1, len(panels), figsize=(6.5 * len(panels) + 1, 5), squeeze=False)
    for ax, (name, series) in zip(axes[0], panels):
        if name == "colonies":
            draw_month_colonies(ax, series)
            continue
        cmap = plt.get_cmap("tab10" if len(series) <= 10 else "viridis")
        for k, (label, x, v) in enumerate(series):
            colour = cmap(k % 10) if len(series) <= 10 else cmap(k / max(len(series) - 1, 1))
            if name == "unserved":
                y = v
            else:
                final = v[-1] if v[-1] != 0 else 1.0
                y = 100.0 * (v / final - 1)
            ax.step(x, y, where="post", color=colour, lw=1.5, marker="o", ms=3,
                    label=label if len(series) <= 12 else None)
            if name == "unserved" and label in fewest:
                ax.axhline(fewest[label], color=colour, ls="--", lw=1,
                           label=f"{label}: fewest possible" if len(series) <= 6 else None)
            if name in ("cost", "weighted") and label in below and v[-1] > 0:
                ax.axhline(-100.0 * below[label] / v[-1], color=colour, ls=":", lw=1.2,
                           label=f"{label}: lower bound" if len(series) <= 6 else None)
        goal = GOAL_NAMES.get(name, name)
        if name == "unserved":
            ax.set_ylabel("unserved orders")
            ax.set_title("Unserved orders of the best plan")
            ax.margins(y=0.3)
        else:
            ax.set_ylabel(f"best {goal} above the month's final value (%)")
            ax.set_title(f"Best {goal} per month, relative to its final value")
        ax.set_xlabel("iteration")
        ax.set_xlim(left=0)
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        if all(len(x) == 1 for _, x, _ in series):
            ax.text(0.5, 0.08, "one point per month: the trace records epoch ends;\n"
                    "more iterations (or a smaller --epoch-iterations) draw a curve",
                    transform=ax.transAxes, ha="center", va="bottom", fontsize=9, color="#555555")
        if len(series) <= 12:
            ax.legend(fontsize=8, title="month", title_fontsize=8)
        ax.grid(alpha=0.3)
    fig.suptitle(f"{attr(f, 'instance', '') or 'order routing'}: convergence"
                 + (f" (goals compared in the order {', '.join(order)})" if order[0] else ""),
                 fontsize=12, fontweight="bold")
    fig.tight_layout()
    save(fig, outdir, "convergence.png")


def draw_month_colonies(ax, colonies):
    """Each colony's best per epoch, months one after another, relative to the month's best."""
    offset = 0
    for k, (label, cb, best) in enumerate(colonies):
        final = np.nanmin(cb[-1]) or 1.0
        x = np.arange(offset, offset + cb.shape[0])
        draw_colony_lines(ax, x, cb, best, relative_to=final)
        if k < len(colonies) - 1:
            ax.axvline(offset + cb.shape[0] - 0.5, color="#999999", ls=":", lw=1)
        ax.text(offset + (cb.shape[0] - 1) / 2, 1.0, label, transform=ax.get_xaxis_transform(),
                ha="center", va="bottom", fontsize=8)
        offset += cb.shape[0]
        if k == 0:
            ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_xlabel("epoch (months one after another)")
    ax.set_ylabel("colony's best above the month's best (%)")
    ax.set_title(f"Each colony's best per epoch "
                 f"({plural(colonies[0][1].shape[1], 'colony', 'colonies')})", pad=16)
    ax.grid(alpha=0.3)


# --- BSP time split (both kinds) ----------------------------------------------------------------

def split_phases(t, cols):
    """[R][P] -> ordered {phase: [R]} without the total, plus 'other' = total - phases."""
    phases = {}
    total = None
    for j, c in enumerate(cols):
        if c == "total":
            total = t[:, j]
        else:
            phases[c] = t[:, j]
    if total is not None:
        other = total - sum(phases.values()) if phases else total
        phases["other"] = np.clip(other, 0, None)
    return phases


def is_compute(name):
    return name not in ("exchange", "communication", "comm", "sync", "barrier", "io",
                        "checkpoint", "total", "other", "wait")


def phase_colour(name, k):
    return PHASE_COLOURS.get(name, plt.get_cmap("tab10")(k % 10))


def draw_bsp(f, outdir):
    d = get(f, "run/rank_seconds")
    per_epoch = []  # (label, [R][P] array, cols)
    e = get(f, "epochs/rank_seconds")
    if isinstance(e, h5py.Dataset) and e.ndim == 3:
        cols = rank_seconds_columns(e, e.shape[2])
        it = array(f, "epochs/iteration", 1)
        for k in range(e.shape[0]):
            per_epoch.append((str(int(it[k])) if it is not None and k < len(it) else str(k),
                              np.asarray(e[k], dtype=float), cols))
        period = "epoch (iteration at its end)"
    else:
        period = "month"
        for label, m in month_groups(f, month_table(f)[0]):
            md = get(m, "rank_seconds")
            if isinstance(md, h5py.Dataset) and md.ndim == 2:
                per_epoch.append((str(label), np.asarray(md[()], dtype=float),
                                  rank_seconds_columns(md, md.shape[1])))
    if not isinstance(d, h5py.Dataset) and not per_epoch:
        note("no BSP timings (/run/rank_seconds) in the results: no BSP picture")
        return
    ncols = 2 if per_epoch else 1
    fig, axes = plt.subplots(1, ncols, figsize=(6.5 * ncols + 1.5, 5), squeeze=False)
    axes = axes[0]
    if isinstance(d, h5py.Dataset):
        if d.ndim != 2:
            die(EXIT_DATA, f"{f.filename}: dataset /run/rank_seconds has {d.ndim} dimensions, "
                           f"expected 2 ([ranks][phases])")
        t = np.asarray(d[()], dtype=float)
        phases = split_phases(t, rank_seconds_columns(d, t.shape[1]))
        ax = axes[0]
        R = t.shape[0]
        x = np.arange(R)
        bottom = np.zeros(R)
        for k, (name, v) in enumerate(phases.items()):
            ax.bar(x, v, 0.75, bottom=bottom, color=phase_colour(name, k), label=name)
            bottom += v
        compute = sum(v for n, v in phases.items() if is_compute(n))
        title = "BSP time split per rank"
        if isinstance(compute, np.ndarray) and compute.mean() > 0:
            slow = int(np.argmax(compute))
            title += (f"\ncomputation imbalance max/mean {compute.max() / compute.mean():.2f}, "
                      f"slowest rank {slow}")
        if R <= 16:
            for xi, top in zip(x, bottom):
                ax.text(xi, top, f"{top:.3g} s", ha="center", va="bottom", fontsize=8)
        ax.set_title(title)
        ax.set_xlabel("MPI rank")
        ax.set_ylabel("seconds")
        if R <= 32:
            ax.set_xticks(x)
        pad = max(0.0, (4 - R) / 2.0)  # a lone rank's bar stays a bar, not a wall
        ax.set_xlim(-0.6 - pad, R - 0.4 + pad)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        ax.grid(axis="y", alpha=0.3)
        ax.margins(y=0.1)
    else:
        axes[0].set_axis_off()
    if per_epoch:
        ax = axes[1]
        labels = [p[0] for p in per_epoch]
        x = np.arange(len(per_epoch))
        names = list(split_phases(per_epoch[0][1], per_epoch[0][2]).keys())
        bottom = np.zeros(len(per_epoch))
        for k, name in enumerate(names):
            v = np.array([split_phases(t, c).get(name, np.zeros(t.shape[0])).mean()
                          for _, t, c in per_epoch])
            ax.bar(x, v, 0.75, bottom=bottom, color=phase_colour(name, k), label=f"{name} (mean)")
            bottom += v
        slowest = np.array([sum(v for n, v in split_phases(t, c).items() if is_compute(n)).max()
                            for _, t, c in per_epoch])
        ax.plot(x, slowest, "k_", ms=14, mew=2, label="slowest rank's computation")
        ax.set_xticks(x)
        step = max(1, len(labels) // 12)
        ax.set_xticklabels([lab if i % step == 0 else "" for i, lab in enumerate(labels)],
                           rotation=45 if len(labels) > 6 else 0,
                           ha="right" if len(labels) > 6 else "center")
        ax.set_xlabel(period)
        ax.set_ylabel("seconds (mean over ranks)")
        ax.set_title(f"BSP time split per {period.split(' ')[0]}")
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        ax.grid(axis="y", alpha=0.3)
    layout = get(f, "layout")
    ranks, threads = attr(layout, "ranks"), attr(layout, "threads_per_rank")
    lay = f" on {plural(int(ranks), 'rank')} x {plural(int(threads), 'thread')}" \
        if ranks is not None and threads is not None else ""
    fig.suptitle(f"{attr(f, 'instance', '') or 'run'}: where the time went{lay}", fontsize=12,
                 fontweight="bold")
    fig.tight_layout()
    save(fig, outdir, "bsp.png")


# --- Main ---------------------------------------------------------------------------------------

def stop(signum, _frame):
    """SIGTERM and SIGHUP end the script as SIGINT does: through save()'s clean-up."""
    sys.exit(128 + signum)


def main():
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    ap = argparse.ArgumentParser(description="Draw the pictures of an antroute results file.")
    ap.add_argument("results")
    ap.add_argument("--out", required=True, help="directory for the pictures")
    ap.add_argument("--network", help="the network file (coordinates, names)")
    ap.add_argument("--format", choices=["png", "svg"], default="png",
                    help="picture format (SVG keeps text as text)")
    a = ap.parse_args()
    global FORMAT
    FORMAT = a.format
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: searchable, smaller
    try:
        f = h5py.File(a.results, "r")
    except FileNotFoundError:
        die(EXIT_IO, f"{a.results}: no such file")
    except OSError as e:
        die(EXIT_DATA, f"{a.results}: not a readable HDF5 file ({e})")
    if attr(f, "format") != "antroute-results":
        die(EXIT_DATA, f"{a.results}: not an antroute results file (format "
                       f"'{attr(f, 'format', 'none')}')")
    net = None
    if a.network:
        try:
            net = h5py.File(a.network, "r")
        except OSError as e:
            die(EXIT_IO, f"{a.network}: cannot open the network file ({e})")
    os.makedirs(a.out, exist_ok=True)
    kind = attr(f, "kind", "tour" if "best/tour" in f else "supply-chain")
    if kind == "tour":
        draw_tour(f, net, a.out)
        draw_tour_convergence(f, a.out)
    else:
        draw_flows(f, net, a.out)
        draw_goals(f, a.out)
        draw_supply_convergence(f, a.out)
    draw_bsp(f, a.out)


if __name__ == "__main__":
    main()
