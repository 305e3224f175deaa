#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# setup.sh: install antroute's dependencies (Debian 12 packages), build it, and run it.
#
#   ./setup.sh demo    install, build, and run a real solve on a shipped input
#   ./setup.sh test    install, build, and run the whole test suite (what CI runs)
#   ./setup.sh deps    only install the Debian packages
#   ./setup.sh build   only configure and build into build/ (the program is build/antroute)
#
# Run as root (or with sudo available) on Debian 12. Only Debian's package archive is needed.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

# Build and run time: compiler, MPI, parallel HDF5, hwloc, oneTBB, libinih (parameter files),
# libreadosm (OpenStreetMap maps).
BUILD_PACKAGES=(build-essential cmake ninja-build pkg-config openmpi-bin libopenmpi-dev libhdf5-openmpi-dev
  hdf5-tools libhwloc-dev hwloc libtbb-dev libinih-dev zlib1g-dev libreadosm-dev python3 python3-h5py
  python3-numpy python3-matplotlib)
# Tests only: clang for the fuzz targets and sanitizers (libomp-dev: OpenMP for the clang build
# that hosts them), clang-format for the style check, a real Slurm with munge for the cluster
# tests, scipy for the independent check of the road costs, GNU time (/usr/bin/time: the tests
# measure peak memory with it; a fresh Debian 12 lacks it), and llvm-14 for llvm-symbolizer-14:
# clang's sanitizers name a fault's functions and lines with it (Debian's clang only recommends
# it), and without names the fuzz verdict cannot tell a fault of HDF5 from one of ours.
TEST_PACKAGES=(clang libclang-rt-14-dev libomp-dev clang-format munge slurm-wlm slurmctld slurmd slurm-client
  iproute2 lmod man-db python3-scipy time llvm-14 strace)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

# This script's builds link with gold where binutils has it (Debian 12's does): a build links
# about 150 programs (the tests), and gold takes 0.09 CPU s for one where the default linker takes
# 0.27 (0.13 and 0.40 sanitized; engine_determinism, quiet machine): ~40 CPU s of a suite run. A
# site build (docs/install.md) keeps its toolchain's default.
LINK_FLAGS=()
command -v ld.gold >/dev/null 2>&1 && LINK_FLAGS=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=gold)

# generator DIR: -G Ninja for a new build folder: it builds with 92 CPU s where CMake's Makefiles
# take 123 (make's recursion and dependency scans; build/, quiet machine, 2 cores: 51 s wall
# instead of 70), on each of the suite's three builds. A folder configured before keeps its
# generator (CMake refuses to change it).
generator() {
  [ -f "$1/CMakeCache.txt" ] && return 0
  command -v ninja >/dev/null 2>&1 && echo "-GNinja"
}

build() {
  echo "== building antroute (build/)"
  cmake $(generator build) -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DANTROUTE_WERROR=ON "${LINK_FLAGS[@]}" >/dev/null
  cmake --build build -j"$(nproc)"
}

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1

demo() {
  install_packages "${BUILD_PACKAGES[@]}"
  build
  mkdir -p demo
  echo "== importing inputs/tsplib/att532.tsp"
  build/antroute import tsplib inputs/tsplib/att532.tsp -o demo/att532.h5
  if build/antroute solve --help >/dev/null 2>&1; then
    echo "== solving att532 for 10 s on 2 threads"
    OMP_NUM_THREADS=2 build/antroute solve demo/att532.h5 -o demo/att532-results.h5 --time 10
    build/antroute report demo/att532-results.h5 -o demo/pictures
  else
    build/antroute inspect demo/att532.h5
  fi
}

# ---- ./setup.sh test: the parts, each timed (docs/testing.md, "The test command") ----

# Every part's wall time, printed when it ends and as a table at the end.
AR_LOGS=
PART_NAMES=()
PART_SECONDS=()
now() { echo "${EPOCHREALTIME:-$(date +%s)}"; }
# part NAME SECONDS: records a part that took SECONDS.
part() {
  PART_NAMES+=("$1")
  PART_SECONDS+=("$2")
  echo "== $1: $2 s"
}
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }
# timed NAME command...: runs the command as a part.
timed() {
  local name=$1 t0 rc=0
  shift
  t0=$(now)
  "$@" || rc=$?
  part "$name" "$(since "$t0")"
  return $rc
}

