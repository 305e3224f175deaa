#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Draw the pictures of `antroute report RESULTS.h5 -o DIR` (docs/guide.md, "Reports").

    /usr/bin/python3 build/share/antroute/report/antroute_report.py RESULTS.h5 --out DIR \
        [--network NETWORK.h5]

`antroute report` runs this script (found through ANTROUTE_REPORT_SCRIPT, else beside the
program: share/antroute/report/ of the build or the install); it can also be run by hand. This
file holds what every kind shares: reading and writing helpers, the convergence of the best cost,
the BSP time split, and main(). Each kind's own pictures are in a module report_<kind>.py beside
it (the build copies io/<kind>/report_<kind>.py there; run from the source tree, the script looks
in ../io/*/ too), chosen by the results file's `kind` attribute against the module's KIND:

  tour          tour.png         the best tour on the network's coordinates
                convergence.png  best length vs time; each colony's best per epoch
  supply-chain  flows.png        served orders from plants through origin ports to lanes
                goals.png        cost (warehouse, transport, penalty), transit time, CO2 and
                                 unserved orders per month
                convergence.png  best cost vs iteration per month; each colony's best per epoch
  road          route.png        the road network, the route on it and the stops
                convergence.png  best cost (seconds or metres) vs time
  every kind    bsp.png          BSP time split per rank, and per epoch/month when recorded
  (no module)   convergence.png  best cost vs time; each colony's best per epoch, and a note

A module defines KIND, MARKER (a dataset only its results hold, for files written without a
`kind` attribute), draw(f, net, outdir) and optionally bsp_periods(f) (its own split of the BSP
timings, when the results have no /epochs/rank_seconds).

Each picture is written to DIR/.NAME.tmp and renamed into place, so a reader never sees half a
picture. One line per picture goes to standard output ("picture: DIR/NAME"), one "note:" line
per picture skipped and why. Exit status: 0 ok, 3 the data cannot be drawn, 4 a missing module
(h5py, matplotlib) or a picture that cannot be written; the last line on standard error says why.
"""
import argparse
import errno
import glob
import importlib.util
import json
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
except ImportError as e:  # pragma: no cover
    die(EXIT_IO, f"pictures need matplotlib, but {sys.executable} cannot import {e.name} "
                 f"(Debian: apt-get install python3-matplotlib; or set ANTROUTE_PYTHON to a "
                 f"python3 that has it)")

DPI = 110
# One colour per phase, none shared (the CPU seconds are a marker, not a phase).
PHASE_COLOURS = {"construct": "#4c72b0", "update": "#55a868", "exchange": "#c44e52",
                 "checkpoint": "#8172b2", "io": "#8172b2", "other": "#b0b0b0",
                 "compute": "#4c72b0", "communication": "#c44e52", "sync": "#dd8452"}
CPU_COLOUR = "#222222"
# Columns of a rank's seconds that are not phases of its wall time.
NOT_PHASES = ("total", "cpu")

# What the pictures are drawn from, by picture (written with --data-json for tests).
DATA = {}


def record(picture, **values):
    """Keeps values (numbers, lists) drawn in picture for --data-json."""
    def plain(v):
        if isinstance(v, np.ndarray):
            return [plain(x) for x in v.tolist()]
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        if isinstance(v, (np.integer, np.floating)):
            return v.item()
        return v
    DATA.setdefault(picture, {}).update({k: plain(v) for k, v in values.items()})


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


# --- The declared layouts --------------------------------------------------------------------

# The datasets this script reads, by their declared names (`antroute formats --json`: the
# declarations of io/results/h5res_fields.c and the kinds' io/<kind>/h5res_<kind>_fields.c). The
# build puts the schema beside this script as formats.json and the paths come from it; these
# defaults serve a run from the source tree before a build, and the test formats_docs checks that
# they agree with the declarations.
PATHS = {
    "results:run": {
        "trace_time": "/trace/time",
        "trace_best": "/trace/best",
        "epochs_iteration": "/epochs/iteration",
        "epochs_best": "/epochs/best",
        "epochs_colony_best": "/epochs/colony_best",
        "epochs_rank_seconds": "/epochs/rank_seconds",
        "run_rank_seconds": "/run/rank_seconds",
    },
}
_schema = None


def schema():
    """The declarations of formats.json beside this script ({} when it is not there)."""
    global _schema
    if _schema is None:
        here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "formats.json")
        try:
            with open(here, encoding="utf-8") as fh:
                _schema = json.load(fh)
        except (OSError, ValueError):
            _schema = {}
    return _schema


def field(table, name):
    """The path of the declared field `name` of `table` ("results:run", "tour:results", ...): from
    the schema, else from PATHS (a kind's module adds its table there)."""
    declared = schema().get(table, {}).get("fields", {}).get(name)
    if declared:
        return declared["path"]
    return PATHS[table][name]


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


def code_table(spec):
    """A code list in a description ("0 AIR, 1 GROUND, -1 without lane") as {code: name}."""
    out = {}
    for part in re.split(r",\s*(?=-?\d+[ =])", spec or ""):
        m = re.match(r"\s*(-?\d+)[ =](.*)", part)
        if m:
            out[int(m.group(1))] = m.group(2).strip()
    return out


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

# --- Convergence (every kind: the engine's /trace and /epochs) --------------------------------

def draw_convergence(f, outdir, quantity="cost", units=None, optimum=None, bound=None,
                     method="lower bound"):
    """Best cost over time (/trace) and each colony's best per epoch (/epochs), with an optimum
    and a lower bound when the kind knows them."""
    t = array(f, field("results:run", "trace_time"), 1)
    b = array(f, field("results:run", "trace_best"), 1)
    e_it = array(f, field("results:run", "epochs_iteration"), 1)
    cb = array(f, field("results:run", "epochs_colony_best"), 2)
    e_best = array(f, field("results:run", "epochs_best"), 1)
    if (t is None or b is None or len(t) == 0) and cb is None:
        note("no /trace nor /epochs in the results: no convergence picture")
        return
    if optimum is not None and optimum <= 0:
        optimum = None
    label = f"{quantity} ({units})" if units else quantity
    seconds = number(get(f, "run"), "seconds")
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    ax = axes[0]
    if t is not None and b is not None and len(t):
        tt, bb = list(t), list(b)
        if seconds and seconds > tt[-1]:
            tt.append(seconds)
            bb.append(bb[-1])
        # Unclipped: at the optimum the line lies on the axis' lower edge.
        ax.step(tt, bb, where="post", color="#2a6db0", lw=1.8, label="best of all colonies",
                clip_on=False)
        ax.plot(t, b, "o", color="#2a6db0", ms=4, clip_on=False)
        # With an optimum the axis starts at it: a gap is never negative, so a bound below the
        # optimum is named in the legend rather than drawn below the axis.
        below = bool(bound and optimum and bound < optimum)
        if bound and not below:
            ax.axhline(bound, color="#d62728", ls=":", lw=1.2, clip_on=False,
                       label=f"lower bound {fmt(bound)} ({method})")
        elif below:
            ax.plot([], [], color="#d62728", ls=":", lw=1.2,
                    label=f"lower bound {fmt(bound)} ({method}; below the optimum)")
        if optimum:
            ax.axhline(optimum, color="#2ca02c", ls="--", lw=1, clip_on=False,
                       label=f"optimum {fmt(optimum)}")
            gap_axis(ax, optimum)
        ax.set_xlabel("time since the start of the search (s)")
        ax.set_ylabel(label)
        ax.set_title(f"Best {quantity} over time ({plural(len(t), 'improvement')} seen at "
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
        ax.set_ylabel(f"colony's best {label}")
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


def gap_axis(ax, optimum):
    """The gap to the optimum on the right of ax, from 0 %: the axis starts at the optimum."""
    lo, hi = ax.get_ylim()
    lo = max(lo, optimum)
    ax.set_ylim(lo, max(hi, lo * (1 + 1e-6) + 1e-9))
    gap = (lambda v: 100.0 * (v - optimum) / optimum, lambda g: optimum * (1 + g / 100.0))
    sec = ax.secondary_yaxis("right", functions=gap)
    sec.set_ylabel("gap to the optimum (%)")
    lo, hi = ax.get_ylim()
    record("convergence", gap_axis=[gap[0](lo), gap[0](hi)], optimum=optimum)


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



# --- BSP time split (both kinds) ----------------------------------------------------------------

def split_phases(t, cols):
    """[R][P] -> ordered {phase: [R]} without the total and the CPU seconds (not a phase: the
    process's CPU time over all its threads), plus 'other' = total - phases."""
    phases = {}
    total = None
    for j, c in enumerate(cols):
        if c == "total":
            total = t[:, j]
        elif c not in NOT_PHASES:
            phases[c] = t[:, j]
    if total is not None:
        other = total - sum(phases.values()) if phases else total
        phases["other"] = np.clip(other, 0, None)
    return phases


def column(t, cols, name):
    """Column name of [R][P] (None when absent)."""
    return t[:, cols.index(name)] if name in cols else None


def is_compute(name):
    return name not in ("exchange", "communication", "comm", "sync", "barrier", "io",
                        "checkpoint", "total", "other", "wait")


def phase_colour(name, k):
    return PHASE_COLOURS.get(name, plt.get_cmap("tab10")(k % 10))


def draw_bsp(f, outdir, kind_module=None):
    d = get(f, field("results:run", "run_rank_seconds"))
    per_epoch = []  # (label, [R][P] array, cols)
    e = get(f, field("results:run", "epochs_rank_seconds"))
    if isinstance(e, h5py.Dataset) and e.ndim == 3:
        cols = rank_seconds_columns(e, e.shape[2])
        it = array(f, field("results:run", "epochs_iteration"), 1)
        for k in range(e.shape[0]):
            per_epoch.append((str(int(it[k])) if it is not None and k < len(it) else str(k),
                              np.asarray(e[k], dtype=float), cols))
        period = "epoch (iteration at its end)"
    elif kind_module is not None and hasattr(kind_module, "bsp_periods"):
        period, per_epoch = kind_module.bsp_periods(f)  # the kind's own periods (months)
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
        cols = rank_seconds_columns(d, t.shape[1])
        phases = split_phases(t, cols)
        ax = axes[0]
        R = t.shape[0]
        x = np.arange(R)
        bottom = np.zeros(R)
        # The phases stacked up to the wall time ("other": the rest of it).
        for k, (name, v) in enumerate(phases.items()):
            ax.bar(x, v, 0.75, bottom=bottom, color=phase_colour(name, k), label=name)
            bottom += v
        cpu = column(t, cols, "cpu")
        if cpu is not None:
            ax.plot(x, cpu, "D", color=CPU_COLOUR, ms=7, ls="none",
                    label="CPU seconds (all threads)")
        record("bsp", wall=column(t, cols, "total"), stacked=bottom, cpu=cpu,
               phases={n: v for n, v in phases.items()},
               colours={n: matplotlib.colors.to_hex(phase_colour(n, k))
                        for k, n in enumerate(phases)})
        compute = sum(v for n, v in phases.items() if is_compute(n))
        title = "BSP time split per rank"
        if isinstance(compute, np.ndarray) and compute.mean() > 0:
            slow = int(np.argmax(compute))
            title += (f"\ncomputation imbalance max/mean {compute.max() / compute.mean():.2f}, "
                      f"slowest rank {slow}")
        if R <= 16:
            for xi, top in zip(x, bottom):
                ax.text(xi, top, f"{top:.3g} s wall", ha="center", va="bottom", fontsize=8)
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
def kind_modules():
    """{KIND: module} of the report_*.py beside this script (and, run from the source tree, in
    ../io/*/), each loaded once."""
    here = os.path.dirname(os.path.abspath(__file__))
    paths = glob.glob(os.path.join(here, "report_*.py"))
    if not paths:  # the source tree: tools/ beside io/
        paths = glob.glob(os.path.join(here, "..", "io", "*", "report_*.py"))
    # The modules import this one by its name: give them this very module (not a second copy).
    sys.modules.setdefault("antroute_report", sys.modules[__name__])
    modules = {}
    for path in sorted(paths):
        name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules[module.KIND] = module
    return modules


def main():
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    ap = argparse.ArgumentParser(description="Draw the pictures of an antroute results file.")
    ap.add_argument("results")
    ap.add_argument("--out", required=True, help="directory for the pictures")
    ap.add_argument("--network", help="the network file (coordinates, names)")
    ap.add_argument("--format", choices=["png", "svg"], default="png",
                    help="picture format (SVG keeps text as text)")
    ap.add_argument("--data-json", metavar="FILE",
                    help="also write the numbers the pictures are drawn from (for tests)")
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
    modules = kind_modules()
    kind = attr(f, "kind")
    if kind is None:  # written before the `kind` attribute: the kind whose datasets it holds
        kind = next((k for k, m in modules.items() if m.MARKER in f), None)
    module = modules.get(kind)
    if module is not None:
        module.draw(f, net, a.out)
    else:
        note(f"no picture module for {kind or 'kindless'} results (report_<kind>.py): only the "
             f"pictures every kind has")
        draw_convergence(f, a.out)
    draw_bsp(f, a.out, module)
    if a.data_json:
        with open(a.data_json, "w", encoding="utf-8") as fh:
            json.dump(DATA, fh, indent=1)


if __name__ == "__main__":
    main()
