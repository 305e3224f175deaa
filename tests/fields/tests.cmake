# SPDX-License-Identifier: BSD-3-Clause
# Field declarations (io/common/h5field): writing, reading and checking by declaration, and the
# Markdown and JSON renderings `antroute formats` prints.
ar_add_unit_test(h5field_unit SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_h5field.c LABELS hdf5)
ar_add_script_test(formats_docs SCRIPT tests/fields/test_formats_docs.sh LABELS cli)
