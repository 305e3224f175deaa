#!/usr/bin/env bash
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
BUILD_PACKAGES=(build-essential cmake pkg-config openmpi-bin libopenmpi-dev libhdf5-openmpi-dev
  hdf5-tools libhwloc-dev hwloc libtbb-dev libinih-dev zlib1g-dev libreadosm-dev python3 python3-h5py
  python3-numpy python3-matplotlib)
# Tests only: clang for the fuzz targets and sanitizers (libomp-dev: OpenMP for the clang build
# that hosts them), clang-format for the style check, a real Slurm with munge for the cluster
# tests, and scipy for the independent check of the road costs.
TEST_PACKAGES=(clang libclang-rt-14-dev libomp-dev clang-format munge slurm-wlm slurmctld slurmd slurm-client
  iproute2 lmod python3-scipy)

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

build() {
  echo "== building antroute (build/)"
  cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DANTROUTE_WERROR=ON >/dev/null
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

# Runs ctest in a build directory, keeping a running total for the closing line.
TOTAL_PASSED=0
TOTAL_FAILED=0
TOTAL_SKIPPED=0
run_ctest() {
  local dir=$1
  shift
  local log
  log=$(mktemp)
  local rc=0
  (cd "$dir" && ctest --output-on-failure "$@") 2>&1 | tee "$log" || rc=$?
  local total failed skipped
  total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$log" | tail -1)
  failed=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of.*/\1/p' "$log" | tail -1)
  skipped=$(grep -c '(Skipped)' "$log" || true)
  rm -f "$log"
  total=${total:-0}
  failed=${failed:-0}
  [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1 # ctest itself failed
  TOTAL_PASSED=$((TOTAL_PASSED + total - failed - skipped))
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
  TOTAL_SKIPPED=$((TOTAL_SKIPPED + skipped))
}

run_tests() {
  install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
  build
  echo "== test suite (build/)"
  run_ctest build -j2 --timeout 900
  echo "== unit tests under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/)"
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DANTROUTE_SANITIZE=ON -DANTROUTE_WERROR=ON \
    -DANTROUTE_WITH_TBB=OFF >/dev/null
  cmake --build build-asan -j"$(nproc)"
  # LeakSanitizer reports Open MPI's own start-up allocations; leaks are checked by valgrind-free
  # unit tests of our code paths instead.
  ASAN_OPTIONS=detect_leaks=0 run_ctest build-asan -j2 -L unit
  echo "== fuzz targets: TSPLIB and CSV parsers under libFuzzer, briefly (build-fuzz/)"
  cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DANTROUTE_FUZZ=ON \
    -DANTROUTE_WERROR=ON -DANTROUTE_WITH_TBB=OFF >/dev/null
  cmake --build build-fuzz -j"$(nproc)" --target fuzz_all
  run_ctest build-fuzz -L fuzz
  echo
  echo "antroute: $TOTAL_PASSED passed, $TOTAL_FAILED failed, $TOTAL_SKIPPED skipped"
  [ "$TOTAL_FAILED" -eq 0 ]
}

case "${1:-}" in
  deps) install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}" ;;
  build) install_packages "${BUILD_PACKAGES[@]}"; build ;;
  demo) demo ;;
  test) run_tests ;;
  *) sed -n '2,10p' "$0"; exit 2 ;;
esac
