# Supply-chain data: the CSV reader, the importer, the HDF5 network file and the generator.
ar_add_unit_test(supply_csv SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_csv.c)
ar_add_unit_test(supply_import SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_import.c)
