# SPDX-License-Identifier: BSD-3-Clause
# Reference answers that a refactor must not change (issue #11): fixed seeds and iteration counts,
# tours and orders, several layouts, resumed runs.
ar_add_script_test(reference_answers SCRIPT tests/reference/test_reference.sh LABELS "mpi;hdf5"
                   TIMEOUT 600)
