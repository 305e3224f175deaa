#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""check_picture_data.py DATA.json CHECK...: the numbers the report pictures are drawn from
(antroute_report.py --data-json) tell the truth. CHECKs:
  bsp          the phases stacked per rank add up to the wall time (within 1e-6 relative),
               "other" is among them, the CPU seconds are not, and no two phases share a colour
  convergence  the gap axis starts at 0 % or above
  goals        each part of the cost is visible: a log axis whose lower limit is below each
               part's positive values (or one panel per part)
Prints one line per failure; exit 1 when any."""
import json
import sys


def check_bsp(d, bad):
    b = d.get("bsp")
    if not b:
        return bad.append("bsp: no data")
    for r, (wall, top) in enumerate(zip(b["wall"], b["stacked"])):
        if abs(top - wall) > 1e-6 * max(abs(wall), 1e-9):
            bad.append(f"bsp: rank {r}: the stack reaches {top} s, the wall time is {wall} s")
    if "other" not in b["phases"]:
        bad.append("bsp: no 'other' phase")
    if "cpu" in b["phases"]:
        bad.append("bsp: the CPU seconds are stacked as a phase")
    colours = list(b["colours"].values())
    if len(set(colours)) != len(colours):
        bad.append(f"bsp: phases share a colour: {b['colours']}")


def check_convergence(d, bad):
    c = d.get("convergence")
    if not c:
        return bad.append("convergence: no gap axis (no optimum?)")
    if c["gap_axis"][0] < 0:
        bad.append(f"convergence: the gap axis starts at {c['gap_axis'][0]} %")


def check_goals(d, bad):
    g = d.get("goals")
    if not g:
        return bad.append("goals: no data")
    if g["cost_yscale"] != "log":
        return bad.append(f"goals: the cost axis is {g['cost_yscale']}, not log")
    low, high = g["cost_ylim"]
    for part, values in g["cost_parts"].items():
        for v in values:
            if v > 0 and not low < v < high:
                bad.append(f"goals: {part} {v} outside the axis {low} .. {high}")


def main():
    data = json.load(open(sys.argv[1], encoding="utf-8"))
    bad = []
    for name in sys.argv[2:]:
        {"bsp": check_bsp, "convergence": check_convergence, "goals": check_goals}[name](data, bad)
    for b in bad:
        print(b)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
