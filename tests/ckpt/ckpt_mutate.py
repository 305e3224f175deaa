#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""ckpt_mutate.py: the damage corpus of issue #12, made from real checkpoints of one run.

  ckpt_mutate.py BASE NEWEST OLDER OUT SEED

BASE is a checkpoint folder; NEWEST and OLDER two checkpoint files in it (of the same run). For
every mutation, OUT/mNNN is a copy of BASE with NEWEST changed in one way, and one line
"mNNN what" is printed. The mutations, seeded by SEED:
  - every attribute changed in turn: each root attribute, and the crc32, distributed and
    description attributes of every dataset (a number changed, a string altered);
  - attributes removed: header_crc32, complete, crc32 of a dataset;
  - a value of each dataset changed, its recorded crc32 left as it was;
  - bit flips at seeded offsets spread over the whole file;
  - truncation at many offsets;
  - each dataset that differs replaced by the one of OLDER (with its attributes), between two checkpoints of
    the same run.
Every mutated checkpoint must either be found damaged (and an older one or a fresh start used) or
be intact in what it says; either way the resumed run ends with the uninterrupted run's answer.
"""
import os
import random
import shutil
import sys

import h5py
import numpy as np

base, newest, older, out, seed = sys.argv[1:6]
rng = random.Random(int(seed))
mutations = []


def mutation(what):
    def add(fn):
        mutations.append((what, fn))
        return fn
    return add


def changed(value):
    """A value of the same kind that differs."""
    if isinstance(value, (bytes, np.bytes_)):
        return np.bytes_(bytes(value)[:-1] + (b"x" if not bytes(value).endswith(b"x") else b"y")
                         if len(value) else b"x")
    if isinstance(value, (float, np.floating)):
        return np.float64(value * 1.5 + 1.0)
    return np.int64(int(value) + 1)


with h5py.File(newest, "r") as f:
    root_attrs = sorted(f.attrs.keys())
    datasets = []
    f.visititems(lambda n, o: datasets.append(n) if isinstance(o, h5py.Dataset) else None)
    dataset_attrs = {d: sorted(f[d].attrs.keys()) for d in datasets}
    size = os.path.getsize(newest)

for name in root_attrs:
    @mutation(f"root attribute {name} changed")
    def _(f, name=name):
        f.attrs[name] = changed(f.attrs[name])

for d in datasets:
    for name in dataset_attrs[d]:
        @mutation(f"attribute {name} of /{d} changed")
        def _(f, d=d, name=name):
            f[d].attrs[name] = changed(f[d].attrs[name])

for name in ("header_crc32", "complete"):
    @mutation(f"root attribute {name} removed")
    def _(f, name=name):
        del f.attrs[name]


@mutation(f"attribute crc32 of /{datasets[0]} removed")
def _(f):
    del f[datasets[0]].attrs["crc32"]


for d in datasets:
    @mutation(f"a value of /{d} changed, its crc32 kept")
    def _(f, d=d):
        ds = f[d]
        if ds.size == 0:
            ds.attrs["crc32"] = np.int64(int(ds.attrs["crc32"]) ^ 1)
            return
        flat = ds[...].reshape(-1)
        i = rng.randrange(flat.size)
        flat[i] = flat[i] + 1 if flat.dtype.kind in "iu" else flat[i] * 2 + 1
        ds[...] = flat.reshape(ds.shape)


def raw(fn):
    """A mutation of the file's bytes (h5py not involved)."""
    fn.raw = True
    return fn


for k in range(30):
    offset = rng.randrange(size)
    bit = rng.randrange(8)

    @mutation(f"bit {bit} of byte {offset} of {size} flipped")
    @raw
    def _(path, offset=offset, bit=bit):
        with open(path, "r+b") as g:
            g.seek(offset)
            b = g.read(1)
            g.seek(offset)
            g.write(bytes([b[0] ^ (1 << bit)]))

for frac in (0.0, 0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99):
    cut = int(size * frac) if frac > 0 else 0

    @mutation(f"truncated to {cut} of {size} bytes")
    @raw
    def _(path, cut=cut):
        with open(path, "r+b") as g:
            g.truncate(cut)


@mutation(f"truncated to {size - 1} of {size} bytes")
@raw
def _(path):
    with open(path, "r+b") as g:
        g.truncate(size - 1)


def same_in_both(d):
    # A dataset with the same bytes in both checkpoints (a colony's index, a bound that did not
    # move): replacing it changes nothing, so it is no mutation.
    with h5py.File(newest, "r") as a, h5py.File(older, "r") as b:
        return d in b and a[d].shape == b[d].shape and np.array_equal(a[d][...], b[d][...])


for d in datasets:
    if same_in_both(d):
        continue

    @mutation(f"/{d} replaced by the one of {os.path.basename(older)}")
    def _(f, d=d):
        with h5py.File(older, "r") as o:
            del f[d]
            o.copy(o[d], f, name=d)

os.makedirs(out, exist_ok=True)
for i, (what, fn) in enumerate(mutations):
    dest = os.path.join(out, f"m{i:03d}")
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(base, dest)
    target = os.path.join(dest, os.path.basename(newest))
    if getattr(fn, "raw", False):
        fn(target)
    else:
        with h5py.File(target, "r+") as f:
            fn(f)
    print(f"m{i:03d} {what}")
