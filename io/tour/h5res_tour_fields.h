/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_tour_fields: the declarations (h5field.h) of the tour part of a results file, /best.
 * h5res_tour.c writes by them; the tour's inspect and report parts read by them. Declarations
 * cannot fail.
 */
#ifndef AR_H5RES_TOUR_FIELDS_H
#define AR_H5RES_TOUR_FIELDS_H

#include "h5field.h"

enum {
  H5RES_TOUR_TOUR,
  H5RES_TOUR_COST,
  H5RES_TOUR_COLONY,
  H5RES_TOUR_ITERATION,
  H5RES_TOUR_TIME,
  H5RES_TOUR_OPTIMUM,
  H5RES_TOUR_GAP_PERCENT,
  H5RES_TOUR_LOWER_BOUND,
  H5RES_TOUR_BOUND_METHOD,
  H5RES_TOUR_BOUND_ASCENT_STEPS,
  H5RES_TOUR_BOUND_EXACT_CHECKS,
  H5RES_TOUR_BOUND_SECONDS,
  H5RES_TOUR_BOUND_COMPUTED_BY,
  H5RES_TOUR_GAP_TO_BOUND,
  H5RES_TOUR_FIELDS
};

/* The path of /best/tour, also the wing's results marker (wing_tour.c, a static initialiser). */
#define H5RES_TOUR_TOUR_PATH "/best/tour"

extern const h5field h5res_tour_fields[H5RES_TOUR_FIELDS];
extern const h5field_table h5res_tour_table; /* "tour:results" */

#endif
