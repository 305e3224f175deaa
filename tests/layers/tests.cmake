# SPDX-License-Identifier: BSD-3-Clause
# The layers of docs/architecture.md: no upward include, no circle between files.
ar_add_script_test(layers SCRIPT tests/layers/test_layers.sh LABELS format)
