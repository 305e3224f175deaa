/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res: the results file of `antroute solve` (docs/formats.md, "Results file").
 *
 *   /                  h5meta attributes (format "antroute-results", format_version 1, ...),
 *                      kind, input, instance
 *   /best              the best solution: /best/cost (int64 scalar for tours), /best/colony,
 *                      /best/iteration, /best/time; tours add /best/tour int32 [n]
 *   /trace             time, iteration, best: one entry per epoch end where the best improved
 *   /epochs            iteration, time, best [E]; colony_best [E][C]
 *   /layout            ranks, threads_per_rank, colonies; colony_rank int32 [C]; rank_host [R]
 *   /run               the resolved search parameters and the run's totals (attributes);
 *                      rank_seconds float64 [R][4]
 *
 * Every rank of the file's communicator calls these functions (the writes are collective); the
 * data come from rank 0, which holds all of them after aco_engine_run(). Failures: AR_ERR_IO or
 * AR_ERR_HDF5 naming the file and the dataset; AR_ERR_MPI.
 */
#ifndef AR_H5RES_H
#define AR_H5RES_H

#include <hdf5.h>

#include "aco_engine.h"
#include "ar_error.h"
#include "param.h"

enum { H5RES_FORMAT_VERSION = 1 };

/* What the driver knows about the run beyond the engine (the same values on every rank). */
typedef struct {
  const char *input;    /* the network file */
  const char *kind;     /* the wing's name (io/wing/wing.h) */
  const char *instance; /* instance name */
  int64_t optimum;      /* -1 when unknown */
  /* The unit of the network's costs ("TSPLIB integer distance", "s (road time, rounded per
   * leg)"); NULL: the declarations' generic words. */
  const char *cost_units;
} h5res_info;

/* Root attributes, /trace, /epochs, /layout, /run. AR_ERR_IO/AR_ERR_HDF5 naming the file and the
 * object, AR_ERR_NOMEM, AR_ERR_MPI; the same status on every rank. */
ar_status h5res_write_run(hid_t file, const aco_engine *e, const param_set *ps,
                          const h5res_info *info);

#endif
