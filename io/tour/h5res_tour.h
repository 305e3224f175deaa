/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_tour: the tour part of a results file (docs/formats.md, "Results file"): /best/tour,
 * /best/cost, /best/colony, /best/iteration, /best/time and the gap when the optimum is known,
 * /best/lower_bound and /best/gap_to_bound when there is a bound.
 * Collective over the engine's communicator; failures as in h5res.h. */
#ifndef AR_H5RES_TOUR_H
#define AR_H5RES_TOUR_H

#include "h5res.h"
#include "tour_problem.h"

/* /best for a tour: tour, cost, colony, iteration, time (and gap when the optimum is known).
 * AR_ERR_IO/AR_ERR_HDF5 naming the file and the dataset, AR_ERR_MPI. */
ar_status h5res_write_tour_best(hid_t file, const aco_engine *e, const tour_problem *tp,
                                const h5res_info *info);

/* /best/lower_bound (int64: a proven lower bound on every tour; attributes method, ascent_steps,
 * exact_checks, seconds and computed_by, "import" or "solve") and /best/gap_to_bound (float64,
 * percent: 100 (cost - bound) / cost), into the /best written by h5res_write_tour_best; the bound's
 * `units` are cost_units (NULL: the declaration's words). AR_ERR_IO/AR_ERR_HDF5 naming the file and
 * the dataset. */
ar_status h5res_write_tour_bound(hid_t file, const aco_engine *e, const tour_lower_bound *b,
                                 int computed_by_solve, const char *cost_units);

#endif
