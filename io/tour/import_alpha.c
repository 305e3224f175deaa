/* SPDX-License-Identifier: BSD-3-Clause */
/* import_alpha: the import's alpha-nearness penalties (see import_alpha.h). */
#include "import_alpha.h"

#include "tour_alpha.h"

ar_status import_alpha_compute(const param_set *ps, tour_net *t) {
  ar_status st = tour_alpha_penalties_compute(t, (int32_t)param_int(ps, "alpha-steps"), &t->alpha);
  if (st != AR_OK) ar_error_prefix("%s: computing the penalties of alpha-nearness", t->name);
  return st;
}
