# SPDX-License-Identifier: BSD-3-Clause
# TSPLIB parser: instances and tours.
add_executable(fuzz_tsplib ${CMAKE_CURRENT_LIST_DIR}/fuzz_tsplib.c
               ${PROJECT_SOURCE_DIR}/io/tour/tsplib_parse.c ${PROJECT_SOURCE_DIR}/src/tour/tour_net.c
               ${PROJECT_SOURCE_DIR}/src/base/ar_error.c ${PROJECT_SOURCE_DIR}/src/base/ar_path.c
               ${PROJECT_SOURCE_DIR}/src/base/ar_signal.c ${PROJECT_SOURCE_DIR}/src/base/ar_hooks.c)
target_include_directories(fuzz_tsplib PRIVATE ${PROJECT_SOURCE_DIR}/src/base ${PROJECT_SOURCE_DIR}/src/tour
                           ${PROJECT_SOURCE_DIR}/io/tour)
target_compile_definitions(fuzz_tsplib PRIVATE _POSIX_C_SOURCE=200809L)
target_compile_options(fuzz_tsplib PRIVATE ${AR_FUZZ_FLAGS} ${ANTROUTE_WARNINGS})
target_link_options(fuzz_tsplib PRIVATE ${AR_FUZZ_FLAGS})
target_link_libraries(fuzz_tsplib PRIVATE MPI::MPI_C ${MATH_LIBRARY})
add_test(NAME fuzz_tsplib
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run_fuzz.sh $<TARGET_FILE:fuzz_tsplib> ${ANTROUTE_FUZZ_SECONDS}
                 ${CMAKE_CURRENT_BINARY_DIR}/fuzz/tsplib/corpus
                 ${CMAKE_CURRENT_LIST_DIR}/seeds_tsplib ${PROJECT_SOURCE_DIR}/tests/tsplib/bad
                 ${PROJECT_SOURCE_DIR}/inputs/tsplib/eil51.tsp
                 ${PROJECT_SOURCE_DIR}/inputs/tsplib/eil51.opt.tour)
set_tests_properties(fuzz_tsplib PROPERTIES LABELS fuzz TIMEOUT 600)
