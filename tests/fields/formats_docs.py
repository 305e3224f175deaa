#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""formats_docs.py ANTROUTE DOCS.md [--update]: the tables of docs/formats.md between
<!-- formats:ID --> and <!-- end --> must be what `antroute formats --markdown` prints for ID, every
declared table must appear once, and no marker may name a table nobody declares. With --update,
rewrites the blocks from the program (the markers must already be in place)."""
import re
import subprocess
import sys

BLOCK = re.compile(r"<!-- formats:([^ ]+) -->\n(.*?)<!-- end -->\n", re.S)


def blocks(text):
    return [(m.group(1), m.group(2), m.span()) for m in BLOCK.finditer(text)]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    antroute, docs, update = sys.argv[1], sys.argv[2], "--update" in sys.argv[3:]
    out = subprocess.run([antroute, "formats", "--markdown"], check=True, capture_output=True,
                         text=True).stdout
    declared = {k: v for k, v, _ in blocks(out)}
    text = open(docs, encoding="utf-8").read()
    found = blocks(text)
    problems = []
    seen = {}
    for key, body, _ in found:
        seen[key] = seen.get(key, 0) + 1
        if key not in declared:
            problems.append(f"{docs}: <!-- formats:{key} --> names no declared table")
        elif body != declared[key] and not update:
            problems.append(f"{docs}: the table {key} differs from `antroute formats --markdown`"
                            " (regenerate: python3 tests/fields/formats_docs.py build/antroute "
                            "docs/formats.md --update)")
    for key in declared:
        if seen.get(key, 0) != 1:
            problems.append(f"{docs}: the declared table {key} appears {seen.get(key, 0)} times "
                            "(add <!-- formats:" + key + " --> ... <!-- end --> once)")
    if update and not any("names no" in p or "appears" in p for p in problems):
        for key, body, (start, end) in reversed(found):
            text = text[:start] + f"<!-- formats:{key} -->\n{declared[key]}<!-- end -->\n" + \
                text[end:]
        open(docs, "w", encoding="utf-8").write(text)
        print(f"{docs}: {len(found)} tables written")
        return 0
    for p in problems:
        print("FAILED:", p)
    if not problems:
        print(f"ok: {len(found)} tables of {docs} are the declarations")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
