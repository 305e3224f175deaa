/* h5res_fields: the declarations (h5field.h) of what a results file holds whatever its kind:
 * the root attributes, the convergence (/trace, /epochs), the layout, the run record and the BSP
 * cost (/bsp). h5res_write.c, h5res_hosts.c and h5res_bsp.c write by them; the kind-free readers
 * (src/report) and the wings' writers of the same items (/layout of order routing) use them too.
 * Declarations cannot fail.
 */
#ifndef AR_H5RES_FIELDS_H
#define AR_H5RES_FIELDS_H

#include "h5field.h"

/* The fields of h5res_run_fields, by index. */
enum {
  H5RES_KIND,
  H5RES_INPUT,
  H5RES_INSTANCE,
  H5RES_OPTIMUM,
  H5RES_TRACE_TIME,
  H5RES_TRACE_ITERATION,
  H5RES_TRACE_BEST,
  H5RES_EPOCHS_ITERATION,
  H5RES_EPOCHS_TIME,
  H5RES_EPOCHS_BEST,
  H5RES_EPOCHS_COLONY_BEST,
  H5RES_EPOCHS_RANK_SECONDS,
  H5RES_LAYOUT_RANKS,
  H5RES_LAYOUT_THREADS,
  H5RES_LAYOUT_COLONIES,
  H5RES_LAYOUT_COLONY_RANK,
  H5RES_LAYOUT_RANK_HOST,
  H5RES_RUN_ATTRIBUTES, /* the search parameters and totals: see the table's doc */
  H5RES_RUN_STOPPED_BY,
  H5RES_RUN_MEMORY_ESTIMATE,
  H5RES_RUN_MEMORY_LIMIT_BYTES,
  H5RES_RUN_MEMORY_LIMIT,
  H5RES_RUN_MEMORY_PEAK,
  H5RES_RUN_CHECKPOINTS_WRITTEN,
  H5RES_RUN_CHECKPOINTS_FAILED,
  H5RES_RUN_TIME_BUDGET,
  H5RES_RUN_TIME_SETUP,
  H5RES_RUN_TIME_SEARCH_PLANNED,
  H5RES_RUN_TIME_SEARCH,
  H5RES_RUN_TIME_WRITE_PLANNED,
  H5RES_RUN_TIME_WRITE,
  H5RES_RUN_TIME_PLAN,
  H5RES_RUN_RANK_SECONDS,
  H5RES_RUN_RANK_SECONDS_COLUMNS,
  H5RES_RUN_FIELDS
};

/* The fields of h5res_bsp_fields, by index. */
enum {
  H5RES_BSP_W_MAX,
  H5RES_BSP_W_MEAN,
  H5RES_BSP_COMM,
  H5RES_BSP_SYNC,
  H5RES_BSP_IO,
  H5RES_BSP_IMBALANCE,
  H5RES_BSP_RANK_W,
  H5RES_BSP_RANK_SYNC,
  H5RES_BSP_RANK_TIMERS,
  H5RES_BSP_FIELDS
};

extern const h5field h5res_run_fields[H5RES_RUN_FIELDS];
extern const h5field h5res_bsp_fields[H5RES_BSP_FIELDS];
extern const h5field_table h5res_run_table; /* "results:run" */
extern const h5field_table h5res_bsp_table; /* "results:bsp" */

#endif
