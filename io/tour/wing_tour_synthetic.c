/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_synthetic: `antroute import synthetic --kind tour` (see wing_tour_synthetic.h). */
#include "wing_tour_synthetic.h"

#include <stdio.h>
#include <string.h>

#include "h5net_tour.h"
#include "import_alpha.h"
#include "import_bound.h"
#include "tour_synth.h"

static const param_def synthetic_params[] = {
    {"nodes", 0, PARAM_INT, "100000", NULL, 3, 20000000, "N", "nodes", 0},
    {"distribution", 0, PARAM_CHOICE, "uniform", "uniform|clustered", 1, 0, "D", "node placement",
     0},
    IMPORT_BOUND_PARAM,
    IMPORT_ALPHA_PARAM,
};

static ar_status generate_tour(const param_set *ps) {
  tour_net t;
  int clustered = strcmp(param_str(ps, "distribution"), "clustered") == 0;
  ar_status st =
      tour_synth_generate((int32_t)param_int(ps, "nodes"), (uint64_t)param_int(ps, "seed"),
                          clustered ? TOUR_SYNTH_CLUSTERED : TOUR_SYNTH_UNIFORM, &t);
  if (st != AR_OK) return st;
  const char *out = param_str(ps, "output");
  st = import_bound_compute(ps, &t);
  if (st == AR_OK) st = import_alpha_compute(ps, &t);
  if (st == AR_OK) st = h5net_tour_write_from(&t, out, ps, t.comment, NULL);
  if (st == AR_OK) {
    char bound[128];
    import_bound_describe(&t, bound, sizeof bound);
    printf("%s: %s, %d nodes (EUC_2D)%s\n", out, t.name, t.n, bound);
  }
  tour_net_free(&t);
  return st;
}

const wing_synthetic wing_tour_synthetic = {
    .params = synthetic_params,
    .nparams = (int)(sizeof synthetic_params / sizeof synthetic_params[0]),
    .usage = "--nodes N [--distribution uniform|clustered] [--no-bound] [--alpha-steps N]",
    .description = "Tours: N points placed uniformly or in clusters (EUC_2D).",
    .generate = generate_tour,
};
