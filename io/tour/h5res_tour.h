/* h5res_tour: the tour part of a results file (docs/formats.md, "Results file"): /best/tour,
 * /best/cost, /best/colony, /best/iteration, /best/time and the gap when the optimum is known.
 * Collective over the engine's communicator; failures as in h5res.h. */
#ifndef AR_H5RES_TOUR_H
#define AR_H5RES_TOUR_H

#include "h5res.h"
#include "tour_problem.h"

/* /best for a tour: tour, cost, colony, iteration, time (and gap when the optimum is known). */
ar_status h5res_write_tour_best(hid_t file, const aco_engine *e, const tour_problem *tp,
                                const h5res_info *info);

#endif