# run_ctest LOG DIR ARGS...: ctest in DIR, its output in LOG (the counts are read from it), and
# on the terminal too when AR_LIVE=1.
run_ctest() {
  local log=$1 dir=$2
  shift 2
  if [ "${AR_LIVE:-0}" = 1 ]; then
    (cd "$dir" && ctest --output-on-failure "$@") 2>&1 | tee "$log"
  else
    (cd "$dir" && ctest --output-on-failure "$@") >"$log" 2>&1
  fi
}
# count LOG: adds a ctest log's results to the totals of the closing line.
TOTAL_PASSED=0
TOTAL_FAILED=0
TOTAL_SKIPPED=0
count() {
  local total failed skipped
  if [ ! -s "$1" ]; then
    TOTAL_FAILED=$((TOTAL_FAILED + 1))
    return 0
  fi
  total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$1" | tail -1)
  failed=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of.*/\1/p' "$1" | tail -1)
  skipped=$(grep -c '(Skipped)' "$1" || true)
  total=${total:-0}
  failed=${failed:-1} # no summary: ctest itself (or the build before it) failed
  TOTAL_PASSED=$((TOTAL_PASSED + total - failed - skipped))
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
  TOTAL_SKIPPED=$((TOTAL_SKIPPED + skipped))
}

# The builds and the sanitizer pass, in the background beside the main ctest, niced (they take
# the CPU time that the tests leave, most of all while the Slurm tests wait for their jobs), as
# two chains side by side, so that the sanitizer pass need not wait for the fuzz build: build-fuzz
# with the fuzz targets alone (clang; their seeds are made by build/antroute); and build-asan with
# only what the `unit` label runs, then those tests. Each part's time goes to LOGS/times;
# LOGS/fuzz.ready says that the fuzz targets are built (the fuzz runs come after the tests, not
# niced: they fuzz for a fixed wall time).
fuzz_build() {
  local logs=$1 t0
  t0=$(now)
  if cmake $(generator build-fuzz) -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DANTROUTE_FUZZ=ON \
    -DANTROUTE_WERROR=ON -DANTROUTE_WITH_TBB=OFF -DANTROUTE_FUZZ_SEED_PROGRAM="$PWD/build/antroute" \
    "${LINK_FLAGS[@]}" >"$logs/fuzz.build" 2>&1 && cmake --build build-fuzz -j"$(nproc)" --target fuzz_all \
    >>"$logs/fuzz.build" 2>&1; then
    echo "fuzz build (build-fuzz/, fuzz targets only) $(since "$t0")" >>"$logs/times"
  else
    { echo "the fuzz build failed:"; tail -n 40 "$logs/fuzz.build"; } >"$logs/fuzz.log"
    echo "fuzz build (build-fuzz/, FAILED) $(since "$t0")" >>"$logs/times"
  fi
  : >"$logs/fuzz.ready"
}
asan_pass() {
  local logs=$1 t0
  t0=$(now)
  if cmake $(generator build-asan) -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DANTROUTE_SANITIZE=ON \
    -DANTROUTE_WERROR=ON -DANTROUTE_WITH_TBB=OFF "${LINK_FLAGS[@]}" >"$logs/asan.build" 2>&1 &&
    cmake --build build-asan -j"$(nproc)" --target unit_tests >>"$logs/asan.build" 2>&1; then
    echo "sanitizer build (build-asan/, unit tests only) $(since "$t0")" >>"$logs/times"
    t0=$(now)
    # LeakSanitizer reports Open MPI's own start-up allocations; leaks are checked by valgrind-free
    # unit tests of our code paths instead.
    ASAN_OPTIONS=detect_leaks=0 run_ctest "$logs/asan.log" build-asan -j2 -L unit || true
    echo "sanitizer tests (build-asan/, ctest -L unit) $(since "$t0")" >>"$logs/times"
  else
    { echo "the sanitizer build failed:"; tail -n 40 "$logs/asan.build"; } >"$logs/asan.log"
    echo "sanitizer build (build-asan/, FAILED) $(since "$t0")" >>"$logs/times"
  fi
}
background_pass() {
  renice -n 10 -p "$BASHPID" >/dev/null 2>&1 || true # inherited by everything it starts
  fuzz_build "$1" &
  asan_pass "$1"
  wait
}

