# Supply-chain data: the CSV reader, the importer, the HDF5 network file and the generator.
ar_add_unit_test(supply_csv SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_csv.c)
ar_add_unit_test(supply_import SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_import.c)
ar_add_unit_test(supply_roundtrip SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_roundtrip.c
                 ${CMAKE_CURRENT_LIST_DIR}/sc_equal.c LABELS hdf5)
ar_add_mpi_test(supply_read_mpi NP 3 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_read_mpi.c
                ${CMAKE_CURRENT_LIST_DIR}/sc_equal.c LABELS hdf5)
