# SPDX-License-Identifier: BSD-3-Clause
# Units and descriptions (docs/formats.md, "Units"): every dataset and group attribute of a results
# file of each kind (tour, road, order routing) says its unit and meaning.
ar_add_script_test(units_everywhere SCRIPT tests/units/test_units_everywhere.sh LABELS hdf5)
