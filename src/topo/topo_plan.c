/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_plan: package-by-package block placement of ranks and threads, and the binding unit. */
#include "topo_plan.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

ar_status topo_layout_parse(const char *text, topo_layout *out) {
  long ranks = 0, threads = 0;
  char *end = NULL;
  errno = 0;
  if (text && *text >= '0' && *text <= '9') ranks = strtol(text, &end, 10);
  if (!end || (*end != 'x' && *end != 'X') || errno)
    return ar_fail(AR_ERR_USAGE,
                   "--layout '%s': expected RANKSxTHREADS (ranks per node x threads per rank), "
                   "for example 64x3",
                   text ? text : "");
  const char *second = end + 1;
  if (*second >= '0' && *second <= '9')
    threads = strtol(second, &end, 10);
  else
    end = (char *)second;
  if (end == second || *end || errno)
    return ar_fail(AR_ERR_USAGE,
                   "--layout '%s': expected RANKSxTHREADS (ranks per node x threads per rank), "
                   "for example 64x3",
                   text);
  if (ranks < 1 || threads < 1 || ranks > 65536 || threads > 65536)
    return ar_fail(AR_ERR_USAGE, "--layout '%s': ranks and threads must be between 1 and 65536",
                   text);
  out->ranks_per_node = (int)ranks;
  out->threads_per_rank = (int)threads;
  out->cpus_per_rank = 0;
  if (out->nodes < 1) out->nodes = 1;
  return AR_OK;
}

int topo_layout_cpus(const topo_layout *layout) {
  return layout->cpus_per_rank > 0 ? layout->cpus_per_rank : layout->threads_per_rank;
}

void topo_bitmap_text(hwloc_const_bitmap_t set, char *buf, size_t size) {
  if (hwloc_bitmap_iszero(set))
    snprintf(buf, size, "none");
  else
    hwloc_bitmap_list_snprintf(buf, size, set);
}

void topo_plan_free(topo_plan *plan) {
  if (plan->ranks) {
    for (int r = 0; r < plan->layout.ranks_per_node; r++) {
      topo_rank_plan *rp = &plan->ranks[r];
      if (rp->cpuset) hwloc_bitmap_free(rp->cpuset);
      if (rp->cores) hwloc_bitmap_free(rp->cores);
      if (rp->thread_cpusets) {
        topo_bitmaps_free(rp->thread_cpusets, plan->layout.threads_per_rank);
        free(rp->thread_cpusets);
      }
    }
    free(plan->ranks);
  }
  free(plan->package_ranks);
  free(plan->package_pus);
  memset(plan, 0, sizeof *plan);
}

const topo_rank_plan *topo_plan_rank(const topo_plan *plan, int r, int *node, int *local_rank) {
  int per_node = plan->layout.ranks_per_node;
  if (!plan->ranks || r < 0 || per_node < 1 || r / per_node >= plan->layout.nodes) return NULL;
  if (node) *node = r / per_node;
  if (local_rank) *local_rank = r % per_node;
  return &plan->ranks[r % per_node];
}

/* The CPUs ranks are made of, package by package, in logical order: cores when smt is 0, else
 * PUs. units[p] lists package p's; *per_package receives how many each package has. */
static ar_status collect_units(hwloc_topology_t topo, const topo_shape *shape, int smt,
                               hwloc_obj_t **units, int *per_package) {
  hwloc_obj_type_t type = smt ? HWLOC_OBJ_PU : topo_core_type(topo);
  int per = smt ? shape->cores_per_package * shape->pus_per_core : shape->cores_per_package;
  *units = malloc((size_t)shape->packages * (size_t)per * sizeof **units);
  if (!*units) return ar_fail(AR_ERR_NOMEM, "out of memory planning %d packages", shape->packages);
  for (int p = 0; p < shape->packages; p++) {
    hwloc_obj_t pkg = topo_package(topo, p), obj = NULL;
    int n = 0;
    while (n < per &&
           (obj = hwloc_get_next_obj_inside_cpuset_by_type(topo, pkg->cpuset, type, obj)))
      (*units)[p * per + n++] = obj;
    if (n != per)
      return ar_fail(AR_ERR_INTERNAL, "package %d: found %d CPUs, expected %d", p, n, per);
  }
  *per_package = per;
  return AR_OK;
}

/* Sets in `cores` the logical index of every core that meets `set`. */
static void cores_meeting(hwloc_topology_t topo, hwloc_const_bitmap_t set, hwloc_bitmap_t cores) {
  hwloc_obj_type_t core_type = topo_core_type(topo);
  hwloc_obj_t core = NULL;
  while ((core = hwloc_get_next_obj_inside_cpuset_by_type(topo, hwloc_get_root_obj(topo)->cpuset,
                                                          core_type, core)))
    if (hwloc_bitmap_intersects(core->cpuset, set)) hwloc_bitmap_set(cores, core->logical_index);
}

/* Rank `rank` of the node takes `cpus` units from units[first]: its cpuset, cores, package and
 * its threads' places; the PUs and the cores its threads use join used_pus and used_cores. */
