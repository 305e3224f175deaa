# SPDX-License-Identifier: BSD-3-Clause
# Trust nothing read back (issue #12): outputs never over inputs, memory estimated before it is
# allocated, damaged and lying network files refused the same way by every command.
ar_add_unit_test(trust_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_trust_unit.c)
ar_add_script_test(trust_outputs SCRIPT tests/trust/test_outputs.sh LABELS hdf5)
ar_add_script_test(trust_memory SCRIPT tests/trust/test_memory.sh LABELS "hdf5;mpi")
ar_add_script_test(trust_networks SCRIPT tests/trust/test_networks.sh LABELS "hdf5;supply")
