# SPDX-License-Identifier: BSD-3-Clause
# The benchmark scripts whose figures docs/performance.md quotes: bench/pairs.sh's pairs and
# statistics (on fixed iterations, so that the answers do not depend on the machine), and
# bench/time_to_target.sh's timing of each run (by /improvements).
ar_add_script_test(bench_pairs SCRIPT tests/bench/test_pairs.sh LABELS hdf5)
# bench/time_to_target.sh: runs on 1x1 and 2x1 timed by their first improvement at the target.
ar_add_script_test(bench_time_to_target SCRIPT tests/bench/test_time_to_target.sh LABELS "hdf5;mpi")
