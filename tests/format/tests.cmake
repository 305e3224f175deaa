ar_add_script_test(format_clang SCRIPT tests/format/test_clang_format.sh LABELS format)
