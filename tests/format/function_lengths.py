#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""function_lengths.py ROOT [LIMIT]: C functions longer than LIMIT lines (default 100) in the
layers' sources (src/, io/, checkpoint/). A function may be longer when the line before it (its
comment) says why with "long function:". Prints one line per offender; exit 1 if any."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 100
head = re.compile(r'^[A-Za-z_][\w \*]*\b(\w+)\([^;]*$')
bad = []
for top in ('src', 'io', 'checkpoint'):
    for dp, _, fn in os.walk(os.path.join(root, top)):
        for f in sorted(fn):
            if not f.endswith('.c'):
                continue
            path = os.path.join(dp, f)
            lines = open(path).read().split('\n')
            i = 0
            while i < len(lines):
                m = head.match(lines[i])
                if m and not lines[i].startswith(('typedef', 'struct', 'enum', 'static const',
                                                  'const ')):
                    # find the opening brace at column 0 ending the signature
                    j = i
                    while j < len(lines) and not lines[j].rstrip().endswith('{') and \
                            not lines[j].rstrip().endswith(';'):
                        j += 1
                    if j < len(lines) and lines[j].rstrip().endswith('{'):
                        k = j + 1
                        while k < len(lines) and lines[k] != '}':
                            k += 1
                        n = k - i + 1
                        before = '\n'.join(lines[max(0, i - 6):i])
                        if n > limit and 'long function:' not in before:
                            bad.append('%s:%d: %s is %d lines' %
                                       (os.path.relpath(path, root), i + 1, m.group(1), n))
                        i = k
                i += 1
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
