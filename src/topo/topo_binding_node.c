/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_binding_node: a node's table lines and MPI Advisor-style warnings. */
#include "topo_binding_node.h"

#include <stdlib.h>
#include <string.h>

#include "topo_bind.h"
#include "topo_load.h"
#include "topo_plan.h"

enum { BINDING_LIST_MAX = 6 };

void topo_binding_record_set_mask(binding_record *rec, hwloc_const_bitmap_t mask) {
  memset(rec->mask, 0, sizeof rec->mask);
  int cpu;
  hwloc_bitmap_foreach_begin(cpu, mask) {
    if (cpu < BINDING_MASK_WORDS * 64)
      rec->mask[cpu / 64] |= (uint64_t)1 << (cpu % 64);
    else
      rec->truncated = 1;
  }
  hwloc_bitmap_foreach_end();
}

static void record_get_mask(const binding_record *rec, hwloc_bitmap_t out) {
  hwloc_bitmap_zero(out);
  for (int w = 0; w < BINDING_MASK_WORDS; w++)
    for (int b = 0; b < 64; b++)
      if (rec->mask[w] >> b & 1) hwloc_bitmap_set(out, (unsigned)(w * 64 + b));
}

/* Logical indexes of the objects of `type` meeting mask, as a list ("0-1"), or "?". */
static void objs_text(hwloc_topology_t topo, hwloc_obj_type_t type, hwloc_const_bitmap_t mask,
                      char *buf, size_t size) {
  if (!topo) {
    snprintf(buf, size, "?");
    return;
  }
  hwloc_bitmap_t idx = hwloc_bitmap_alloc();
  if (!idx) {
    snprintf(buf, size, "?");
    return;
  }
  int n = hwloc_get_nbobjs_by_type(topo, type);
  for (int i = 0; i < n; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, type, (unsigned)i);
    if (obj && hwloc_bitmap_intersects(obj->cpuset, mask)) hwloc_bitmap_set(idx, (unsigned)i);
  }
  if (n <= 0 && type == HWLOC_OBJ_PACKAGE) hwloc_bitmap_set(idx, 0); /* no packages: one */
  topo_bitmap_text(idx, buf, size);
  hwloc_bitmap_free(idx);
}

static int packages_meeting(hwloc_topology_t topo, hwloc_const_bitmap_t mask) {
  int n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE), count = 0;
  for (int i = 0; i < n; i++)
    count += hwloc_bitmap_intersects(
        hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, (unsigned)i)->cpuset, mask);
  return n > 0 ? count : 1;
}

/* A short list of ranks for a warning: "ranks 0, 1, 2 and 5 more". */
typedef struct {
  int count;
  int first[BINDING_LIST_MAX];
} rank_list;

static void rank_list_add(rank_list *l, int rank) {
  if (l->count < BINDING_LIST_MAX) l->first[l->count] = rank;
  l->count++;
}

static void rank_list_text(const rank_list *l, char *buf, size_t size) {
  int n = snprintf(buf, size, "rank%s ", l->count == 1 ? "" : "s");
  int shown = l->count < BINDING_LIST_MAX ? l->count : BINDING_LIST_MAX;
  for (int i = 0; i < shown && n > 0 && (size_t)n < size; i++)
    n += snprintf(buf + n, size - (size_t)n, "%s%d", i ? ", " : "", l->first[i]);
  if (l->count > shown && n > 0 && (size_t)n < size)
    snprintf(buf + n, size - (size_t)n, " and %d more", l->count - shown);
}

/* The ranks of a node as their threads' records show them. */
typedef struct {
  int n;
  hwloc_bitmap_t *mask; /* the union of the rank's thread masks */
  int *id, *threads;
  int *unbound;  /* a thread may run anywhere on the node */
  int *unpinned; /* every thread has the rank's whole mask, of 2 or more PUs */
} node_ranks;

static void node_ranks_free(node_ranks *nr) {
  if (nr->mask) topo_bitmaps_free(nr->mask, nr->n);
  free(nr->mask);
  free(nr->id);
  free(nr->threads);
  free(nr->unbound);
  free(nr->unpinned);
}