run_tests() {
  local t_all t0 bg line i
  t_all=$(now)
  AR_LOGS=$(mktemp -d)
  timed "install (Debian packages of the build)" install_packages "${BUILD_PACKAGES[@]}"
  # The test packages (clang, Slurm, Lmod, scipy: 40-some s to fetch and unpack on a fresh
  # machine) install while build/ compiles, which needs none of them; the tests and the other two
  # builds wait for them.
  install_packages "${TEST_PACKAGES[@]}" >"$AR_LOGS/install.log" 2>&1 &
  local installing=$!
  timed "build (build/)" build
  t0=$(now)
  local installed=0
  wait "$installing" || installed=$?
  cat "$AR_LOGS/install.log"
  [ "$installed" -eq 0 ] || { echo "antroute: installing the test packages failed"; return 1; }
  part "waiting for the test packages after the build" "$(since "$t0")"
  echo "== test suite (build/); beside it, niced: the fuzz and sanitizer builds, the sanitizer tests"
  : >"$AR_LOGS/times"
  (background_pass "$AR_LOGS") &
  bg=$!
  t0=$(now)
  # -j4: the Slurm tests spend most of their time waiting for their jobs.
  AR_LIVE=1 run_ctest "$AR_LOGS/main.log" build -j4 --timeout 900 || true
  part "tests (build/, ctest -j4)" "$(since "$t0")"
  count "$AR_LOGS/main.log"
  # The fuzz runs (12 s per target, two at a time, not niced) while the sanitizer pass ends.
  t0=$(now)
  while [ ! -e "$AR_LOGS/fuzz.ready" ] && kill -0 "$bg" 2>/dev/null; do sleep 1; done
  part "waiting for the fuzz build after the tests" "$(since "$t0")"
  if [ ! -s "$AR_LOGS/fuzz.log" ]; then # built
    timed "fuzz runs (build-fuzz/, ctest -L fuzz -j2)" run_ctest "$AR_LOGS/fuzz.log" build-fuzz -j2 -L fuzz ||
      true
  fi
  t0=$(now)
  wait "$bg" || true
  part "waiting for the sanitizer pass after the fuzz runs" "$(since "$t0")"
  while read -r line; do part "${line% *}, in the background" "${line##* }"; done <"$AR_LOGS/times"
  echo "== unit tests under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/)"
  cat "$AR_LOGS/asan.log" 2>/dev/null || echo "the sanitizer pass left no log"
  count "$AR_LOGS/asan.log"
  echo "== fuzz targets: TSPLIB, CSV, network and checkpoint readers under libFuzzer (build-fuzz/)"
  cat "$AR_LOGS/fuzz.log" 2>/dev/null || echo "the fuzz pass left no log"
  count "$AR_LOGS/fuzz.log"
  echo
  echo "wall time of each part (s; the background ones overlap the tests):"
  for i in "${!PART_NAMES[@]}"; do printf '  %5s  %s\n' "${PART_SECONDS[$i]}" "${PART_NAMES[$i]}"; done
  printf '  %5s  %s\n' "$(since "$t_all")" "./setup.sh test in all"
  rm -rf "$AR_LOGS"
  echo "antroute: $TOTAL_PASSED passed, $TOTAL_FAILED failed, $TOTAL_SKIPPED skipped"
  [ "$TOTAL_FAILED" -eq 0 ]
}

case "${1:-}" in
  deps) install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}" ;;
  build) install_packages "${BUILD_PACKAGES[@]}"; build ;;
  demo) demo ;;
  test) run_tests ;;
  *) sed -n '3,11p' "$0"; exit 2 ;;
esac
