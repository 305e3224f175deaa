# The ACO engine and the tour solver (issue 3).
ar_add_unit_test(engine_quick SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tour_quick.c)
