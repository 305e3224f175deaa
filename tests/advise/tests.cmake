# SPDX-License-Identifier: BSD-3-Clause
# The layout advisor (issue 5, "Binding and the advisor"): plans, judgements and launch lines on
# synthetic topologies and this machine; the command line; the run-time binding report under MPI.
ar_add_unit_test(advise_topo_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_topo_plan.c)
ar_add_mpi_test(advise_binding_mpi NP 2 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_topo_binding.c)
ar_add_script_test(advise_cli SCRIPT tests/advise/test_advise_cli.sh)
