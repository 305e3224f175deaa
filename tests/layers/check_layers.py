#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""check_layers.py ROOT: antroute's layer rules, read from the source text (docs/architecture.md).

1. Every folder named by an ar_layer(TARGET DIR FLOOR F DEPENDS ...) call in ROOT/CMakeLists.txt is
   a layer on floor F (0a, 0b, 1, 2, ...). A layer links only layers on lower floors; a file of a
   layer may include (#include "x.h") only headers of its own folder or of the layers it links
   directly (the build makes nothing visible transitively). An upward, sideways or indirect
   include is an error.
2. Header names are unique across the layers (a flat include path must not be ambiguous).
3. A header named *_state.h holds a module's private state: only files of its own layer include it.
4. No circles between the modules of a layer. A module is a file stem (x.c with x.h); a function
   or variable belongs to the module of the .c file that defines it, wherever it is declared, and
   whatever else a header holds (types, macros, inline functions) belongs to the header's own
   module. Module A depends on B when a file of A includes a header of B, or uses a declaration
   that B defines through a header it includes. A circle is an error, named with its modules: a
   header that declares another file's functions cannot hide one.
5. The table of docs/architecture.md has one row per layer with its floor, folder, target and the
   folders it links, exactly as CMakeLists.txt says.
Prints one line per problem and exits 1 if there is any, else prints a summary and exits 0.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
cmake = open(os.path.join(root, 'CMakeLists.txt')).read()
layers = {}  # target -> (dir, [direct deps], floor)
problems = []
for m in re.finditer(r'^ar_layer\((\w+)\s+(\S+)([^)]*)\)', cmake, re.M):
    words = m.group(3).split()
    deps, mode, floor = [], None, None
    for w in words:
        if w in ('DEPENDS', 'LIBS', 'EXCLUDE', 'FLOOR'):
            mode = w
        elif mode == 'DEPENDS':
            deps.append(w)
        elif mode == 'FLOOR':
            floor = w
    if floor is None:
        problems.append('ar_layer(%s %s) names no FLOOR' % (m.group(1), m.group(2)))
    layers[m.group(1)] = (m.group(2), deps, floor)
if not layers:
    print('no ar_layer() calls in CMakeLists.txt')
    sys.exit(1)


def floor_key(f):
    """'0a' -> (0, 'a'), '3' -> (3, ''): the order of the floors."""
    m = re.match(r'^(\d+)([a-z]?)$', f or '')
    return (int(m.group(1)), m.group(2)) if m else None


for t, (d, deps, f) in layers.items():
    if f is not None and floor_key(f) is None:
        problems.append('%s: FLOOR %s is not a floor (0a, 0b, 1, 2, ...)' % (t, f))
    for x in deps:
        if x not in layers:
            problems.append('%s depends on %s, which is not a layer' % (t, x))
            continue
        a, b = floor_key(f), floor_key(layers[x][2])
        if a is not None and b is not None and b >= a:
            problems.append('%s (floor %s) links %s on floor %s: a layer links only lower floors' %
                            (t, f, x, layers[x][2]))

header_layer = {}  # header name -> target
files = {}  # target -> [paths]
for t, (d, _, _) in layers.items():
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
header_layer.setdefault('ar_commit.h', 'ar_base')

include_rx = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
texts = {}
for t in layers:
    for p in files[t]:
        texts[p] = open(p).read()

for t in layers:
    allowed = set(layers[t][1]) | {t}
    for p in files[t]:
        rel = os.path.relpath(p, root)
        for inc in include_rx.findall(texts[p]):
            owner = header_layer.get(os.path.basename(inc))
            if owner is None:
                problems.append('%s includes "%s", which is in no layer' % (rel, inc))
            elif owner != t and os.path.basename(inc).endswith('_state.h'):
                problems.append('%s includes "%s", the private state of layer %s' %
                                (rel, inc, layers[owner][0]))
            elif owner not in allowed:
                problems.append('%s (layer %s) includes "%s" of layer %s, which %s does not '
                                'link' % (rel, layers[t][0], inc, layers[owner][0], layers[t][0]))


# --- Declarations and definitions, from the text without comments, strings and directives ------
def code_of(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"'(\\.|[^'\\\n])*'", "''", text)
    text = re.sub(r'^\s*#(\\\n|[^\n])*', ' ', text, flags=re.M)
    return text


def top_level(code):
    """The statements at file level: (text before its first '{' or ';', ended by '{' or ';')."""
    out, depth, paren, start = [], 0, 0, 0
    for i, ch in enumerate(code):
        if ch == '(':
            paren += 1
        elif ch == ')':
            paren -= 1
        elif ch == '{':
            if depth == 0 and paren == 0:
                out.append((code[start:i], '{'))
            depth += 1
        elif ch == '}':
            depth -= 1
            if depth == 0 and paren == 0:
                start = i + 1
        elif ch == ';' and depth == 0 and paren == 0:
            out.append((code[start:i], ';'))
            start = i + 1
    return out


ident_rx = re.compile(r'[A-Za-z_]\w*')
SKIP = ('typedef', 'struct', 'enum', 'union')


def declared_name(stmt):
    """The function or variable a file-level statement declares or defines, or None."""
    s = stmt.strip()
    if not s or s.split()[0] in SKIP or s.startswith('}'):
        return None
    if '(' in s and '=' not in s.split('(')[0]:
        head = s.split('(')[0].split()
        return head[-1].lstrip('*') if head else None
    head = s.split('=')[0].split('[')[0].split()
    return head[-1].lstrip('*') if len(head) >= 2 else None


def definitions(code):
    """Names of the functions and variables defined (not static) in a .c file."""
    names = set()
    for stmt, end in top_level(code):
        words = stmt.split()
        if not words or 'static' in words or 'extern' in words:
            continue
        if end == '{' or (end == ';' and '(' not in stmt):
            name = declared_name(stmt)
            if name:
                names.add(name)
    return names


def declarations(code):
    """Names of the functions and variables a header declares (prototypes, extern variables)."""
    names = set()
    for stmt, end in top_level(code):
        words = stmt.split()
        if end != ';' or not words or 'static' in words:
            continue
        if '(' in stmt or 'extern' in words:
            name = declared_name(stmt)
            if name:
                names.add(name)
    return names


def stem(p):
    return os.path.splitext(os.path.basename(p))[0]


# Circles between modules of one layer.
for t, (d, _, _) in layers.items():
    stems = {}
    for p in files[t]:
        stems.setdefault(stem(p), []).append(p)
    code = {p: code_of(texts[p]) for p in files[t]}
    owner = {}  # name -> module that defines it
    for p in files[t]:
        if p.endswith('.c'):
            for n in definitions(code[p]):
                owner[n] = stem(p)
    decls = {}  # header path -> names it declares
    for p in files[t]:
        if p.endswith('.h'):
            decls[p] = declarations(code[p])
    by_name = {os.path.basename(p): p for p in files[t]}
    edges = {s: set() for s in stems}
    for s, paths in stems.items():
        for p in paths:
            used = set(ident_rx.findall(code[p]))
            for inc in include_rx.findall(texts[p]):
                h = by_name.get(os.path.basename(inc))
                if h is None:
                    continue
                targets = {stem(h)}
                for n in decls.get(h, ()):
                    if n in used and n in owner:
                        targets.add(owner[n])
                edges[s] |= targets - {s}
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

# The table of docs/architecture.md: | floor | `folder` | `target` | owns | links |
doc_path = os.path.join(root, 'docs', 'architecture.md')
if os.path.exists(doc_path):
    rows = {}
    for line in open(doc_path):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) < 5 or not re.match(r'^\d+[a-z]?$', cells[0]):
            continue
        folder = cells[1].strip('`')
        rows[folder] = cells
    by_dir = {d: (t, deps, f) for t, (d, deps, f) in layers.items()}
    for d, (t, deps, f) in sorted(by_dir.items()):
        row = rows.get(d)
        if row is None:
            problems.append('docs/architecture.md: no row for layer %s (%s)' % (d, t))
            continue
        if row[0] != f:
            problems.append('docs/architecture.md: %s is on floor %s, CMakeLists.txt says %s' %
                            (d, row[0], f))
        if t not in row[2]:
            problems.append('docs/architecture.md: the target of %s is %s, CMakeLists.txt says %s' %
                            (d, row[2], t))
        links = set(re.findall(r'`([^`]+)`', row[-1]))
        want = {layers[x][0] for x in deps if x in layers}
        if links & set(by_dir) != want:
            problems.append('docs/architecture.md: %s links %s, CMakeLists.txt says %s' %
                            (d, ', '.join(sorted(links & set(by_dir))) or 'nothing',
                             ', '.join(sorted(want)) or 'nothing'))
    for d in sorted(set(rows) - set(by_dir)):
        problems.append('docs/architecture.md: the row of %s names no layer of CMakeLists.txt' % d)

for p in problems:
    print(p)
if problems:
    sys.exit(1)
print('%d layers on %d floors, %d files: every include goes down to a linked layer; no circles' %
      (len(layers), len({f for _, _, f in layers.values()}), sum(len(v) for v in files.values())))
