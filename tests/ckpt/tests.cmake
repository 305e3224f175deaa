# Checkpoint tests: layouts, damage, faults, signals (see docs/checkpoint.md).
set(CKPT_TESTDATA ${CMAKE_CURRENT_LIST_DIR}/ckpt_testdata.c)
foreach(np 1 2 4)
  ar_add_mpi_test(ckpt_layout_np${np} NP ${np} TIMEOUT 120 LABELS ckpt
                  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_ckpt_layout.c ${CKPT_TESTDATA})
  target_include_directories(ckpt_layout_np${np} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
endforeach()
