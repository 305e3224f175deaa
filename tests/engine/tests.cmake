# SPDX-License-Identifier: BSD-3-Clause
# The ACO engine and the tour solver (issue 3).
ar_add_unit_test(engine_tour_parts SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_parts.c)
ar_add_unit_test(engine_tour_pieces SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_pieces.c)
# Issue #23: the greedy first tour.
ar_add_unit_test(engine_tour_greedy SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_greedy.c)
# Issue #23: the first tour's pass on all of a rank's threads (the node-by-node pass's tour).
ar_add_unit_test(engine_tour_pass SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_pass.c)
# Issue #23: the MMAS trail update by rows, the source index in parts.
ar_add_unit_test(engine_tour_rows SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_rows.c)
# Issue #23: the iteration's improving ants combined.
ar_add_unit_test(engine_tour_combine SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_combine.c)
# Issue #23: every ant merged into the colony's best (partition crossover).
ar_add_unit_test(engine_tour_merge SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_merge.c)
ar_add_unit_test(engine_determinism SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_determinism.c)
ar_add_unit_test(engine_queue SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_queue.c)
ar_add_unit_test(engine_no_wait SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_no_wait.c)
ar_add_unit_test(engine_idle_wait SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_idle_wait.c)
# It measures how the engine's threads wait, as a user runs it: OpenMP's own wait policy, not the
# passive one of AR_TEST_ENV (which would let a thread waiting at a barrier sleep at once).
set_tests_properties(engine_idle_wait PROPERTIES ENVIRONMENT_MODIFICATION "OMP_WAIT_POLICY=unset:")
ar_add_unit_test(engine_noalloc SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_noalloc.c)
# Count every allocation our code makes (the core library is static, so its calls are wrapped).
set(AR_NOALLOC_WRAP "LINKER:--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=posix_memalign,--wrap=aligned_alloc")
if(ANTROUTE_WITH_TBB)
  string(APPEND AR_NOALLOC_WRAP ",--wrap=scalable_aligned_malloc")
endif()
target_link_options(engine_noalloc PRIVATE ${AR_NOALLOC_WRAP})
if(ANTROUTE_SANITIZE)
  # ASan replaces the allocator itself; the count is meaningless there.
  set_tests_properties(engine_noalloc PROPERTIES DISABLED TRUE)
endif()

ar_add_mpi_test(engine_mpi_layouts_2 NP 2 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_mpi_layouts.c)
ar_add_mpi_test(engine_mpi_layouts_3 NP 3 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_mpi_layouts.c)
# Issue #23: the ranks of a node build each other's ants (aco_pool); the answer stays the one rank's.
ar_add_mpi_test(engine_mpi_pool NP 2 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_mpi_pool.c)
# Issue #23: the node's first solution made once, by one rank with threads the others lend.
ar_add_mpi_test(engine_mpi_start NP 2 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_mpi_start.c)
ar_add_script_test(engine_solve_cli SCRIPT tests/engine/test_solve_cli.sh LABELS mpi)
# Issue #23: which sequential 5-opt moves close, by the order of their removed edges.
ar_add_unit_test(engine_tour_kopt_types SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_kopt_types.c)
