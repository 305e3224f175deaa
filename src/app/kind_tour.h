/* kind_tour: tours (TSPLIB TSP and ATSP networks) as a problem kind of `antroute solve`. */
#ifndef AR_KIND_TOUR_H
#define AR_KIND_TOUR_H

#include "solve_kind.h"

const solve_kind *kind_tour_get(void);

#endif
