# SPDX-License-Identifier: BSD-3-Clause
# antroute report: the summary and pictures on a real tour run and on a fabricated order-routing
# results file, bad inputs, and the user guide's runnable commands (docs/guide.md).
ar_add_script_test(report_tour SCRIPT tests/report/test_report_tour.sh LABELS report)
ar_add_script_test(report_supply SCRIPT tests/report/test_report_supply.sh LABELS report)
ar_add_script_test(report_errors SCRIPT tests/report/test_report_errors.sh LABELS report)
# 1200 s: ~80 s in the suite, but one stress round at a load of 19 on 2 cores (a second suite and
# a ctest -j3 ran beside the stress script) passed every block and was stopped at 600 s.
ar_add_script_test(report_guide_commands SCRIPT tests/report/test_guide_commands.sh
                   LABELS report TIMEOUT 1200)
ar_add_unit_test(report_read_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_report_read.c
                 LABELS report)
