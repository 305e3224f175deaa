# SPDX-License-Identifier: BSD-3-Clause
ar_add_script_test(format_clang SCRIPT tests/format/test_clang_format.sh LABELS format)
ar_add_script_test(format_function_lengths SCRIPT tests/format/test_function_lengths.sh LABELS format)
ar_add_script_test(format_spdx SCRIPT tests/format/test_spdx.sh LABELS format)
