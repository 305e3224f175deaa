#!/usr/bin/env python3
"""check_layers.py ROOT: antroute's layer rules, read from the source text (docs/architecture.md).

1. Every folder named by an ar_layer(TARGET DIR DEPENDS ...) call in ROOT/CMakeLists.txt is a
   layer; a file of a layer may include (#include "x.h") only headers of its own folder or of the
   layers it depends on, directly or through them. An upward or sideways include is an error.
2. Header names are unique across the layers (a flat include path must not be ambiguous).
3. A header named *_state.h holds a module's private state: only files of its own layer include it.
4. No circles between the modules of a layer: a module is a file stem (x.c with x.h); module A
   depends on B when A's files include B.h. A circle is an error, named with its modules.
Prints one line per problem and exits 1 if there is any, else prints a summary and exits 0.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
cmake = open(os.path.join(root, 'CMakeLists.txt')).read()
layers = {}  # target -> (dir, [direct deps])
for m in re.finditer(r'^ar_layer\((\w+)\s+(\S+)([^)]*)\)', cmake, re.M):
    words = m.group(3).split()
    deps, mode = [], None
    for w in words:
        if w in ('DEPENDS', 'LIBS', 'EXCLUDE'):
            mode = w
        elif mode == 'DEPENDS':
            deps.append(w)
    layers[m.group(1)] = (m.group(2), deps)
problems = []
if not layers:
    print('no ar_layer() calls in CMakeLists.txt')
    sys.exit(1)
for t, (d, deps) in layers.items():
    for x in deps:
        if x not in layers:
            problems.append('%s depends on %s, which is not a layer' % (t, x))


def closure(t, seen=None):
    seen = set() if seen is None else seen
    for x in layers[t][1]:
        if x in layers and x not in seen:
            seen.add(x)
            closure(x, seen)
    return seen


header_layer = {}  # header name -> target
files = {}  # target -> [paths]
for t, (d, _) in layers.items():
    full = os.path.join(root, d)
    files[t] = sorted(os.path.join(full, f) for f in os.listdir(full) if f.endswith(('.c', '.h')))
    for p in files[t]:
        name = os.path.basename(p)
        if name.endswith('.h'):
            if name in header_layer:
                problems.append('%s: header name also in %s' % (os.path.relpath(p, root),
                                                                layers[header_layer[name]][0]))
            header_layer[name] = t
# Generated headers belong to the base layer.
header_layer.setdefault('ar_version.h', 'ar_base')

include_rx = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
for t in layers:
    allowed = closure(t) | {t}
    for p in files[t]:
        rel = os.path.relpath(p, root)
        for inc in include_rx.findall(open(p).read()):
            owner = header_layer.get(os.path.basename(inc))
            if owner is None:
                problems.append('%s includes "%s", which is in no layer' % (rel, inc))
            elif owner != t and os.path.basename(inc).endswith('_state.h'):
                problems.append('%s includes "%s", the private state of layer %s' %
                                (rel, inc, layers[owner][0]))
            elif owner not in allowed:
                problems.append('%s (layer %s) includes "%s" of layer %s, which %s does not '
                                'depend on' % (rel, layers[t][0], inc, layers[owner][0],
                                                layers[t][0]))

# Circles between modules of one layer.
for t, (d, _) in layers.items():
    stems = {}
    for p in files[t]:
        stems.setdefault(os.path.splitext(os.path.basename(p))[0], []).append(p)
    edges = {s: set() for s in stems}
    for s, paths in stems.items():
        for p in paths:
            for inc in include_rx.findall(open(p).read()):
                o = os.path.splitext(os.path.basename(inc))[0]
                if o in stems and o != s:
                    edges[s].add(o)
    state, stack = {}, []

    def visit(s):
        state[s] = 1
        stack.append(s)
        for o in sorted(edges[s]):
            if state.get(o) == 1:
                cyc = stack[stack.index(o):] + [o]
                problems.append('%s: circle between files: %s' % (d, ' -> '.join(cyc)))
            elif o not in state:
                visit(o)
        stack.pop()
        state[s] = 2

    for s in sorted(stems):
        if s not in state:
            visit(s)

for p in problems:
    print(p)
if problems:
    sys.exit(1)
print('%d layers, %d files: every include goes down or stays in its layer; no circles' %
      (len(layers), sum(len(v) for v in files.values())))
