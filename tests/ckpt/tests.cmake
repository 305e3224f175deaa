# SPDX-License-Identifier: BSD-3-Clause
# Checkpoint tests: layouts, damage, faults, signals (see docs/checkpoint.md).
ar_add_unit_test(ckpt_crc SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ckpt_crc.c LABELS ckpt)
set(CKPT_TESTDATA ${CMAKE_CURRENT_LIST_DIR}/ckpt_testdata.c)
foreach(np 1 2 4)
  ar_add_mpi_test(ckpt_layout_np${np} NP ${np} LABELS ckpt
                  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ckpt_layout.c ${CKPT_TESTDATA})
  target_include_directories(ckpt_layout_np${np} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
endforeach()

# ckpt_tool: the checkpoint module driven from shell tests (build/ckpt_tool).
add_executable(ckpt_tool ${CMAKE_CURRENT_LIST_DIR}/ckpt_tool.c ${CKPT_TESTDATA})
target_link_libraries(ckpt_tool PRIVATE antroute_core)
target_compile_options(ckpt_tool PRIVATE ${ANTROUTE_WARNINGS})
set_target_properties(ckpt_tool PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})

ar_add_mpi_test(ckpt_damage NP 2 LABELS ckpt
                SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ckpt_damage.c ${CKPT_TESTDATA})
target_include_directories(ckpt_damage PRIVATE ${CMAKE_CURRENT_LIST_DIR})

ar_add_mpi_test(ckpt_control NP 3 LABELS ckpt
                SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ckpt_control.c ${CKPT_TESTDATA})
target_include_directories(ckpt_control PRIVATE ${CMAKE_CURRENT_LIST_DIR})

ar_add_script_test(ckpt_faults SCRIPT tests/ckpt/test_ckpt_faults.sh LABELS ckpt)
ar_add_script_test(ckpt_signals SCRIPT tests/ckpt/test_ckpt_signals.sh LABELS ckpt)
ar_add_script_test(ckpt_fullfs SCRIPT tests/ckpt/test_ckpt_fullfs.sh LABELS ckpt)
ar_add_script_test(ckpt_solve_resume SCRIPT tests/ckpt/test_solve_resume.sh TIMEOUT 1200 LABELS ckpt)
ar_add_script_test(ckpt_solve_supply_resume SCRIPT tests/ckpt/test_solve_supply_resume.sh LABELS ckpt)
# ~180 short runs: 50 s alone, 260 s in the suite, and at a load of 19 on 2 cores 150 of them in
# 900 s (6 s each): 1800 s.
ar_add_script_test(ckpt_corpus SCRIPT tests/ckpt/test_ckpt_corpus.sh LABELS "ckpt;hdf5" TIMEOUT 1800)
ar_add_script_test(ckpt_folder SCRIPT tests/ckpt/test_ckpt_folder.sh LABELS ckpt)
# Issue #20: one run per checkpoint folder (two concurrent runs, other runs' files, no locks), and
# stop signals before the search (paced: held at the lower bound's first ascent step).
ar_add_script_test(ckpt_shared SCRIPT tests/ckpt/test_ckpt_shared.sh TIMEOUT 300 LABELS ckpt)
ar_add_script_test(ckpt_early_stop SCRIPT tests/ckpt/test_ckpt_early_stop.sh TIMEOUT 300
                   LABELS "ckpt;mpi")
# Issue #21: the state field by field (format version 5); older checkpoints refused, exit 3.
ar_add_script_test(ckpt_version SCRIPT tests/ckpt/test_ckpt_version.sh LABELS ckpt)
