# SPDX-License-Identifier: BSD-3-Clause
"""report_supply: the supply-chain kind's pictures for antroute_report.py (tools/; see its
docstring).

  flows.png         served orders from plants through origin ports to lanes
  goals.png         cost (warehouse, transport, penalty), transit time, CO2 and unserved orders
                    per month
  convergence.png   best cost vs iteration per month; each colony's best per epoch
  (bsp.png)         the BSP time split per month (bsp_periods)
"""
import h5py
import matplotlib
import numpy as np
from matplotlib.patches import PathPatch, Rectangle
from matplotlib.path import Path

import antroute_report as ar
from antroute_report import (EXIT_DATA, array, attr, die, draw_colony_lines, get, note, number,
                             plural, plt, rank_seconds_columns, save, strings, text)

KIND = "supply-chain"
# The datasets drawn, by their declared names (io/supply/h5res_supply_fields.c and
# h5net_supply_fields.c; the schema formats.json when the build put it beside antroute_report.py,
# else these defaults, which the test formats_docs checks against the declarations).
ar.PATHS["supply-chain:results"] = {
    "months_year": "/months/year",
    "months_month": "/months/month",
    "months_wc": "/months/wc",
    "months_tc": "/months/tc",
    "months_penalty": "/months/penalty",
    "months_cost": "/months/cost",
    "months_time": "/months/time",
    "months_co2": "/months/co2",
    "months_served": "/months/served",
    "months_unserved": "/months/unserved",
    "months_min_unserved": "/months/min_unserved",
    "months_gap_to_bound": "/months/gap_to_bound",
    "month_trace_iteration": "/months/YYYY-MM/trace/iteration",
    "month_trace_key0": "/months/YYYY-MM/trace/key0",
    "month_trace_key1": "/months/YYYY-MM/trace/key1",
    "month_rank_seconds": "/months/YYYY-MM/rank_seconds",
    "codes_plants": "/codes/plants",
    "codes_ports": "/codes/ports",
    "codes_carriers": "/codes/carriers",
    "plan_month": "/plan/month",
    "plan_served": "/plan/served",
    "plan_plant": "/plan/plant",
    "plan_port": "/plan/port",
    "plan_lane": "/plan/lane",
    "plan_carrier": "/plan/carrier",
    "plan_mode": "/plan/mode",
    "totals_goal_order": "/totals/goal_order",
}
ar.PATHS["supply-chain:network"] = {
    "plants_code": "/supply/plants/code",
    "ports_code": "/supply/ports/code",
    "carriers_code": "/supply/carriers/code",
    "lanes_carrier": "/supply/lanes/carrier",
    "lanes_mode": "/supply/lanes/mode",
    "lanes_dest_port": "/supply/lanes/dest_port",
}


def res(name):
    """The path of a declared field of the supply-chain results."""
    return ar.field("supply-chain:results", name)


def net_path(name):
    """The path of a declared field of the supply-chain network."""
    return ar.field("supply-chain:network", name)


def in_month(name, table="supply-chain:results"):
    """A field declared under each month's group (/months/YYYY-MM/...), or a run field that such
    a group repeats (results:run), as a path relative to the month's group."""
    path = ar.field(table, name)
    return path.split("/YYYY-MM/", 1)[1] if "/YYYY-MM/" in path else path.lstrip("/")


def declared(name):
    """Whether the supply-chain results declare field `name`."""
    try:
        res(name)
        return True
    except KeyError:
        return False


def parent(path):
    return path.rsplit("/", 1)[0]


MARKER = parent(res("totals_goal_order"))  # results written before `kind` hold /totals

GOAL_COLOURS = {"warehouse": "#4c72b0", "transport": "#dd8452", "penalty": "#c44e52",
                "cost": "#4c72b0", "time": "#55a868", "co2": "#8c8c8c"}

# The layout of `solve` on a supply-chain network (io/supply/h5res_supply.h): /plan (one row per order:
# month = row of /months, served, plant, port, lane, carrier, mode, wc, tc, time, co2, reason),
# /codes/{plants,ports,carriers}, /months (one column per quantity, one row per month; traces in
# /months/YYYY-MM/trace), /totals (attributes), /unserved.

GOALS = [("warehouse", "months_wc"), ("transport", "months_tc"), ("penalty", "months_penalty"),
         ("cost", "months_cost"), ("time", "months_time"), ("co2", "months_co2"),
         ("served", "months_served"), ("unserved", "months_unserved"),
         ("fewest", "months_min_unserved")]


GOAL_NAMES = {"weighted": "weighted goal", "cost": "cost", "time": "transit time", "co2": "CO2"}


def month_table(f):
    """(labels, {goal: array or None}) from the columns of /months, or ([], {})."""
    month = array(f, res("months_month"), 1)
    if month is None or len(month) == 0:
        return [], {}
    year = array(f, res("months_year"), 1)
    if year is not None and len(year) == len(month):
        labels = [f"{int(y):04d}-{int(mo):02d}" for y, mo in zip(year, month)]
    else:
        labels = [f"month {int(mo)}" for mo in month]
    cols = {}
    for key, name in GOALS:
        v = array(f, res(name), 1)
        if v is not None and len(v) != len(labels):
            die(EXIT_DATA, f"{f.filename}: dataset {res(name)} has {len(v)} rows, "
                           f"{res('months_month')} has {len(labels)}")
        cols[key] = v
    return labels, cols


def month_groups(f, labels):
    """[(label, group)] of the per-month groups /months/LABEL that exist."""
    m = get(f, parent(res("months_month")))
    return [(lab, m[lab]) for lab in labels if isinstance(get(m, lab), h5py.Group)]


