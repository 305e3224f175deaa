# Checkpoint reader (checkpoint/ckpt_verify.c, ckpt_header.c, ckpt_digest.c, ckpt_read.c and what
# they call): checkpoint files from the fuzzer's bytes, judged and read serially (MPI_COMM_SELF).
# Links MPI, the parallel HDF5 library and zlib (not instrumented: coverage comes from our code).
set(AR_FUZZ_CKPT_SOURCES
    src/base/ar_error.c src/base/ar_agree.c src/base/param.c
    io/common/h5u.c io/common/h5meta.c
    checkpoint/ckpt_crc.c checkpoint/ckpt_digest.c checkpoint/ckpt_field.c
    checkpoint/ckpt_header.c checkpoint/ckpt_match.c checkpoint/ckpt_read.c
    checkpoint/ckpt_verify.c)
list(TRANSFORM AR_FUZZ_CKPT_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/)
add_executable(fuzz_ckpt ${CMAKE_CURRENT_LIST_DIR}/fuzz_ckpt.c ${AR_FUZZ_CKPT_SOURCES})
target_include_directories(fuzz_ckpt PRIVATE ${PROJECT_SOURCE_DIR}/src/base
                           ${PROJECT_SOURCE_DIR}/io/common ${PROJECT_SOURCE_DIR}/checkpoint
                           ${CMAKE_BINARY_DIR}/generated)
target_include_directories(fuzz_ckpt SYSTEM PRIVATE ${HDF5_INCLUDE_DIRS})
target_compile_definitions(fuzz_ckpt PRIVATE _POSIX_C_SOURCE=200809L ${HDF5_DEFINITIONS})
set(AR_FUZZ_CKPT_WARNINGS ${ANTROUTE_WARNINGS})
list(REMOVE_ITEM AR_FUZZ_CKPT_WARNINGS -Wno-format-truncation)
target_compile_options(fuzz_ckpt PRIVATE ${AR_FUZZ_FLAGS} ${AR_FUZZ_CKPT_WARNINGS})
target_link_options(fuzz_ckpt PRIVATE ${AR_FUZZ_FLAGS})
target_link_libraries(fuzz_ckpt PRIVATE MPI::MPI_C OpenMP::OpenMP_C ${HDF5_C_LIBRARIES}
                      ZLIB::ZLIB PkgConfig::INIH ${MATH_LIBRARY})
add_dependencies(fuzz_ckpt antroute) # the seeds' writer (built by fuzz_all too)
# Seeds: real checkpoints of both kinds, written by the build's own solve at test time.
add_test(NAME fuzz_ckpt
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/fuzz_ckpt_run.sh $<TARGET_FILE:fuzz_ckpt> 20
                 ${CMAKE_CURRENT_BINARY_DIR}/fuzz/ckpt $<TARGET_FILE:antroute>
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(fuzz_ckpt PROPERTIES LABELS fuzz TIMEOUT 240 ENVIRONMENT
                     "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;HDF5_USE_FILE_LOCKING=FALSE")
