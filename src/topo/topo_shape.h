/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_shape: the regular shape of a node (packages x cores x hardware threads) that the
 * advisor reasons about, and the hwloc objects behind it.
 *
 * A machine without Package objects counts as one package; a topology without Core objects
 * treats every PU as a core with one hardware thread.
 *
 * Failures: topo_shape_of() returns AR_ERR_INPUT when the packages or cores are not all alike
 * (the advisor's rules assume identical packages), naming the topology and the first difference.
 */
#ifndef AR_TOPO_SHAPE_H
#define AR_TOPO_SHAPE_H

#include <hwloc.h>
#include <stddef.h>

#include "ar_error.h"

typedef struct {
  int packages;          /* >= 1 */
  int cores_per_package; /* >= 1 */
  int pus_per_core;      /* hardware threads per core (SMT), >= 1 */
  int numa_nodes;        /* NUMA nodes of the machine (0 if hwloc reports none) */
  int cores;             /* packages * cores_per_package */
  int pus;               /* cores * pus_per_core: the node's hardware threads */
} topo_shape;

/* Measures topo; `name` (the source's description) only goes into error messages. */
ar_status topo_shape_of(hwloc_topology_t topo, const char *name, topo_shape *out);

/* "4 packages x 24 cores x 2 hardware threads = 192 hardware threads (96 cores), 4 NUMA nodes" */
void topo_shape_describe(const topo_shape *shape, char *buf, size_t size);

/* The number of package objects, at least 1 (see topo_package). */
int topo_package_count(hwloc_topology_t topo);

/* Package p (0-based, logical order), or the machine itself when there are no packages. */
hwloc_obj_t topo_package(hwloc_topology_t topo, int p);

/* HWLOC_OBJ_CORE, or HWLOC_OBJ_PU when the topology has no core objects. */
hwloc_obj_type_t topo_core_type(hwloc_topology_t topo);

/* The logical index of the package holding OS-indexed PU `pu`, or -1. */
int topo_package_of_pu(hwloc_topology_t topo, unsigned pu);

#endif
