#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# make_release.sh [REF] [OUTDIR]: the source tarball of a release (docs/release.md).
#
# Writes OUTDIR/antroute-VERSION.tar.gz (OUTDIR: the current folder) from `git archive REF`
# (default HEAD; a tag such as v0.2.0 for a release), VERSION read from REF's CMakeLists.txt,
# with one file added: antroute-VERSION/COMMIT, the commit id (`git describe --always
# --abbrev=12 REF`), which the build reads when there is no .git (antroute --version prints it).
# Only what REF committed is packed: uncommitted changes are not (a warning says so). The archive
# is reproducible: files owned by 0:0, times of REF's commit, gzip without a name or time stamp.
# Prints the tarball's path. Exit 1 with a message when REF or its version cannot be read.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ref=${1:-HEAD}
outdir=${2:-.}
die() { echo "make_release.sh: $*" >&2; exit 1; }

git -C "$src" rev-parse --verify --quiet "$ref^{commit}" >/dev/null || die "no commit '$ref' in $src"
version=$(git -C "$src" show "$ref:CMakeLists.txt" |
  sed -n 's/^project(antroute VERSION \([0-9][0-9.]*\).*/\1/p')
[ -n "$version" ] || die "no 'project(antroute VERSION X.Y.Z' line in $ref:CMakeLists.txt"
commit=$(git -C "$src" describe --always --abbrev=12 "$ref")
stamp=$(git -C "$src" log -1 --format=%ct "$ref")
if [ "$ref" = HEAD ] && [ -n "$(git -C "$src" status --porcelain --untracked-files=no)" ]; then
  echo "make_release.sh: warning: uncommitted changes in $src are not in the tarball" >&2
fi

name=antroute-$version
mkdir -p "$outdir"
out=$(cd "$outdir" && pwd)/$name.tar.gz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$src" archive --format=tar --prefix="$name/" -o "$work/$name.tar" "$ref"
mkdir "$work/$name"
echo "$commit" >"$work/$name/COMMIT"
touch -d "@$stamp" "$work/$name/COMMIT"
tar --append -f "$work/$name.tar" -C "$work" --owner=0 --group=0 --numeric-owner "$name/COMMIT"
gzip -n -9 <"$work/$name.tar" >"$out.tmp"
mv "$out.tmp" "$out"
echo "$out"
