/* topo_binding: per-thread CPU masks gathered per node, a table and binding warnings. */
#include "topo_binding.h"

#include <hwloc.h>
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "topo_bind.h"
#include "topo_load.h"
#include "topo_plan.h"

enum { BINDING_MASK_WORDS = 64, BINDING_HOST = 64, BINDING_LIST_MAX = 6 };

/* One thread's mask, as sent to the node's first rank (fixed size: gathered as bytes). */
typedef struct {
  int rank, thread, nthreads, truncated;
  char host[BINDING_HOST];
  uint64_t mask[BINDING_MASK_WORDS]; /* bit i = OS CPU i, up to 4096 CPUs */
} binding_record;

static void record_set_mask(binding_record *rec, hwloc_const_bitmap_t mask) {
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

/* The node's first rank: the table lines and warnings of its node, written to out. Returns the
 * number of warnings. recs holds each rank's threads contiguously, ranks in node order. */
static int analyse_node(const binding_record *recs, int nrecs, FILE *out) {
  hwloc_topology_t topo = NULL;
  if (topo_load(TOPO_SOURCE_THIS_MACHINE, NULL, &topo) != AR_OK) {
    fprintf(out, "  note: %s: cannot read the topology (%s); packages and cores unknown\n",
            recs[0].host, ar_error_message());
    topo = NULL;
  }
  hwloc_bitmap_t mask = hwloc_bitmap_alloc(), node = hwloc_bitmap_alloc();
  int nranks = 0;
  for (int i = 0; i < nrecs; i++)
    nranks += recs[i].thread == 0;
  hwloc_bitmap_t *rank_masks = calloc((size_t)nranks, sizeof *rank_masks);
  int *rank_ids = calloc((size_t)nranks, sizeof *rank_ids);
  int *rank_threads = calloc((size_t)nranks, sizeof *rank_threads);
  int *rank_unbound = calloc((size_t)nranks, sizeof *rank_unbound);
  int *rank_unpinned = calloc((size_t)nranks, sizeof *rank_unpinned);
  int warnings = 0;
  if (!mask || !node || !rank_masks || !rank_ids || !rank_threads || !rank_unbound ||
      !rank_unpinned) {
    fprintf(out, "  note: %s: out of memory analysing the binding\n", recs[0].host);
    goto done;
  }
  /* The node as the ranks may use it: hwloc's allowed set (a job's cgroup), else the union. */
  if (topo) hwloc_bitmap_copy(node, hwloc_topology_get_allowed_cpuset(topo));
  for (int i = 0; i < nrecs; i++) {
    record_get_mask(&recs[i], mask);
    if (!topo) hwloc_bitmap_or(node, node, mask);
  }
  const int node_pus = hwloc_bitmap_weight(node);

  /* Table lines and per-rank masks. */
  int r = -1;
  for (int i = 0; i < nrecs; i++) {
    const binding_record *rec = &recs[i];
    if (rec->thread == 0) {
      r++;
      rank_masks[r] = hwloc_bitmap_alloc();
      if (!rank_masks[r]) goto done;
      rank_ids[r] = rec->rank;
      rank_threads[r] = rec->nthreads;
      rank_unbound[r] = 0;
      rank_unpinned[r] = rec->nthreads > 1;
    }
    record_get_mask(rec, mask);
    hwloc_bitmap_or(rank_masks[r], rank_masks[r], mask);
    if (node_pus > 1 && hwloc_bitmap_isincluded(node, mask)) rank_unbound[r] = 1;
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
    if (!hwloc_bitmap_isequal(mask, rank_masks[r]) || hwloc_bitmap_weight(mask) < 2)
      rank_unpinned[r] = 0;
  }

  const char *host = recs[0].host;
  char list[160], text[256];
  rank_list unbound = {0}, exceed = {0}, spans = {0}, unpinned = {0};
  int overlaps = 0, overlap_a = -1, overlap_b = -1;
  hwloc_bitmap_t common = hwloc_bitmap_alloc();
  for (int a = 0; a < nranks; a++) {
    if (rank_unbound[a]) {
      rank_list_add(&unbound, rank_ids[a]);
      continue;
    }
    if (rank_threads[a] > hwloc_bitmap_weight(rank_masks[a])) rank_list_add(&exceed, rank_ids[a]);
    if (topo && packages_meeting(topo, rank_masks[a]) > 1) rank_list_add(&spans, rank_ids[a]);
    if (rank_unpinned[a]) rank_list_add(&unpinned, rank_ids[a]);
    for (int b = a + 1; b < nranks && common; b++)
      if (!rank_unbound[b] && hwloc_bitmap_intersects(rank_masks[a], rank_masks[b])) {
        if (overlaps++ == 0) {
          overlap_a = a;
          overlap_b = b;
          hwloc_bitmap_and(common, rank_masks[a], rank_masks[b]);
        }
      }
  }
  if (unbound.count) {
    rank_list_text(&unbound, list, sizeof list);
    fprintf(out,
            "  warning: %s: %s: threads are not bound (each may run on any of the node's %d "
            "hardware threads); bind the ranks (srun --cpu-bind=threads|cores, mpirun --bind-to "
            "hwthread|core), pin threads with OMP_PLACES and OMP_PROC_BIND=close, or use "
            "--bind.\n",
            host, list, node_pus);
    warnings++;
  }
  if (exceed.count) {
    int a = 0;
    while (rank_ids[a] != exceed.first[0])
      a++;
    rank_list_text(&exceed, list, sizeof list);
    topo_bitmap_text(rank_masks[a], text, sizeof text);
    fprintf(out,
            "  warning: %s: %s: threads exceed the hardware threads of the rank's mask (rank %d "
            "runs %d threads on PUs %s), so they time-share; give each rank as many CPUs as "
            "threads (srun -c, mpirun --map-by ...:PE=) or lower OMP_NUM_THREADS.\n",
            host, list, rank_ids[a], rank_threads[a], text);
    warnings++;
  }
  if (overlaps) {
    topo_bitmap_text(common, text, sizeof text);
    fprintf(out,
            "  warning: %s: the masks of ranks %d and %d overlap on PUs %s (%d overlapping "
            "pair%s), so those ranks compete for the same hardware threads; bind each rank to "
            "its own CPUs (srun --cpu-bind, mpirun --map-by ppr:K:socket:PE=T; --cpu-bind=threads "
            "when ranks share a core).\n",
            host, rank_ids[overlap_a], rank_ids[overlap_b], text, overlaps,
            overlaps == 1 ? "" : "s");
    warnings++;
  }
  if (spans.count) {
    rank_list_text(&spans, list, sizeof list);
    fprintf(out,
            "  warning: %s: %s: the rank's mask spans two or more packages, so its threads share "
            "no cache and reach memory across the socket link; place ranks per package "
            "(--ntasks-per-socket, --map-by ppr:K:socket) with threads that fit in one.\n",
            host, list);
    warnings++;
  }
  if (unpinned.count) {
    rank_list_text(&unpinned, list, sizeof list);
    fprintf(out,
            "  note: %s: %s: the threads share the rank's whole mask (not pinned one by one); "
            "OMP_PLACES=threads|cores with OMP_PROC_BIND=close, or --bind, pins them.\n",
            host, list);
  }
  if (common) hwloc_bitmap_free(common);
done:
  if (rank_masks) topo_bitmaps_free(rank_masks, nranks);
  free(rank_masks);
  free(rank_ids);
  free(rank_threads);
  free(rank_unbound);
  free(rank_unpinned);
  if (mask) hwloc_bitmap_free(mask);
  if (node) hwloc_bitmap_free(node);
  if (topo) hwloc_topology_destroy(topo);
  return warnings;
}

/* Each thread of a team of nthreads reads its mask into recs[thread]. */
static ar_status read_masks(int rank, int nthreads, binding_record *recs) {
  char host[BINDING_HOST] = "?";
  if (gethostname(host, sizeof host) != 0) snprintf(host, sizeof host, "?");
  host[sizeof host - 1] = '\0';
  int failed = 0, team = 0;
#pragma omp parallel num_threads(nthreads)
  {
    int tid = omp_get_thread_num();
    hwloc_bitmap_t mine = hwloc_bitmap_alloc();
    if (!mine || topo_thread_mask(mine) != AR_OK) {
#pragma omp atomic write
      failed = 1;
    } else {
      binding_record *rec = &recs[tid];
      rec->rank = rank;
      rec->thread = tid;
      rec->nthreads = nthreads;
      snprintf(rec->host, sizeof rec->host, "%s", host);
      record_set_mask(rec, mine);
    }
    if (mine) hwloc_bitmap_free(mine);
#pragma omp single
    team = omp_get_num_threads();
  }
  if (failed) return ar_fail(AR_ERR_INTERNAL, "rank %d: a thread cannot read its CPU mask", rank);
  if (team != nthreads)
    return ar_fail(AR_ERR_INTERNAL, "rank %d: asked for %d OpenMP threads, got %d", rank, nthreads,
                   team);
  return AR_OK;
}

#define MPI_CHECK(call, what)                                                                      \
  do {                                                                                             \
    if ((call) != MPI_SUCCESS) {                                                                   \
      st = ar_fail(AR_ERR_MPI, "binding report: %s failed", what);                                 \
      goto done;                                                                                   \
    }                                                                                              \
  } while (0)

ar_status topo_binding_report(MPI_Comm comm, FILE *out, int *nwarnings) {
  ar_status st = AR_OK;
  int rank = 0, size = 1, node_rank = 0, node_size = 1, total_warnings = 0;
  MPI_Comm node = MPI_COMM_NULL, leaders = MPI_COMM_NULL;
  int nthreads = omp_get_max_threads();
  binding_record *mine = calloc((size_t)nthreads, sizeof *mine), *all = NULL;
  int *counts = NULL, *displs = NULL, *text_lens = NULL, *text_displs = NULL;
  char *text = NULL, *all_text = NULL;
  size_t text_len = 0;
  if (nwarnings) *nwarnings = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  MPI_CHECK(MPI_Comm_size(comm, &size), "MPI_Comm_size");

  /* Read the masks, then agree: every rank goes on, or none. */
  ar_status local = mine ? read_masks(rank, nthreads, mine)
                         : ar_fail(AR_ERR_NOMEM, "rank %d: out of memory", rank);
  int code = (int)local, worst = 0;
  MPI_CHECK(MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");
  if (worst != AR_OK) {
    st = local != AR_OK ? local : ar_fail((ar_status)worst, "binding report: another rank failed");
    goto done;
  }
  int min_threads = 0, max_threads = 0;
  MPI_CHECK(MPI_Allreduce(&nthreads, &min_threads, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
  MPI_CHECK(MPI_Allreduce(&nthreads, &max_threads, 1, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");

  /* Gather the node's records on its first rank. */
  MPI_CHECK(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node),
            "MPI_Comm_split_type");
  MPI_CHECK(MPI_Comm_rank(node, &node_rank), "MPI_Comm_rank");
  MPI_CHECK(MPI_Comm_size(node, &node_size), "MPI_Comm_size");
  int bytes = nthreads * (int)sizeof(binding_record), total_bytes = 0;
  if (node_rank == 0) {
    counts = calloc((size_t)node_size, sizeof *counts);
    displs = calloc((size_t)node_size, sizeof *displs);
  }
  int alloc_failed = node_rank == 0 && (!counts || !displs), any_failed = 0;
  MPI_CHECK(MPI_Allreduce(&alloc_failed, &any_failed, 1, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");
  if (any_failed) {
    st = ar_fail(AR_ERR_NOMEM, "binding report: out of memory");
    goto done;
  }
  MPI_CHECK(MPI_Gather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, 0, node), "MPI_Gather");
  if (node_rank == 0) {
    for (int i = 0; i < node_size; i++) {
      displs[i] = total_bytes;
      total_bytes += counts[i];
    }
    all = malloc((size_t)total_bytes);
  }
  alloc_failed = node_rank == 0 && !all;
  MPI_CHECK(MPI_Allreduce(&alloc_failed, &any_failed, 1, MPI_INT, MPI_MAX, comm), "MPI_Allreduce");
  if (any_failed) {
    st = ar_fail(AR_ERR_NOMEM, "binding report: out of memory");
    goto done;
  }
  MPI_CHECK(MPI_Gatherv(mine, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, node),
            "MPI_Gatherv");

  /* The node's first rank writes its part; rank 0 collects the parts in node order. */
  int node_warnings = 0;
  if (node_rank == 0) {
    FILE *mem = open_memstream(&text, &text_len);
    if (mem) {
      node_warnings = analyse_node(all, total_bytes / (int)sizeof(binding_record), mem);
      fclose(mem);
    }
  }
  MPI_CHECK(MPI_Comm_split(comm, node_rank == 0 ? 0 : MPI_UNDEFINED, rank, &leaders),
            "MPI_Comm_split");
  if (node_rank == 0) {
    int leader = 0, nleaders = 1, len = text ? (int)text_len : 0;
    MPI_CHECK(MPI_Comm_rank(leaders, &leader), "MPI_Comm_rank");
    MPI_CHECK(MPI_Comm_size(leaders, &nleaders), "MPI_Comm_size");
    MPI_CHECK(MPI_Reduce(&node_warnings, &total_warnings, 1, MPI_INT, MPI_SUM, 0, leaders),
              "MPI_Reduce");
    if (leader == 0) {
      text_lens = calloc((size_t)nleaders, sizeof *text_lens);
      text_displs = calloc((size_t)nleaders, sizeof *text_displs);
    }
    MPI_CHECK(MPI_Gather(&len, 1, MPI_INT, text_lens, 1, MPI_INT, 0, leaders), "MPI_Gather");
    int all_len = 0;
    if (leader == 0 && text_lens && text_displs) {
      for (int i = 0; i < nleaders; i++) {
        text_displs[i] = all_len;
        all_len += text_lens[i];
      }
      all_text = malloc((size_t)all_len + 1);
    }
    /* A root without buffers receives nothing (its counts stay zero). */
    if (leader == 0 && !all_text && text_lens)
      for (int i = 0; i < nleaders; i++)
        text_lens[i] = 0;
    MPI_CHECK(MPI_Gatherv(text ? text : "", len, MPI_CHAR, all_text, text_lens, text_displs,
                          MPI_CHAR, 0, leaders),
              "MPI_Gatherv");
    if (leader == 0 && out) {
      fprintf(out, "binding report: %d rank%s on %d node%s, %d", size, size == 1 ? "" : "s",
              nleaders, nleaders == 1 ? "" : "s", min_threads);
      if (max_threads != min_threads) fprintf(out, "-%d", max_threads);
      fprintf(out, " OpenMP thread%s per rank\n", max_threads == 1 ? "" : "s");
      fprintf(out, "%6s  %-16s %6s  %-8s %-12s %s\n", "rank", "host", "thread", "package", "cores",
              "PUs");
      if (all_text) {
        all_text[all_len] = '\0';
        fputs(all_text, out);
      } else {
        fprintf(out, "  (out of memory collecting the nodes' tables)\n");
      }
      fprintf(out, "binding report: %d warning%s\n", total_warnings,
              total_warnings == 1 ? "" : "s");
    }
  }
  MPI_CHECK(MPI_Bcast(&total_warnings, 1, MPI_INT, 0, comm), "MPI_Bcast");
  if (nwarnings) *nwarnings = total_warnings;
done:
  if (leaders != MPI_COMM_NULL) MPI_Comm_free(&leaders);
  if (node != MPI_COMM_NULL) MPI_Comm_free(&node);
  free(mine);
  free(all);
  free(counts);
  free(displs);
  free(text);
  free(text_lens);
  free(text_displs);
  free(all_text);
  return st;
}
