#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `cmake --install` into a temporary prefix installs bin/antroute, the Slurm templates and their
# helper, the report script and its kinds' modules, the docs, the man page (generated from the
# option tables: every option of `solve --help` is in it) and an Lmod module file. With the module
# loaded (Debian's lmod) and the source tree hidden (a private mount over it), import, solve and
# report run from an unrelated folder using only installed files; then one sbatch of an installed
# template on the multi-host test cluster runs the installed program through the installed helper
# and gives the same answer as the solve without Slurm.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/slurm_lib.sh"
source "$AR_SOURCE_DIR/tests/slurm/hosts_lib.sh"

LMOD_INIT=/usr/share/lmod/lmod/init/bash
[ -r "$LMOD_INIT" ] || skip_test "Lmod is not installed (Debian: apt-get install lmod; ./setup.sh deps)"
[ "$(id -u)" -eq 0 ] || skip_test "needs root (a private mount hides the source tree)"
tsp=$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp
[ -f "$tsp" ] || { fail "inputs/tsplib/berlin52.tsp missing (it is shipped)"; finish; }

# Outside the project and outside /tmp (each test host has a /tmp of its own).
base=$(mktemp -d /var/tmp/antroute-install.XXXXXX)
prefix=$base/prefix
work=$base/elsewhere
mkdir -p "$work"
cp "$tsp" "$work/"
cleanup_base() { rm -rf "$base"; }
trap cleanup_base EXIT

if cmake --install "$AR_BUILD_DIR" --prefix "$prefix" >"$AR_TMP/install.log" 2>&1; then
  pass "cmake --install --prefix $prefix"
else
  fail "cmake --install: $(tail -n 5 "$AR_TMP/install.log")"
  finish
fi
version=$("$ANTROUTE" --version | awk 'NR == 1 {print $2}')
for f in bin/antroute share/antroute/slurm/antroute-step.sh share/antroute/slurm/2node-32x3-cores.sbatch \
  share/antroute/slurm/e7-8890v4-64x3.sbatch share/antroute/slurm/e7-8890v4-32x6.sbatch \
  share/antroute/slurm/generic.sbatch share/antroute/report/antroute_report.py \
  share/antroute/report/report_tour.py share/antroute/report/report_supply.py share/doc/antroute/guide.md \
  share/doc/antroute/slurm.md share/doc/antroute/README.md share/man/man1/antroute.1 \
  "share/modulefiles/antroute/$version.lua"; do
  [ -e "$prefix/$f" ] && pass "installed $f" || fail "not installed: $f"
done

# The man page renders, and holds every option `solve --help` and `export --help` list.
man_text=$(MANWIDTH=200 man -l "$prefix/share/man/man1/antroute.1" 2>"$AR_TMP/man.err")
[ -n "$man_text" ] && pass "man -l antroute.1 renders ($(wc -l <<<"$man_text") lines)" ||
  fail "man -l antroute.1: $(head -c 300 "$AR_TMP/man.err")"
for cmd in solve export "import supply-chain"; do
  # shellcheck disable=SC2086
  missing=$("$ANTROUTE" $cmd --help | grep -o -- '--[a-z][a-z-]*' | sort -u | while read -r o; do
    grep -q -- "$o" <<<"$man_text" || echo "$o"
  done | tr '\n' ' ')
  expect_eq "options of '$cmd --help' missing from the man page" "$missing" ""
done
grep -q "^ *antroute solve$" <<<"$man_text" && pass "man page has the section 'antroute solve'" ||
  fail "man page lacks the section 'antroute solve'"

# in_module COMMANDS: runs bash COMMANDS in a clean environment with the module loaded, in $work.
in_module() {
  env -i HOME="$work" PATH=/usr/bin:/bin OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    bash -c "source $LMOD_INIT && module use $prefix/share/modulefiles && module load antroute && cd $work && $1"
}
out=$(in_module 'command -v antroute; echo "ANTROUTE_SLURM=$ANTROUTE_SLURM"; echo "MANPATH=$MANPATH"' 2>&1)
expect_eq "module load antroute: antroute on PATH" "$(sed -n 1p <<<"$out")" "$prefix/bin/antroute"
expect_eq "module load antroute: ANTROUTE_SLURM" "$(sed -n 2p <<<"$out")" \
  "ANTROUTE_SLURM=$prefix/share/antroute/slurm"
grep -q "MANPATH=$prefix/share/man" <<<"$out" && pass "module load antroute: MANPATH" ||
  fail "module load antroute: MANPATH not set: $out"
