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
