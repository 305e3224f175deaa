/* SPDX-License-Identifier: BSD-3-Clause */
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
  H5RES_IMPROVEMENTS_START,
  H5RES_IMPROVEMENTS_DROPPED,
  H5RES_IMPROVEMENTS_ITERATION,
  H5RES_IMPROVEMENTS_TIME,
  H5RES_IMPROVEMENTS_COLONY,
  H5RES_IMPROVEMENTS_COST,
  H5RES_LAYOUT_RANKS,
  H5RES_LAYOUT_THREADS,
  H5RES_LAYOUT_COLONIES,
  H5RES_LAYOUT_COLONY_RANK,
  H5RES_LAYOUT_RANK_HOST,
  H5RES_RUN_ATTRIBUTES, /* /run/algorithm; the search parameters and totals follow */
  H5RES_RUN_COLONIES,
  H5RES_RUN_ANTS,
  H5RES_RUN_ALPHA,
  H5RES_RUN_BETA,
  H5RES_RUN_RHO,
  H5RES_RUN_Q0,
  H5RES_RUN_XI,
  H5RES_RUN_P_BEST,
  H5RES_RUN_P_GBEST,
  H5RES_RUN_RESTART_ITERATIONS,
  H5RES_RUN_RESTART_DESCENT,
  H5RES_RUN_EPOCH_ITERATIONS,
  H5RES_RUN_SEED,
  H5RES_RUN_MIGRATE,
  H5RES_RUN_ITERATIONS,
  H5RES_RUN_EPOCHS,
  H5RES_RUN_TOURS,
  H5RES_RUN_SECONDS,
  H5RES_RUN_ITERATIONS_PER_SECOND,
  H5RES_RUN_TOURS_PER_SECOND,
  H5RES_RUN_CPU_SECONDS,
  H5RES_RUN_STOPPED_BY,
  H5RES_RUN_MEMORY_ESTIMATE,
  H5RES_RUN_MEMORY_LIMIT_BYTES,
  H5RES_RUN_MEMORY_LIMIT,
  H5RES_RUN_MEMORY_PEAK,
  H5RES_RUN_CHECKPOINTS_WRITTEN,
  H5RES_RUN_CHECKPOINTS_FAILED,
  H5RES_RUN_TIME_BUDGET,
  H5RES_RUN_TIME_SETUP,
  H5RES_RUN_TIME_SETUP_MPI,
  H5RES_RUN_TIME_SETUP_READ,
  H5RES_RUN_TIME_SETUP_PREPARE,
  H5RES_RUN_TIME_SETUP_PROBLEM,
  H5RES_RUN_TIME_SETUP_FIRST,
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
  H5RES_BSP_RANK_POOL_ANTS,
  H5RES_BSP_TIMER_NAMES, /* the attributes of /bsp */
  H5RES_BSP_RANKS,
  H5RES_BSP_EPOCHS,
  H5RES_BSP_COLONIES,
  H5RES_BSP_SLOWEST_RANK,
  H5RES_BSP_RUN_IMBALANCE,
  H5RES_BSP_BLOCK_IMBALANCE,
  H5RES_BSP_TEAM_EFFICIENCY,
  H5RES_BSP_FIELDS
};

extern const h5field h5res_run_fields[H5RES_RUN_FIELDS];

/* The parts of /run time_setup in their order, each an attribute of /run and the words solve's
 * and report's `time:` lines give it. */
enum { H5RES_SETUP_PARTS = 5 };
typedef struct {
  const char *attr;  /* "time_setup_mpi" */
  const char *label; /* "MPI's start" */
} h5res_setup_part;
extern const h5res_setup_part h5res_setup_parts[H5RES_SETUP_PARTS];
extern const h5field h5res_bsp_fields[H5RES_BSP_FIELDS];
extern const h5field_table h5res_run_table; /* "results:run" */
extern const h5field_table h5res_bsp_table; /* "results:bsp" */

#endif
