ar_add_script_test(cli_basics SCRIPT tests/cli/test_cli_basics.sh)
ar_add_unit_test(param_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_param.c)
