# SPDX-License-Identifier: BSD-3-Clause
# Fuzz targets (libFuzzer), built only with -DANTROUTE_FUZZ=ON and clang; see docs/testing.md.
# Each target lives in its own fuzz_<name>.cmake beside this file (included below) and compiles
# the parser sources directly: the core library is not built with -fsanitize=fuzzer and needs
# MPI and HDF5, which the parsers do not.
if(ANTROUTE_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "ANTROUTE_FUZZ=ON needs clang: cmake -DCMAKE_C_COMPILER=clang ...")
  endif()
  set(AR_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
      -fno-omit-frame-pointer)
  # How long each target fuzzes in the suite: 12 s on its seed corpus is a smoke run (the suite's
  # 12-minute aim, issue #19); a campaign sets more (-DANTROUTE_FUZZ_SECONDS=3600, and ctest
  # --timeout above it).
  set(ANTROUTE_FUZZ_SECONDS 12 CACHE STRING "seconds each fuzz target runs under ctest -L fuzz")
  # The program that writes the seeds of the HDF5 targets (real network files and checkpoints):
  # this build's antroute, or one built elsewhere (setup.sh passes build/antroute, so that the
  # fuzz build compiles only the fuzz targets).
  set(ANTROUTE_FUZZ_SEED_PROGRAM "" CACHE FILEPATH
      "antroute that makes the seeds of fuzz_h5net and fuzz_ckpt (empty: this build's)")
  if(ANTROUTE_FUZZ_SEED_PROGRAM)
    set(AR_FUZZ_SEED_PROGRAM ${ANTROUTE_FUZZ_SEED_PROGRAM})
  else()
    set(AR_FUZZ_SEED_PROGRAM $<TARGET_FILE:antroute>)
  endif()
  # A target whose reader opens HDF5 files (fuzz_h5net, fuzz_ckpt): its sources (paths from the
  # source root) compiled with the sanitizers, MPI, parallel HDF5 and LIBS linked as they are
  # (coverage comes from our code), and antroute built first unless another one makes the seeds
  # (the run scripts make their seeds with it).
  function(ar_fuzz_hdf5_target name)
    cmake_parse_arguments(F "" "" "SOURCES;INCLUDES;LIBS" ${ARGN})
    list(TRANSFORM F_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/)
    list(TRANSFORM F_INCLUDES PREPEND ${PROJECT_SOURCE_DIR}/)
    add_executable(${name} ${CMAKE_CURRENT_LIST_DIR}/${name}.c ${F_SOURCES})
    target_include_directories(${name} PRIVATE ${F_INCLUDES} ${CMAKE_BINARY_DIR}/generated)
    target_include_directories(${name} SYSTEM PRIVATE ${HDF5_INCLUDE_DIRS})
    target_compile_definitions(${name} PRIVATE _POSIX_C_SOURCE=200809L ${HDF5_DEFINITIONS})
    set(warnings ${ANTROUTE_WARNINGS})
    list(REMOVE_ITEM warnings -Wno-format-truncation) # clang does not know it
    target_compile_options(${name} PRIVATE ${AR_FUZZ_FLAGS} ${warnings})
    target_link_options(${name} PRIVATE ${AR_FUZZ_FLAGS})
    target_link_libraries(${name} PRIVATE MPI::MPI_C ${HDF5_C_LIBRARIES} PkgConfig::INIH ${F_LIBS}
                          ${MATH_LIBRARY})
    if(NOT ANTROUTE_FUZZ_SEED_PROGRAM)
      add_dependencies(${name} antroute)
    endif()
  endfunction()
  file(GLOB AR_FUZZ_TARGETS ${CMAKE_CURRENT_LIST_DIR}/fuzz_*.cmake)
  # fuzz_all builds every target (each fuzz_<name>.cmake defines the executable fuzz_<name>), so
  # setup.sh can build just these with clang.
  add_custom_target(fuzz_all)
  foreach(target ${AR_FUZZ_TARGETS})
    include(${target})
    get_filename_component(target_name ${target} NAME_WE)
    add_dependencies(fuzz_all ${target_name})
  endforeach()
endif()

# The verdict script of the HDF5 fuzz runs, on planted logs (every build: it only reads text).
add_test(NAME fuzz_verdict COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/test_verdict.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(fuzz_verdict PROPERTIES LABELS unit)
