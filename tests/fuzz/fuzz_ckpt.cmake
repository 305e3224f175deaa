# SPDX-License-Identifier: BSD-3-Clause
# Checkpoint reader (checkpoint/ckpt_verify.c, ckpt_header.c, ckpt_digest.c, ckpt_read.c and what
# they call): checkpoint files from the fuzzer's bytes, judged and read serially (MPI_COMM_SELF).
ar_fuzz_hdf5_target(fuzz_ckpt
  SOURCES src/base/ar_error.c src/base/ar_agree.c src/base/ar_comm.c src/base/param.c
          src/base/param_file.c src/base/ar_path.c src/base/ar_signal.c src/base/ar_hooks.c
          src/base/param_wrap.c src/base/ar_backup.c
          io/common/h5u.c io/common/h5meta.c checkpoint/ckpt_crc.c checkpoint/ckpt_crc_x86.c
          checkpoint/ckpt_digest.c
          checkpoint/ckpt_field.c checkpoint/ckpt_header.c checkpoint/ckpt_match.c
          checkpoint/ckpt_read.c checkpoint/ckpt_verify.c
  INCLUDES src/base io/common checkpoint
  LIBS OpenMP::OpenMP_C ZLIB::ZLIB)
# Seeds: real checkpoints of both kinds, written by the build's own solve at test time.
add_test(NAME fuzz_ckpt
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/fuzz_ckpt_run.sh $<TARGET_FILE:fuzz_ckpt> ${ANTROUTE_FUZZ_SECONDS}
                 ${CMAKE_CURRENT_BINARY_DIR}/fuzz/ckpt ${AR_FUZZ_SEED_PROGRAM}
                 ${PROJECT_SOURCE_DIR})
ar_test_env(fuzz_ckpt_env fuzz_ckpt)
set_tests_properties(fuzz_ckpt PROPERTIES LABELS fuzz TIMEOUT 600 ENVIRONMENT
                     "${fuzz_ckpt_env}")
