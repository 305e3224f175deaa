/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_bind_plan: where each OpenMP thread of a rank goes inside the CPU mask the rank was given
 * (the plan of antroute's `--bind`; topo_bind.h applies it).
 *
 * The plan is pure (tests check its cpusets on synthetic topologies).
 *
 * Thread placement ("close", as OMP_PROC_BIND=close over OMP_PLACES): with whole cores, thread i
 * gets core i (more threads than cores: consecutive threads share a core in blocks); with hardware
 * threads, thread i gets the i-th chosen PU, where fewer threads than PUs are first spread over
 * the cores (one PU per core before any second PU of a core is used).
 */
#ifndef AR_TOPO_BIND_PLAN_H
#define AR_TOPO_BIND_PLAN_H

#include <hwloc.h>

#include "ar_error.h"

typedef enum {
  TOPO_BIND_AUTO, /* cores when the mask holds at least one core per thread, else PUs */
  TOPO_BIND_CORE, /* each thread gets a whole core (the core's PUs inside the mask) */
  TOPO_BIND_PU    /* each thread gets one hardware thread */
} topo_bind_unit;

/* "auto", "cores", "hardware threads" */
const char *topo_bind_unit_name(topo_bind_unit unit);

/* Computes the cpusets of nthreads threads inside `mask` (OS-indexed PUs). Allocates sets[0..
 * nthreads-1] (free with topo_bitmaps_free). *used (may be NULL) receives the unit actually used
 * (never AUTO); *shared (may be NULL) is set to 1 when there are more threads than units, so some
 * threads share a unit. Fails with AR_ERR_USAGE when nthreads < 1 or the mask holds no PU of the
 * topology, AR_ERR_NOMEM when a bitmap cannot be allocated. */
ar_status topo_bind_plan(hwloc_topology_t topo, hwloc_const_cpuset_t mask, int nthreads,
                         topo_bind_unit unit, hwloc_bitmap_t *sets, topo_bind_unit *used,
                         int *shared);

/* Frees n bitmaps (NULL entries are skipped) and sets them to NULL. */
void topo_bitmaps_free(hwloc_bitmap_t *sets, int n);

#endif
