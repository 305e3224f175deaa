# SPDX-License-Identifier: BSD-3-Clause
# The demo kind (tests/wing_demo): a wing declared in its own folder, registered at run time by
# the program antroute_demo_wing (beside build/antroute, so that it finds the report scripts),
# and accepted by import synthetic, inspect, solve, report and export.
add_library(ar_wing_demo STATIC ${CMAKE_CURRENT_LIST_DIR}/demo_problem.c
            ${CMAKE_CURRENT_LIST_DIR}/wing_demo.c)
target_include_directories(ar_wing_demo PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_compile_options(ar_wing_demo PRIVATE ${ANTROUTE_WARNINGS})
target_link_libraries(ar_wing_demo PRIVATE ar_base ar_io_common ar_checkpoint ar_engine
                      ar_io_results ar_io_wing ar_hdf5)
add_executable(antroute_demo_wing ${CMAKE_CURRENT_LIST_DIR}/demo_main.c)
target_compile_options(antroute_demo_wing PRIVATE ${ANTROUTE_WARNINGS})
target_link_libraries(antroute_demo_wing PRIVATE antroute_core ar_wing_demo)
set_target_properties(antroute_demo_wing PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
ar_add_script_test(wing_demo SCRIPT tests/wing_demo/test_wing_demo.sh
                   ARGS $<TARGET_FILE:antroute_demo_wing> LABELS report TIMEOUT 300)