static int node_ranks_alloc(node_ranks *nr, const binding_record *recs, int nrecs) {
  memset(nr, 0, sizeof *nr);
  for (int i = 0; i < nrecs; i++)
    nr->n += recs[i].thread == 0;
  nr->mask = calloc((size_t)nr->n, sizeof *nr->mask);
  nr->id = calloc((size_t)nr->n, sizeof *nr->id);
  nr->threads = calloc((size_t)nr->n, sizeof *nr->threads);
  nr->unbound = calloc((size_t)nr->n, sizeof *nr->unbound);
  nr->unpinned = calloc((size_t)nr->n, sizeof *nr->unpinned);
  for (int r = 0; nr->mask && r < nr->n; r++)
    if (!(nr->mask[r] = hwloc_bitmap_alloc())) return 0;
  return nr->mask && nr->id && nr->threads && nr->unbound && nr->unpinned;
}

/* One table line per thread; fills nr from the records. `node`: the PUs the ranks may use. */
static void node_table(hwloc_topology_t topo, const binding_record *recs, int nrecs,
                       hwloc_const_bitmap_t node, hwloc_bitmap_t mask, node_ranks *nr, FILE *out) {
  const int node_pus = hwloc_bitmap_weight(node);
  int r = -1;
  for (int i = 0; i < nrecs; i++) {
    const binding_record *rec = &recs[i];
    if (rec->thread == 0) {
      r++;
      nr->id[r] = rec->rank;
      nr->threads[r] = rec->nthreads;
      nr->unpinned[r] = rec->nthreads > 1;
    }
    record_get_mask(rec, mask);
    hwloc_bitmap_or(nr->mask[r], nr->mask[r], mask);
    if (node_pus > 1 && hwloc_bitmap_isincluded(node, mask)) nr->unbound[r] = 1;
    char packages[64], cores[256], pus[256];
    objs_text(topo, HWLOC_OBJ_PACKAGE, mask, packages, sizeof packages);
    objs_text(topo, topo ? topo_core_type(topo) : HWLOC_OBJ_CORE, mask, cores, sizeof cores);
    topo_bitmap_text(mask, pus, sizeof pus);
    fprintf(out, "%6d  %-16s %6d  %-8s %-12s %s%s\n", rec->rank, rec->host, rec->thread, packages,
            cores, pus, rec->truncated ? " (and CPUs above 4095)" : "");
  }
  /* A rank whose threads all have the rank's whole mask has not pinned its threads. */
  r = -1;
  for (int i = 0; i < nrecs; i++) {
    if (recs[i].thread == 0) r++;
    record_get_mask(&recs[i], mask);
    if (!hwloc_bitmap_isequal(mask, nr->mask[r]) || hwloc_bitmap_weight(mask) < 2)
      nr->unpinned[r] = 0;
  }
}

/* What is wrong on a node, rank by rank. */
typedef struct {
  rank_list unbound, exceed, spans, unpinned;
  int overlaps, overlap_a, overlap_b; /* the first overlapping pair, as indexes into node_ranks */
  hwloc_bitmap_t common;              /* the PUs that pair shares */
} node_findings;

static void node_find(hwloc_topology_t topo, const node_ranks *nr, node_findings *f) {
  for (int a = 0; a < nr->n; a++) {
    if (nr->unbound[a]) {
      rank_list_add(&f->unbound, nr->id[a]);
      continue;
    }
    if (nr->threads[a] > hwloc_bitmap_weight(nr->mask[a])) rank_list_add(&f->exceed, nr->id[a]);
    if (topo && packages_meeting(topo, nr->mask[a]) > 1) rank_list_add(&f->spans, nr->id[a]);
    if (nr->unpinned[a]) rank_list_add(&f->unpinned, nr->id[a]);
    for (int b = a + 1; b < nr->n && f->common; b++)
      if (!nr->unbound[b] && hwloc_bitmap_intersects(nr->mask[a], nr->mask[b]) &&
          f->overlaps++ == 0) {
        f->overlap_a = a;
        f->overlap_b = b;
        hwloc_bitmap_and(f->common, nr->mask[a], nr->mask[b]);
      }
  }
}

