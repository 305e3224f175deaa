# SPDX-License-Identifier: BSD-3-Clause
ar_add_script_test(budget_time SCRIPT tests/budget/test_budget.sh LABELS hdf5 mpi TIMEOUT 600)
