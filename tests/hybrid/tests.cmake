# SPDX-License-Identifier: BSD-3-Clause
# Hybrid MPI + OpenMP: pheromone sharing (layout independence, endpoints), the thread-level
# check, the /bsp datasets and the binding report of solve.
ar_add_unit_test(hybrid_thread_level SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_thread_level.c)
ar_add_script_test(hybrid_share_tour SCRIPT tests/hybrid/test_share_tour.sh LABELS mpi)
ar_add_script_test(hybrid_share_supply SCRIPT tests/hybrid/test_share_supply.sh LABELS "mpi;supply")
ar_add_script_test(hybrid_bsp SCRIPT tests/hybrid/test_bsp.sh LABELS mpi)
ar_add_script_test(hybrid_improvements SCRIPT tests/hybrid/test_improvements.sh LABELS mpi)
