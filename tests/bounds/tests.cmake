# SPDX-License-Identifier: BSD-3-Clause
# Lower bounds: the tour bound on generated instances of every metric (against dynamic
# programming), on TSPLIB instances with known optima, in the network file; the order-routing
# bounds against exhaustive search and against plans.
ar_add_unit_test(bounds_tour SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_bound.c)
ar_add_unit_test(bounds_tsplib SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tsplib_bounds.c
                 TIMEOUT 900)
ar_add_unit_test(bounds_supply SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_supply_bound.c
                 ${PROJECT_SOURCE_DIR}/tests/supply/mini_net.c TIMEOUT 600)
target_include_directories(bounds_supply PRIVATE ${PROJECT_SOURCE_DIR}/tests/supply)
ar_add_script_test(bounds_import SCRIPT tests/bounds/test_bound_import.sh LABELS hdf5)
ar_add_script_test(bounds_gap SCRIPT tests/bounds/test_gap_stop.sh LABELS mpi hdf5 TIMEOUT 900)
ar_add_script_test(bounds_alpha_stored SCRIPT tests/bounds/test_alpha_stored.sh LABELS hdf5)
