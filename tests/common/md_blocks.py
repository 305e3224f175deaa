# SPDX-License-Identifier: BSD-3-Clause
"""Splits a Markdown page (docs/guide.md) into its fenced code blocks, one file per block, for the
tests that run the guide's commands (report_guide_commands, install_guide).

Usage: md_blocks.py PAGE OUTDIR TAGS [SECTION] [--marked NAME]

Writes OUTDIR/LLLLL.TAG for each ```TAG block with TAG in the comma list TAGS, LLLLL the line of
its opening fence in PAGE (zero-padded, so that the files sort in the page's order, also when two calls write
into one folder). The first line of each file is "# PAGE:LINE", the block's body follows. With
SECTION ("2"), only the blocks under the heading "## SECTION." (up to the next "## "); with
--marked NAME, only the blocks whose preceding line is the comment "<!-- test: NAME -->" (a
marker the rendered page does not show). Prints how many blocks it wrote.
"""
import re
import sys


def blocks(lines):
    """(tag, first body line number, body lines, section, marker) of each fenced block."""
    fence, heading = re.compile(r"^```(\w*)\s*$"), re.compile(r"^## (\d+)\.")
    marker = re.compile(r"^<!-- test: ([\w-]+) -->\s*$")
    section, i = None, 0
    while i < len(lines):
        h, m = heading.match(lines[i]), fence.match(lines[i])
        if h:
            section = h.group(1)
        if not m:
            i += 1
            continue
        mark = marker.match(lines[i - 1]) if i > 0 else None
        tag, start, body = m.group(1), i + 1, []
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        yield tag, start, body, section, mark.group(1) if mark else None


def main(argv):
    args = list(argv[1:])
    marked = None
    if "--marked" in args:
        k = args.index("--marked")
        marked = args[k + 1]
        del args[k : k + 2]
    page, out, tags = args[0], args[1], args[2].split(",")
    section = args[3] if len(args) > 3 else None
    lines = open(page, encoding="utf-8").read().split("\n")
    n = 0
    for tag, start, body, sec, mark in blocks(lines):
        if tag not in tags or (section and sec != section) or (marked and mark != marked):
            continue
        n += 1
        with open(f"{out}/{start:05d}.{tag}", "w", encoding="utf-8") as f:
            f.write(f"# {page}:{start}\n" + "\n".join(body) + "\n")
    print(n)


if __name__ == "__main__":
    main(sys.argv)
