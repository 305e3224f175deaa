/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_bind_plan: where each thread of a rank goes inside the rank's mask (pure: no binding). */
#include "topo_bind_plan.h"

#include <stdlib.h>

#include "topo_shape.h"

const char *topo_bind_unit_name(topo_bind_unit unit) {
  switch (unit) {
  case TOPO_BIND_CORE: return "cores";
  case TOPO_BIND_PU: return "hardware threads";
  default: return "auto";
  }
}

void topo_bitmaps_free(hwloc_bitmap_t *sets, int n) {
  for (int i = 0; i < n; i++) {
    if (sets[i]) hwloc_bitmap_free(sets[i]);
    sets[i] = NULL;
  }
}

/* The objects of `type` whose cpuset meets mask, in logical order. Caller frees. */
static int objs_in_mask(hwloc_topology_t topo, hwloc_obj_type_t type, hwloc_const_cpuset_t mask,
                        hwloc_obj_t **out) {
  int total = hwloc_get_nbobjs_by_type(topo, type), n = 0;
  *out = total > 0 ? malloc((size_t)total * sizeof **out) : NULL;
  if (total > 0 && !*out) return -1;
  for (int i = 0; i < total; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, type, (unsigned)i);
    if (obj && hwloc_bitmap_intersects(obj->cpuset, mask)) (*out)[n++] = obj;
  }
  return n;
}

/* Index of the PU among its core's PUs (0 for the first hardware thread of a core). */
static int sibling_rank(hwloc_topology_t topo, hwloc_obj_t pu, hwloc_obj_type_t core_type) {
  if (core_type == HWLOC_OBJ_PU) return 0;
  hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topo, core_type, pu);
  if (!core) return 0;
  int rank = 0;
  hwloc_obj_t other = NULL;
  while (
      (other = hwloc_get_next_obj_inside_cpuset_by_type(topo, core->cpuset, HWLOC_OBJ_PU, other)) &&
      other != pu)
    rank++;
  return rank;
}

ar_status topo_bind_plan(hwloc_topology_t topo, hwloc_const_cpuset_t mask, int nthreads,
                         topo_bind_unit unit, hwloc_bitmap_t *sets, topo_bind_unit *used,
                         int *shared) {
  if (nthreads < 1) return ar_fail(AR_ERR_USAGE, "cannot place %d threads", nthreads);
  for (int i = 0; i < nthreads; i++)
    sets[i] = NULL;
  hwloc_obj_type_t core_type = topo_core_type(topo);
  hwloc_obj_t *pus = NULL, *cores = NULL;
  int npus = objs_in_mask(topo, HWLOC_OBJ_PU, mask, &pus);
  int ncores = objs_in_mask(topo, core_type, mask, &cores);
  ar_status st = AR_OK;
  if (npus < 0 || ncores < 0) {
    st = ar_fail(AR_ERR_NOMEM, "out of memory planning thread placement");
    goto done;
  }
  if (npus == 0) {
    char text[256];
    hwloc_bitmap_list_snprintf(text, sizeof text, mask);
    st = ar_fail(AR_ERR_USAGE, "CPU mask {%s} holds no hardware thread of the topology", text);
    goto done;
  }
  if (unit == TOPO_BIND_AUTO) unit = nthreads <= ncores ? TOPO_BIND_CORE : TOPO_BIND_PU;
  if (used) *used = unit;
  if (shared) *shared = nthreads > (unit == TOPO_BIND_CORE ? ncores : npus);

  /* For PUs: with fewer threads than PUs, take the first PU of every core before any second one,
   * then keep the chosen PUs in logical order so neighbouring threads stay close. */
  if (unit == TOPO_BIND_PU && nthreads < npus) {
    hwloc_obj_t *chosen = malloc((size_t)nthreads * sizeof *chosen);
    if (!chosen) {
      st = ar_fail(AR_ERR_NOMEM, "out of memory planning thread placement");
      goto done;
    }
    int nchosen = 0;
    for (int round = 0; nchosen < nthreads; round++)
      for (int i = 0; i < npus && nchosen < nthreads; i++)
        if (sibling_rank(topo, pus[i], core_type) == round) chosen[nchosen++] = pus[i];
    /* Restore logical order (insertion sort: nthreads is small). */
    for (int i = 1; i < nchosen; i++)
      for (int j = i; j > 0 && chosen[j - 1]->logical_index > chosen[j]->logical_index; j--) {
        hwloc_obj_t tmp = chosen[j];
        chosen[j] = chosen[j - 1];
        chosen[j - 1] = tmp;
      }
    free(pus);
    pus = chosen;
    npus = nchosen;
  }
  for (int i = 0; i < nthreads; i++) {
    sets[i] = hwloc_bitmap_alloc();
    if (!sets[i]) {
      st = ar_fail(AR_ERR_NOMEM, "out of memory planning thread placement");
      goto done;
    }
    if (unit == TOPO_BIND_CORE) {
      int c = nthreads <= ncores ? i : (int)((long long)i * ncores / nthreads);
      hwloc_bitmap_and(sets[i], cores[c]->cpuset, mask);
    } else {
      int p = nthreads <= npus ? i : (int)((long long)i * npus / nthreads);
      hwloc_bitmap_only(sets[i], pus[p]->os_index);
    }
  }
done:
  if (st != AR_OK) topo_bitmaps_free(sets, nthreads);
  free(pus);
  free(cores);
  return st;
}
