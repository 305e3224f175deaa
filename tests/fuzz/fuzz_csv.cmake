# SPDX-License-Identifier: BSD-3-Clause
# CSV reader (io/common/csv.c) and the date parser the supply-chain importer applies to its fields.
add_executable(fuzz_csv ${CMAKE_CURRENT_LIST_DIR}/fuzz_csv.c ${PROJECT_SOURCE_DIR}/io/common/csv.c
               ${PROJECT_SOURCE_DIR}/src/supply/supply_date.c ${PROJECT_SOURCE_DIR}/src/base/ar_error.c
               ${PROJECT_SOURCE_DIR}/src/base/ar_path.c ${PROJECT_SOURCE_DIR}/src/base/ar_signal.c
               ${PROJECT_SOURCE_DIR}/src/base/ar_hooks.c)
target_include_directories(fuzz_csv PRIVATE ${PROJECT_SOURCE_DIR}/src/base ${PROJECT_SOURCE_DIR}/io/common
                           ${PROJECT_SOURCE_DIR}/src/supply)
target_compile_definitions(fuzz_csv PRIVATE _POSIX_C_SOURCE=200809L)
# clang does not know GCC's -Wno-format-truncation.
set(AR_FUZZ_CSV_WARNINGS ${ANTROUTE_WARNINGS})
list(REMOVE_ITEM AR_FUZZ_CSV_WARNINGS -Wno-format-truncation)
target_compile_options(fuzz_csv PRIVATE ${AR_FUZZ_FLAGS} ${AR_FUZZ_CSV_WARNINGS})
target_link_options(fuzz_csv PRIVATE ${AR_FUZZ_FLAGS})
target_link_libraries(fuzz_csv PRIVATE MPI::MPI_C ${MATH_LIBRARY})
add_test(NAME fuzz_csv
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/fuzz_csv_run.sh $<TARGET_FILE:fuzz_csv> ${ANTROUTE_FUZZ_SECONDS}
                 ${CMAKE_CURRENT_BINARY_DIR}/fuzz/csv/corpus ${CMAKE_CURRENT_LIST_DIR}/seeds_csv
                 ${PROJECT_SOURCE_DIR}/inputs/supply_chain)
set_tests_properties(fuzz_csv PROPERTIES LABELS fuzz TIMEOUT 600)
