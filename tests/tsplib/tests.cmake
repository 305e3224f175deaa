# SPDX-License-Identifier: BSD-3-Clause
# TSPLIB import: parser unit tests, the network file round trip (also under MPI), the importer
# end to end on shipped and shared data, and malformed input (text and HDF5).
ar_add_unit_test(tsplib_parse_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_tsplib_parse.c)
ar_add_mpi_test(tsplib_h5net_mpi NP 3 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_h5net_tour_mpi.c
                LABELS hdf5)
ar_add_script_test(tsplib_import_shipped SCRIPT tests/tsplib/test_import_shipped.sh LABELS hdf5)
ar_add_script_test(tsplib_import_shared SCRIPT tests/tsplib/test_import_shared.sh LABELS hdf5)
ar_add_script_test(tsplib_import_bad SCRIPT tests/tsplib/test_import_bad.sh)
ar_add_script_test(tsplib_hdf5_bad SCRIPT tests/tsplib/test_hdf5_bad.sh LABELS hdf5)
ar_add_script_test(export_formats SCRIPT tests/tsplib/test_export_formats.sh LABELS hdf5)
