# SPDX-License-Identifier: BSD-3-Clause
# Network file reader (io/common/h5net.c, io/tour/h5net_tour.c, io/supply/h5net_supply.c and
# what they call): HDF5 files from the fuzzer's bytes, read serially (MPI_COMM_SELF).
ar_fuzz_hdf5_target(fuzz_h5net
  SOURCES src/base/ar_error.c src/base/ar_agree.c src/base/param.c src/base/param_file.c
          src/base/ar_path.c src/base/ar_signal.c src/base/ar_hooks.c
          src/base/param_wrap.c src/base/ar_backup.c io/common/h5u.c
          io/common/h5meta.c io/common/h5net.c io/common/h5field.c src/tour/tour_net.c
          io/tour/h5net_tour.c io/tour/h5net_tour_fields.c src/supply/supply_net.c
          src/supply/supply_date.c io/supply/h5net_supply.c io/supply/h5net_supply_fields.c
  INCLUDES src/base io/common src/tour io/tour src/supply io/supply)
# Seeds: real network files of both kinds, made by the build's own importer at test time.
add_test(NAME fuzz_h5net
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/fuzz_h5net_run.sh $<TARGET_FILE:fuzz_h5net> ${ANTROUTE_FUZZ_SECONDS}
                 ${CMAKE_CURRENT_BINARY_DIR}/fuzz/h5net ${AR_FUZZ_SEED_PROGRAM}
                 ${PROJECT_SOURCE_DIR})
ar_test_env(fuzz_h5net_env fuzz_h5net)
set_tests_properties(fuzz_h5net PROPERTIES LABELS fuzz TIMEOUT 600 ENVIRONMENT
                     "${fuzz_h5net_env}")