/* The warning lines (and the unpinned note); returns the number of warnings. */
static int node_print_findings(const char *host, int node_pus, const node_ranks *nr,
                               const node_findings *f, FILE *out) {
  char list[160], text[256];
  int warnings = 0;
  if (f->unbound.count) {
    rank_list_text(&f->unbound, list, sizeof list);
    fprintf(out,
            "  warning: %s: %s: threads are not bound (each may run on any of the node's %d "
            "hardware threads); bind the ranks (srun --cpu-bind=threads|cores, mpirun --bind-to "
            "hwthread|core), pin threads with OMP_PLACES and OMP_PROC_BIND=close, or use "
            "--bind.\n",
            host, list, node_pus);
    warnings++;
  }
  if (f->exceed.count) {
    int a = 0;
    while (nr->id[a] != f->exceed.first[0])
      a++;
    rank_list_text(&f->exceed, list, sizeof list);
    topo_bitmap_text(nr->mask[a], text, sizeof text);
    fprintf(out,
            "  warning: %s: %s: threads exceed the hardware threads of the rank's mask (rank %d "
            "runs %d threads on PUs %s), so they time-share; give each rank as many CPUs as "
            "threads (srun -c, mpirun --map-by ...:PE=) or lower OMP_NUM_THREADS.\n",
            host, list, nr->id[a], nr->threads[a], text);
    warnings++;
  }
  if (f->overlaps) {
    topo_bitmap_text(f->common, text, sizeof text);
    fprintf(out,
            "  warning: %s: the masks of ranks %d and %d overlap on PUs %s (%d overlapping "
            "pair%s), so those ranks compete for the same hardware threads; bind each rank to "
            "its own CPUs (srun --cpu-bind, mpirun --map-by ppr:K:socket:PE=T; --cpu-bind=threads "
            "when ranks share a core).\n",
            host, nr->id[f->overlap_a], nr->id[f->overlap_b], text, f->overlaps,
            f->overlaps == 1 ? "" : "s");
    warnings++;
  }
  if (f->spans.count) {
    rank_list_text(&f->spans, list, sizeof list);
    fprintf(out,
            "  warning: %s: %s: the rank's mask spans two or more packages, so its threads share "
            "no cache and reach memory across the socket link; place ranks per package "
            "(--ntasks-per-socket, --map-by ppr:K:socket) with threads that fit in one.\n",
            host, list);
    warnings++;
  }
  if (f->unpinned.count) {
    rank_list_text(&f->unpinned, list, sizeof list);
    fprintf(out,
            "  note: %s: %s: the threads share the rank's whole mask (not pinned one by one); "
            "OMP_PLACES=threads|cores with OMP_PROC_BIND=close, or --bind, pins them.\n",
            host, list);
  }
  return warnings;
}

int topo_binding_node_analyse(const binding_record *recs, int nrecs, FILE *out) {
  hwloc_topology_t topo = NULL;
  if (topo_load(TOPO_SOURCE_THIS_MACHINE, NULL, &topo) != AR_OK) {
    fprintf(out, "  note: %s: cannot read the topology (%s); packages and cores unknown\n",
            recs[0].host, ar_error_message());
    topo = NULL;
  }
  hwloc_bitmap_t mask = hwloc_bitmap_alloc(), node = hwloc_bitmap_alloc();
  node_ranks nr;
  node_findings f = {.common = hwloc_bitmap_alloc()};
  int warnings = 0;
  if (node_ranks_alloc(&nr, recs, nrecs) && mask && node && f.common) {
    /* The node as the ranks may use it: hwloc's allowed set (a job's cgroup), else the union. */
    if (topo) hwloc_bitmap_copy(node, hwloc_topology_get_allowed_cpuset(topo));
    for (int i = 0; !topo && i < nrecs; i++) {
      record_get_mask(&recs[i], mask);
      hwloc_bitmap_or(node, node, mask);
    }
    node_table(topo, recs, nrecs, node, mask, &nr, out);
    node_find(topo, &nr, &f);
    warnings = node_print_findings(recs[0].host, hwloc_bitmap_weight(node), &nr, &f, out);
  } else {
    fprintf(out, "  note: %s: out of memory analysing the binding\n", recs[0].host);
  }
  node_ranks_free(&nr);
  if (f.common) hwloc_bitmap_free(f.common);
  if (mask) hwloc_bitmap_free(mask);
  if (node) hwloc_bitmap_free(node);
  if (topo) hwloc_topology_destroy(topo);
  return warnings;
}
