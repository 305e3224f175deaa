/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_shape: packages x cores x hardware threads of a node, checked to be regular. */
#include "topo_shape.h"

#include <stdio.h>

int topo_package_count(hwloc_topology_t topo) {
  int n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
  return n > 0 ? n : 1;
}

hwloc_obj_t topo_package(hwloc_topology_t topo, int p) {
  if (hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE) <= 0)
    return p == 0 ? hwloc_get_root_obj(topo) : NULL;
  return hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, (unsigned)p);
}

hwloc_obj_type_t topo_core_type(hwloc_topology_t topo) {
  return hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE) > 0 ? HWLOC_OBJ_CORE : HWLOC_OBJ_PU;
}

int topo_package_of_pu(hwloc_topology_t topo, unsigned pu) {
  int npack = topo_package_count(topo);
  for (int p = 0; p < npack; p++) {
    hwloc_obj_t pkg = topo_package(topo, p);
    if (pkg && hwloc_bitmap_isset(pkg->cpuset, pu)) return p;
  }
  return -1;
}

ar_status topo_shape_of(hwloc_topology_t topo, const char *name, topo_shape *out) {
  hwloc_obj_type_t core_type = topo_core_type(topo);
  int npack = topo_package_count(topo);
  int cores_per_package = -1, pus_per_core = -1;
  for (int p = 0; p < npack; p++) {
    hwloc_obj_t pkg = topo_package(topo, p);
    int ncores = hwloc_get_nbobjs_inside_cpuset_by_type(topo, pkg->cpuset, core_type);
    if (ncores <= 0) return ar_fail(AR_ERR_INPUT, "topology %s: package %d has no cores", name, p);
    if (cores_per_package < 0) cores_per_package = ncores;
    if (ncores != cores_per_package)
      return ar_fail(AR_ERR_INPUT,
                     "topology %s: package %d has %d cores but package 0 has %d; the advisor "
                     "needs identical packages",
                     name, p, ncores, cores_per_package);
    hwloc_obj_t core = NULL;
    while ((core = hwloc_get_next_obj_inside_cpuset_by_type(topo, pkg->cpuset, core_type, core))) {
      int npu = hwloc_get_nbobjs_inside_cpuset_by_type(topo, core->cpuset, HWLOC_OBJ_PU);
      if (pus_per_core < 0) pus_per_core = npu;
      if (npu != pus_per_core || npu <= 0)
        return ar_fail(AR_ERR_INPUT,
                       "topology %s: core L#%u has %d hardware threads but core L#0 has %d; the "
                       "advisor needs identical cores",
                       name, core->logical_index, npu, pus_per_core);
    }
  }
  out->packages = npack;
  out->cores_per_package = cores_per_package;
  out->pus_per_core = pus_per_core;
  int numa = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
  out->numa_nodes = numa > 0 ? numa : 0;
  out->cores = npack * cores_per_package;
  out->pus = out->cores * pus_per_core;
  return AR_OK;
}

void topo_shape_describe(const topo_shape *s, char *buf, size_t size) {
  int n = snprintf(buf, size,
                   "%d package%s x %d core%s x %d hardware thread%s = %d hardware "
                   "thread%s (%d cores)",
                   s->packages, s->packages == 1 ? "" : "s", s->cores_per_package,
                   s->cores_per_package == 1 ? "" : "s", s->pus_per_core,
                   s->pus_per_core == 1 ? "" : "s", s->pus, s->pus == 1 ? "" : "s", s->cores);
  if (n > 0 && (size_t)n < size && s->numa_nodes > 0)
    snprintf(buf + n, size - (size_t)n, ", %d NUMA node%s", s->numa_nodes,
             s->numa_nodes == 1 ? "" : "s");
}
