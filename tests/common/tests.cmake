# SPDX-License-Identifier: BSD-3-Clause
# The test harness itself: a test that checks nothing fails (lib.sh's finish, test_main.c).
add_executable(test_nothing ${CMAKE_CURRENT_LIST_DIR}/test_nothing.c ${CMAKE_CURRENT_LIST_DIR}/test_main.c)
target_include_directories(test_nothing PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(test_nothing PRIVATE antroute_core)
target_compile_options(test_nothing PRIVATE ${ANTROUTE_WARNINGS})
add_dependencies(unit_tests test_nothing)
ar_add_script_test(common_checks_nothing SCRIPT tests/common/test_checks_nothing.sh
                   ARGS $<TARGET_FILE:test_nothing> LABELS unit)