class Names:
    """Names of plants, ports, carriers and lanes: /codes of the results, else the network, else
    indices."""

    def __init__(self, f, net):
        self.plants = strings(f, res("codes_plants")) or strings(net, net_path("plants_code"))
        self.ports = strings(f, res("codes_ports")) or strings(net, net_path("ports_code"))
        self.carriers = strings(f, res("codes_carriers")) or strings(net,
                                                                    net_path("carriers_code"))
        self.modes = {0: "AIR", 1: "GROUND"}
        lc = get(net, net_path("lanes_carrier"))
        self.lane_carrier = lc[()] if lc is not None else None
        self.lane_mode = strings(net, net_path("lanes_mode"))
        ld = get(net, net_path("lanes_dest_port"))
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
    if not isinstance(get(f, res("plan_plant")), h5py.Dataset):
        return None, []
    cols = {}
    for key in ("plant", "port", "lane", "carrier", "mode", "served", "month"):
        d = get(f, res("plan_" + key))
        if isinstance(d, h5py.Dataset) and d.ndim == 1:
            cols[key] = d[()]
    n = len(cols["plant"])
    for key, v in cols.items():
        if len(v) != n:
            die(EXIT_DATA, f"{f.filename}: dataset {res('plan_' + key)} has {len(v)} rows, "
                           f"{res('plan_plant')} has {n}")
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
            draw_cost_parts(ax, x, bw, parts or ["cost"], cols)
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


def draw_cost_parts(ax, x, bw, parts, cols):
    """The parts of the cost side by side on a log axis, each bar labelled with its value: a
    12.7 k transport cost stays readable beside a 6.2 M warehouse cost (stacked on a linear axis
    it would be a hair)."""
    w = bw / len(parts)
    shown = []
    for j, k in enumerate(parts):
        v = np.asarray(cols[k], dtype=float)
        xs = x - bw / 2 + w * (j + 0.5)
        ax.bar(xs, np.where(v > 0, v, np.nan), w * 0.92, color=GOAL_COLOURS[k], label=k)
        for xi, vi in zip(xs, v):
            ax.text(xi, vi if vi > 0 else 1, si(vi), ha="center", va="bottom", fontsize=7,
                    rotation=90 if len(x) * len(parts) > 12 else 0)
        shown.append(v)
    ax.set_yscale("log")
    positive = np.concatenate(shown)
    positive = positive[positive > 0]
    if positive.size:  # from a decade below the smallest part to room for the labels above
        ax.set_ylim(10 ** np.floor(np.log10(positive.min()) - 0.3), positive.max() * 8)
    ax.set_ylabel("cost (USD, log scale)")
    total = sum(np.asarray(cols[k], dtype=float) for k in parts)
    ax.set_title("Cost of the best plan per month" +
                 (": " + ", ".join(parts) + f" (total {si(total.sum())} USD)"
                  if len(parts) > 1 else ""))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(si))
    ar.record("goals", cost_yscale=ax.get_yscale(), cost_ylim=list(ax.get_ylim()),
              cost_parts={k: cols[k] for k in parts})


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
    goal_order = res("totals_goal_order")  # an attribute of /totals
    order = (attr(get(f, parent(goal_order)), goal_order.rsplit("/", 1)[1], "") or "").split(",")
    fewest = dict(zip(months, cols["fewest"])) if cols and cols["fewest"] is not None else {}
    # Each month's cost bound, as the distance below its final served cost (solve's min-cost flow).
    gaps = array(f, res("months_gap_to_bound"), 1)
    served = [a + b for a, b in zip(cols["warehouse"], cols["transport"])] \
        if cols and cols.get("warehouse") is not None and cols.get("transport") is not None else []
    below = {lab: g * c / 100.0 for lab, g, c in zip(months, gaps, served) if np.isfinite(g)} \
        if gaps is not None and len(served) == len(months) else {}
    keys = {}  # goal name -> [(month, iterations, values)]
    colonies = []
    for label, m in month_groups(f, months):
        it = array(m, in_month("month_trace_iteration"), 1)
        for j in range(4):  # the goals' keys the layout declares (key0, key1, ...)
            v = array(m, in_month(f"month_trace_key{j}"), 1) if declared(
                f"month_trace_key{j}") else None
            if v is None and j == 0:
                v = array(m, in_month("trace_best", "results:run"), 1)
            if v is None or not len(v):
                continue
            name = order[j] if j < len(order) and order[j] else f"goal {j + 1}"
            x = it if it is not None and len(it) == len(v) else np.arange(len(v), dtype=float)
            keys.setdefault(name, []).append((label, x, v))
        cb = array(m, in_month("epochs_colony_best", "results:run"), 2)
        if cb is not None and cb.size:
            colonies.append((label, cb, array(m, in_month("epochs_best", "results:run"), 1)))
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


def draw(f, net, outdir):
    draw_flows(f, net, outdir)
    draw_goals(f, outdir)
    draw_supply_convergence(f, outdir)


def bsp_periods(f):
    """The BSP timings per month (/months/LABEL/rank_seconds): (period, [(label, [R][P], cols)])."""
    per_month = []
    for label, m in month_groups(f, month_table(f)[0]):
        md = get(m, in_month("month_rank_seconds"))
        if isinstance(md, h5py.Dataset) and md.ndim == 2:
            per_month.append((str(label), np.asarray(md[()], dtype=float),
                              rank_seconds_columns(md, md.shape[1])))
    return "month", per_month