# module show: one antroute at a time (family), a category and keywords, the MPI it was built
# against (Open MPI's version at configure time, from its launcher) and the examples.
mpi=$("$MPIEXEC" --version 2>/dev/null | sed -n 's/.*(\(Open MPI\|OpenRTE\)) \([0-9.]*\).*/Open MPI \2/p' | head -n 1)
show=$(in_module 'module show antroute' 2>&1)
for want in 'family("antroute")' 'whatis("Category: tools")' 'whatis("Keywords: ' \
  "whatis(\"MPI: ${mpi:-MPI}" "built against ${mpi:-MPI}" "setenv(\"ANTROUTE_MPI\",\"${mpi:-MPI}" \
  "setenv(\"ANTROUTE_EXAMPLES\",\"$prefix/share/antroute/examples\")"; do
  grep -qF "$want" <<<"$show" && pass "module show: $want" || fail "module show lacks $want: $show"
done

# import, solve, report with the source tree hidden (tmpfs over it: the build and its copy of the
# report scripts are gone, only the prefix is left).
steps='antroute import tsplib berlin52.tsp -o berlin52.h5 >import.log &&
  OMP_NUM_THREADS=1 antroute solve berlin52.h5 -o direct.h5 --iterations 30 --seed 3 --colonies 2 >solve.log &&
  antroute report direct.h5 -o pictures >report.log &&
  man -w antroute'
if unshare --mount --propagation private bash -c "mount -t tmpfs none '$AR_SOURCE_DIR' &&
  test ! -e '$AR_SOURCE_DIR/tools/antroute_report.py' && $(declare -f in_module)
  LMOD_INIT=$LMOD_INIT prefix=$prefix work=$work in_module '$steps'" >"$AR_TMP/steps.log" 2>&1; then
  pass "source tree hidden: import, solve, report and man -w with the installed files only"
else
  fail "import/solve/report from the install: $(tail -n 8 "$AR_TMP/steps.log")"
  tail -n 5 "$work"/*.log
fi
n=$(find "$work/pictures" -name '*.png' 2>/dev/null | wc -l)
[ "$n" -ge 2 ] && pass "report drew $n pictures with the installed script" || fail "report drew $n pictures"
grep -q "$prefix/share/man/man1/antroute.1" "$AR_TMP/steps.log" && pass "man -w finds the installed page" ||
  fail "man -w antroute: $(tail -n 2 "$AR_TMP/steps.log")"

# One sbatch of an installed template on the test cluster, submitted on its login host with the
# module loaded; the job's program and helper are the installed ones.
cluster_up fail
trap 'rc=$?; cleanup_base; (exit $rc); cluster_down' EXIT # both: the prefix and the cluster
j=$("$AR_ON" node1 env -i HOME="$work" PATH=/usr/bin:/bin SLURM_CONF="$SLURM_CONF" bash -c \
  "source $LMOD_INIT && module use $prefix/share/modulefiles && module load antroute && cd $work &&
  sbatch --parsable -o job.out --nodes=2 --ntasks=2 --ntasks-per-node=1 --ntasks-per-socket=1 --cpus-per-task=1 \
  --export=ALL,INPUT=$work/berlin52.h5,OUTPUT=$work/slurm.h5,ITERATIONS=30,SEED=3,COLONIES=2 \
  \$ANTROUTE_SLURM/2node-32x3-cores.sbatch" 2>"$AR_TMP/sbatch.err") ||
  fail "sbatch of the installed template: $(cat "$AR_TMP/sbatch.err")"
if [ -n "${j:-}" ]; then
  expect_eq "installed 2node-32x3-cores.sbatch: state" "$(wait_final "$j" 120)" COMPLETED
  expect_log "installed template" "$work/job.out" "srun .* $prefix/bin/antroute solve"
  if grep -q "$AR_SOURCE_DIR" "$work/job.out"; then fail "the job used the source tree:"; grep "$AR_SOURCE_DIR" "$work/job.out" | head -3
  else pass "the job's log names no file of the source tree"; fi
  a=$(h5dump -d /best/tour -d /best/cost "$work/direct.h5" 2>&1 | tail -n +2)
  b=$(h5dump -d /best/tour -d /best/cost "$work/slurm.h5" 2>&1 | tail -n +2)
  [ -n "$a" ] && [ "$a" = "$b" ] && pass "the installed template's answer (2 hosts) equals the direct solve" ||
    fail "answers differ: direct [$(head -c 200 <<<"$a")] slurm [$(head -c 200 <<<"$b")]"
fi
finish
