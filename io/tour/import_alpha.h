/* SPDX-License-Identifier: BSD-3-Clause */
/* import_alpha: the penalties of alpha-nearness computed once at import and stored with the
 * network (/tour/alpha_pi, /tour/alpha_tree), so that every solve of it skips that ascent: 0.3 s
 * of a solve at 1,000-2,000 nodes, 2-3 s at 13,000-34,000 (docs/performance.md). */
#ifndef AR_IMPORT_ALPHA_H
#define AR_IMPORT_ALPHA_H

#include "ar_error.h"
#include "param.h"
#include "tour_alpha.h"
#include "tour_net.h"

/* The import's --alpha-steps; its default is solve's, so that a solve with its defaults finds
 * its ascent done. */
#define IMPORT_ALPHA_PARAM                                                                         \
  {                                                                                                \
    "alpha-steps", 0, PARAM_INT, TOUR_ALPHA_STEPS_DEFAULT_TEXT, NULL, 0, 1e9, "N",                 \
        "store the penalties of the Held-Karp ascent of N steps that solve --alpha-steps N "       \
        "starts its candidate lists from, so that solves skip it (symmetric instances up to "      \
        "80,000 nodes; at most 4,000,000 / nodes steps; 0: store none)",                           \
        0                                                                                          \
  }

/* Computes and keeps in t->alpha the penalties for --alpha-steps (nothing when there are none:
 * directed, too large, or 0). AR_ERR_NOMEM, AR_ERR_STOPPED. */
ar_status import_alpha_compute(const param_set *ps, tour_net *t);

#endif
