# SPDX-License-Identifier: BSD-3-Clause
# Road networks (issue #22): the model and algorithms (unit), the files, the importers of OSM,
# DIMACS, synthetic networks and stops, the independent check of the costs against scipy, the
# layouts, and bad inputs.

# The helper that recomputes costs and legs with the readers part B uses (road_legs_check.c).
add_executable(road_legs_check ${CMAKE_CURRENT_LIST_DIR}/road_legs_check.c)
target_link_libraries(road_legs_check PRIVATE antroute_core)
target_compile_options(road_legs_check PRIVATE ${ANTROUTE_WARNINGS})
set_target_properties(road_legs_check PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})

ar_add_unit_test(road_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_road_unit.c LABELS hdf5)
ar_add_script_test(road_import SCRIPT tests/road/test_road_import.sh LABELS "road;hdf5")
ar_add_script_test(road_costs SCRIPT tests/road/test_road_costs.sh LABELS "road;hdf5;mpi" TIMEOUT 600)
ar_add_script_test(road_bad SCRIPT tests/road/test_road_bad.sh LABELS "road;hdf5;mpi")
ar_add_script_test(road_route SCRIPT tests/road/test_road_route.sh LABELS "road;hdf5;report")
ar_add_script_test(road_resume SCRIPT tests/road/test_road_resume.sh LABELS "road;hdf5;ckpt")
