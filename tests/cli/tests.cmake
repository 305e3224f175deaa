# SPDX-License-Identifier: BSD-3-Clause
ar_add_script_test(cli_basics SCRIPT tests/cli/test_cli_basics.sh)
ar_add_unit_test(param_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_param.c)
# MPI failures through the error handler (an LD_PRELOAD library that fails one MPI call).
add_library(ar_mpi_fault MODULE ${CMAKE_CURRENT_LIST_DIR}/mpi_fault.c)
target_link_libraries(ar_mpi_fault PRIVATE MPI::MPI_C)
target_compile_options(ar_mpi_fault PRIVATE ${ANTROUTE_WARNINGS})
ar_add_script_test(cli_mpi_errors SCRIPT tests/cli/test_mpi_errors.sh LABELS mpi
                   ARGS $<TARGET_FILE:ar_mpi_fault>)
ar_add_unit_test(cli_parse_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_cli_parse.c)
# Issue #20: strict parameter files, options given once, FIFO inputs, report --network, threads,
# a full disk and degenerate summaries.
ar_add_script_test(cli_strict SCRIPT tests/cli/test_strict.sh LABELS hdf5 TIMEOUT 300)
# Issue #24: solve FILE.tsp imports it on the fly; the hint for other non-HDF5 inputs.
ar_add_script_test(cli_solve_tsp SCRIPT tests/cli/test_solve_tsp.sh LABELS hdf5)
# Issue #24: the memory line, checkpoint lines and CPU seconds solve prints, and --verbose.
ar_add_script_test(cli_output_noise SCRIPT tests/cli/test_output_noise.sh LABELS hdf5)
# Issue #24: recorded parameters name no output and replay MMAS, ACS and order routing to the
# identical answer.
ar_add_script_test(cli_replay SCRIPT tests/cli/test_replay.sh LABELS hdf5)
# Issue #24: -o (and --csv) over an existing file keeps it as #NAME.N#.
ar_add_script_test(cli_backup SCRIPT tests/cli/test_backup.sh LABELS hdf5)
# Issue #23: one-process commands start as isolated Open MPI singletons (no orted, no fabric
# probing) unless the user's environment says otherwise.
ar_add_script_test(cli_singleton SCRIPT tests/cli/test_singleton.sh LABELS mpi)
ar_add_unit_test(cli_singleton_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_singleton_env.c)
# Issue #23: the PMIx link to the launcher without Nagle's delay (MPI_Finalize 40 ms sooner).
ar_add_unit_test(cli_nodelay SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_nodelay.c)
# Issue #23: the calling thread's CPUs set and read back; refusals leave them as they were.
ar_add_unit_test(cli_affinity SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_affinity.c)
# Issue #23: automatic ants (8 below 3,000 nodes; from 20,000 16 with the default Lin-Kernighan
# ants, about n / 256 with --local-search full), --ants and parameter files winning.
ar_add_script_test(cli_auto_ants SCRIPT tests/cli/test_auto_ants.sh LABELS hdf5)
