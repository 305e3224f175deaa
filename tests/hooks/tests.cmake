# SPDX-License-Identifier: BSD-3-Clause
# Issue #21: test switches out of production. The test hooks (this folder) are linked into the
# program only with ANTROUTE_TEST_HOOKS=ON; the layers' libraries are the same either way, so
# antroute_release, the program linked from them without the hooks, is what a release build
# (-DANTROUTE_TEST_HOOKS=OFF) installs. release_no_hooks checks its symbols and strings.
if(ANTROUTE_TEST_HOOKS)
  add_executable(antroute_release ${PROJECT_SOURCE_DIR}/src/app/main.c)
  target_compile_options(antroute_release PRIVATE ${ANTROUTE_WARNINGS})
  target_link_libraries(antroute_release PRIVATE ar_app)
  set_target_properties(antroute_release PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  ar_add_script_test(release_no_hooks SCRIPT tests/hooks/test_release_no_hooks.sh
                     ARGS $<TARGET_FILE:antroute_release> LABELS ckpt)
endif()
