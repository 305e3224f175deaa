#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""check_units.py RESULTS.h5...: every dataset of an antroute results file carries `units` and
`description` (strings: `description`), and every attribute NAME of a group carries NAME_units
(numbers) and NAME_description beside it (docs/formats.md, "Units"). The two bare fixed-interface
datasets /best/tour and /best/cost carry theirs on /best (`tour`, `tour_units`; `cost`,
`cost_units`). Prints one line per missing item; exit 1 when any is missing."""
import sys

import h5py

# Attributes of the root that describe the file itself (h5meta), not a quantity.
FILE_METADATA = {"format", "format_version", "created", "parameters", "tool_version",
                 "tool_build", "source", "tour_source", "name", "comment", "paths"}
SUFFIXES = ("_units", "_description")
BARE = {"/best/tour", "/best/cost"}


def is_number(value):
    return getattr(value, "dtype", None) is not None and value.dtype.kind in "iuf"


def check(path):
    missing = []

    def visit(name, obj):
        full = "/" + name
        if isinstance(obj, h5py.Dataset):
            if full in BARE:
                parent, leaf = obj.parent, full.rsplit("/", 1)[1]
                for need in (leaf, leaf + "_units"):
                    if need not in parent.attrs:
                        missing.append(f"{full}: no attribute {need} on {parent.name}")
                return
            need = ["description"] + (["units"] if obj.dtype.kind in "iuf" else [])
            missing.extend(f"{full}: no attribute {a}" for a in need if a not in obj.attrs)
        else:
            group_attrs(obj, missing)

    with h5py.File(path, "r") as f:
        group_attrs(f, missing, root=True)
        f.visititems(visit)
    return missing


def group_attrs(g, missing, root=False):
    names = set(g.attrs.keys())
    for a in sorted(names):
        if a.endswith(SUFFIXES) or (root and a in FILE_METADATA):
            continue
        if g.name == "/best" and a in ("tour", "cost"):  # the bare datasets' meanings
            continue
        where = f"{g.name} attribute {a}"
        if a + "_description" not in names:
            missing.append(f"{where}: no {a}_description")
        if is_number(g.attrs[a]) and a + "_units" not in names:
            missing.append(f"{where}: no {a}_units")


def main():
    bad = 0
    for path in sys.argv[1:]:
        try:
            missing = check(path)
        except OSError as e:  # the next file is still checked
            missing = [f"cannot be read: {e}"]
        for m in missing:
            print(f"{path}: {m}")
        bad += len(missing)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
