# Network file reader (io/common/h5net.c, io/tour/h5net_tour.c, io/supply/h5net_supply.c and
# what they call): HDF5 files from the fuzzer's bytes, read serially (MPI_COMM_SELF). Links the
# MPI and parallel HDF5 libraries themselves (not instrumented: coverage comes from our code).
set(AR_FUZZ_H5NET_SOURCES
    src/base/ar_error.c src/base/ar_agree.c src/base/param.c
    io/common/h5u.c io/common/h5meta.c io/common/h5net.c
    src/tour/tour_net.c io/tour/h5net_tour.c
    src/supply/supply_net.c src/supply/supply_date.c io/supply/h5net_supply.c)
list(TRANSFORM AR_FUZZ_H5NET_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/)
add_executable(fuzz_h5net ${CMAKE_CURRENT_LIST_DIR}/fuzz_h5net.c ${AR_FUZZ_H5NET_SOURCES})
target_include_directories(fuzz_h5net PRIVATE ${PROJECT_SOURCE_DIR}/src/base
                           ${PROJECT_SOURCE_DIR}/io/common ${PROJECT_SOURCE_DIR}/src/tour
                           ${PROJECT_SOURCE_DIR}/io/tour ${PROJECT_SOURCE_DIR}/src/supply
                           ${PROJECT_SOURCE_DIR}/io/supply ${CMAKE_BINARY_DIR}/generated)
target_include_directories(fuzz_h5net SYSTEM PRIVATE ${HDF5_INCLUDE_DIRS})
target_compile_definitions(fuzz_h5net PRIVATE _POSIX_C_SOURCE=200809L ${HDF5_DEFINITIONS})
set(AR_FUZZ_H5NET_WARNINGS ${ANTROUTE_WARNINGS})
list(REMOVE_ITEM AR_FUZZ_H5NET_WARNINGS -Wno-format-truncation)
target_compile_options(fuzz_h5net PRIVATE ${AR_FUZZ_FLAGS} ${AR_FUZZ_H5NET_WARNINGS})
target_link_options(fuzz_h5net PRIVATE ${AR_FUZZ_FLAGS})
target_link_libraries(fuzz_h5net PRIVATE MPI::MPI_C ${HDF5_C_LIBRARIES} PkgConfig::INIH
                      ${MATH_LIBRARY})
# Seeds: real network files of both kinds, made by the build's own importer at test time.
add_test(NAME fuzz_h5net
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/fuzz_h5net_run.sh $<TARGET_FILE:fuzz_h5net> 20
                 ${CMAKE_CURRENT_BINARY_DIR}/fuzz/h5net $<TARGET_FILE:antroute>
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(fuzz_h5net PROPERTIES LABELS fuzz TIMEOUT 180 ENVIRONMENT
                     "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;HDF5_USE_FILE_LOCKING=FALSE")
add_dependencies(fuzz_h5net antroute) # the seeds' importer (built by fuzz_all too)
