# SPDX-License-Identifier: BSD-3-Clause
# Supply-chain data: the CSV reader, the importer, the HDF5 network file and the generator.
ar_add_unit_test(supply_csv SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_csv.c)
ar_add_unit_test(supply_import SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_import.c)
ar_add_unit_test(supply_roundtrip SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_roundtrip.c
                 ${CMAKE_CURRENT_LIST_DIR}/supply_equal.c LABELS hdf5)
ar_add_mpi_test(supply_read_mpi NP 3 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_read_mpi.c
                ${CMAKE_CURRENT_LIST_DIR}/supply_equal.c LABELS hdf5)
ar_add_script_test(supply_bad_csv SCRIPT tests/supply/test_bad_csv.sh LABELS supply)

# A reader for the bad-HDF5 test: h5net_supply_read() on a path, antroute's exit codes.
add_executable(supply_read_check ${CMAKE_CURRENT_LIST_DIR}/read_check.c)
target_link_libraries(supply_read_check PRIVATE antroute_core)
target_compile_options(supply_read_check PRIVATE ${ANTROUTE_WARNINGS})
set_target_properties(supply_read_check PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
ar_add_script_test(supply_bad_h5 SCRIPT tests/supply/test_bad_h5.sh LABELS "supply;hdf5")
ar_add_unit_test(supply_synth SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_synth.c
                 ${CMAKE_CURRENT_LIST_DIR}/supply_equal.c LABELS hdf5)
ar_add_script_test(supply_synth_cli SCRIPT tests/supply/test_synth_cli.sh LABELS "supply;hdf5")

# Order routing on supply-chain networks: model, costs, constraints, bound, evaluate.
set(AR_SUPPLY_MINI ${CMAKE_CURRENT_LIST_DIR}/mini_net.c)
ar_add_unit_test(supply_cost_random SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_cost_random.c)
ar_add_unit_test(supply_constraints SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_constraints.c
                 ${AR_SUPPLY_MINI})
ar_add_unit_test(supply_bound SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_bound.c ${AR_SUPPLY_MINI})
ar_add_script_test(supply_historical SCRIPT tests/supply/test_historical.sh LABELS supply)
ar_add_script_test(supply_evaluate_cli SCRIPT tests/supply/test_evaluate_cli.sh LABELS supply)
ar_add_script_test(supply_solve_cli SCRIPT tests/supply/test_solve_cli.sh LABELS "supply;mpi")
