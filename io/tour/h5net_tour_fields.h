/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_tour_fields: the declarations (h5field.h) of a tour network file: the root attributes of
 * the tour kind and the group /tour. h5net_tour.c writes and reads by them. Declarations cannot
 * fail.
 */
#ifndef AR_H5NET_TOUR_FIELDS_H
#define AR_H5NET_TOUR_FIELDS_H

#include "h5field.h"

/* The kind's name (the root attribute `kind`) and the unit of every distance. */
#define H5NET_TOUR_KIND      "tour"
#define H5NET_DISTANCE_UNITS "TSPLIB integer distance"

enum {
  H5NET_TOUR_F_KIND,
  H5NET_TOUR_F_NAME,
  H5NET_TOUR_F_SOURCE,
  H5NET_TOUR_F_COMMENT,
  H5NET_TOUR_F_N,
  H5NET_TOUR_F_METRIC,
  H5NET_TOUR_F_DIRECTED,
  H5NET_TOUR_F_OPTIMUM,
  H5NET_TOUR_F_DISTANCE_UNITS,
  H5NET_TOUR_F_COORDS,
  H5NET_TOUR_F_WEIGHTS,
  H5NET_TOUR_F_KNOWN_TOUR,
  H5NET_TOUR_F_KNOWN_LENGTH,
  H5NET_TOUR_F_KNOWN_SOURCE,
  H5NET_TOUR_F_LOWER_BOUND,
  H5NET_TOUR_F_BOUND_METHOD,
  H5NET_TOUR_F_BOUND_ASCENT_STEPS,
  H5NET_TOUR_F_BOUND_EXACT_CHECKS,
  H5NET_TOUR_F_BOUND_SPARSE_EDGES,
  H5NET_TOUR_F_BOUND_SECONDS,
  H5NET_TOUR_F_ALPHA_PI,
  H5NET_TOUR_F_ALPHA_STEPS,
  H5NET_TOUR_F_ALPHA_SCALE,
  H5NET_TOUR_F_ALPHA_TREE,
  H5NET_TOUR_FIELDS
};

extern const h5field h5net_tour_fields[H5NET_TOUR_FIELDS];
extern const h5field_table h5net_tour_table; /* "tour:network" */

#endif