static ar_status plan_rank(hwloc_topology_t topo, topo_plan *plan, hwloc_obj_t *units, int first,
                           int rank, hwloc_bitmap_t used_pus, hwloc_bitmap_t used_cores) {
  const int threads = plan->layout.threads_per_rank, cpus = topo_layout_cpus(&plan->layout);
  topo_rank_plan *rp = &plan->ranks[rank];
  rp->node = 0;
  rp->local_rank = rank;
  rp->cpuset = hwloc_bitmap_alloc();
  rp->cores = hwloc_bitmap_alloc();
  rp->thread_cpusets = calloc((size_t)threads, sizeof *rp->thread_cpusets);
  if (!rp->cpuset || !rp->cores || !rp->thread_cpusets)
    return ar_fail(AR_ERR_NOMEM, "out of memory planning rank %d", rank);
  for (int u = 0; u < cpus; u++)
    hwloc_bitmap_or(rp->cpuset, rp->cpuset, units[first + u]->cpuset);
  rp->package = topo_package_of_pu(topo, (unsigned)hwloc_bitmap_first(rp->cpuset));
  rp->npackages = 0;
  for (int q = 0; q < plan->shape.packages; q++)
    rp->npackages += hwloc_bitmap_intersects(topo_package(topo, q)->cpuset, rp->cpuset);
  if (rp->package >= 0) plan->package_ranks[rp->package]++;
  cores_meeting(topo, rp->cpuset, rp->cores);
  ar_status st = topo_bind_plan(topo, rp->cpuset, threads, plan->bind, rp->thread_cpusets, NULL,
                                &rp->threads_share);
  if (st != AR_OK) return st;
  hwloc_bitmap_or(used_pus, used_pus, rp->cpuset);
  for (int t = 0; t < threads; t++)
    cores_meeting(topo, rp->thread_cpusets[t], used_cores);
  return AR_OK;
}

/* Places the ranks: package by package (the first R mod P packages take one rank more), or
 * packed over the node when they do not fit so. Fills the totals of PUs and cores used. */
static ar_status plan_ranks(hwloc_topology_t topo, topo_plan *plan, hwloc_obj_t *units,
                            int per_package) {
  const int ranks = plan->layout.ranks_per_node, cpus = topo_layout_cpus(&plan->layout);
  const int npack = plan->shape.packages;
  hwloc_bitmap_t used_cores = hwloc_bitmap_alloc(), used_pus = hwloc_bitmap_alloc();
  hwloc_bitmap_t in_package = hwloc_bitmap_alloc();
  ar_status st = used_cores && used_pus && in_package
                     ? AR_OK
                     : ar_fail(AR_ERR_NOMEM, "out of memory planning %d ranks", ranks);
  int rank = 0;
  for (int p = 0; st == AR_OK && p < (plan->by_package ? npack : 1); p++) {
    int count = plan->by_package ? ranks / npack + (p < ranks % npack) : ranks;
    int base = plan->by_package ? p * per_package : 0;
    for (int j = 0; st == AR_OK && j < count; j++, rank++)
      st = plan_rank(topo, plan, units, base + j * cpus, rank, used_pus, used_cores);
  }
  for (int p = 0; st == AR_OK && p < npack; p++) {
    hwloc_bitmap_and(in_package, used_pus, topo_package(topo, p)->cpuset);
    plan->package_pus[p] = hwloc_bitmap_weight(in_package);
  }
  plan->pus_given = used_pus ? hwloc_bitmap_weight(used_pus) : 0;
  plan->cores_used = used_cores ? hwloc_bitmap_weight(used_cores) : 0;
  if (used_cores) hwloc_bitmap_free(used_cores);
  if (used_pus) hwloc_bitmap_free(used_pus);
  if (in_package) hwloc_bitmap_free(in_package);
  return st;
}

ar_status topo_plan_make(hwloc_topology_t topo, const topo_layout *layout, topo_plan *plan) {
  memset(plan, 0, sizeof *plan);
  topo_layout lay = *layout;
  if (lay.nodes < 1 || lay.ranks_per_node < 1 || lay.threads_per_rank < 1 || lay.cpus_per_rank < 0)
    return ar_fail(AR_ERR_USAGE,
                   "layout %d nodes x %d ranks x %d threads: every count must be at least 1",
                   lay.nodes, lay.ranks_per_node, lay.threads_per_rank);
  topo_shape shape;
  ar_status st = topo_shape_of(topo, "to plan", &shape);
  if (st != AR_OK) return st;
  const int ranks = lay.ranks_per_node, cpus = topo_layout_cpus(&lay);
  long long needed = (long long)ranks * cpus;
  if (needed > shape.pus)
    return ar_fail(AR_ERR_USAGE,
                   "layout %dx%d needs %lld hardware threads per node (%d ranks x %d CPUs), the "
                   "node has %d",
                   ranks, lay.threads_per_rank, needed, ranks, cpus, shape.pus);

  plan->layout = lay;
  plan->shape = shape;
  plan->smt = needed > shape.cores;
  plan->threads_per_core = plan->smt ? shape.pus_per_core : 1;
  plan->bind = (!plan->smt || cpus % shape.pus_per_core == 0) ? TOPO_BIND_CORE : TOPO_BIND_PU;
  int per_package = 0;
  hwloc_obj_t *units = NULL;
  st = collect_units(topo, &shape, plan->smt, &units, &per_package);
  if (st == AR_OK) {
    const int npack = shape.packages;
    int ceil_per_package = (ranks + npack - 1) / npack;
    plan->by_package = (long long)ceil_per_package * cpus <= per_package;
    plan->ranks_per_package = plan->by_package ? ceil_per_package : 0;
    plan->package_ranks = calloc((size_t)npack, sizeof *plan->package_ranks);
    plan->package_pus = calloc((size_t)npack, sizeof *plan->package_pus);
    plan->ranks = calloc((size_t)ranks, sizeof *plan->ranks);
    if (!plan->package_ranks || !plan->package_pus || !plan->ranks)
      st = ar_fail(AR_ERR_NOMEM, "out of memory planning %d ranks", ranks);
  }
  if (st == AR_OK) st = plan_ranks(topo, plan, units, per_package);
  free(units);
  if (st != AR_OK) topo_plan_free(plan);
  return st;
}
