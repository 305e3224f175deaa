# SPDX-License-Identifier: BSD-3-Clause
ar_add_script_test(progress_lines SCRIPT tests/progress/test_progress.sh LABELS progress)
