/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_inspect: the tour wing's summary of its results for `antroute inspect RESULTS.h5`. */
#ifndef AR_WING_TOUR_INSPECT_H
#define AR_WING_TOUR_INSPECT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"

/* The instance, best tour and its gaps, the run and the layout, and whether /best/tour is a
 * permutation. AR_ERR_INPUT naming the file and what is missing or wrong (a tour that is not a
 * permutation), AR_ERR_HDF5, AR_ERR_NOMEM. */
ar_status wing_tour_inspect_results(hid_t file, FILE *out);

#endif
