/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_binding: per-thread CPU masks gathered per node, a table and binding warnings. */
#include "topo_binding.h"

#include <hwloc.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "topo_bind.h"
#include "topo_binding_node.h"

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
      topo_binding_record_set_mask(rec, mine);
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

/* What the report gathers: this rank's records, then on a node's first rank the node's. */
typedef struct {
  MPI_Comm comm, node, leaders; /* leaders: the first rank of every node (else MPI_COMM_NULL) */
  int rank, size, node_rank, nthreads, min_threads, max_threads;
  binding_record *mine, *node_recs;
  int node_nrecs;
  char *text; /* the node's part of the report, on its first rank */
  size_t text_len;
  int node_warnings;
} binding_gather;

/* Every rank reads its threads' masks; all agree before any goes on. */
static ar_status gather_own(binding_gather *g) {
  ar_status st = ar_mpi_check(MPI_Comm_rank(g->comm, &g->rank), "binding report: MPI_Comm_rank");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Comm_size(g->comm, &g->size), "binding report: MPI_Comm_size");
  if (st != AR_OK) return st;
  g->mine = calloc((size_t)g->nthreads, sizeof *g->mine);
  st = g->mine ? read_masks(g->rank, g->nthreads, g->mine)
               : ar_fail(AR_ERR_NOMEM, "rank %d: out of memory", g->rank);
  st = ar_agree(g->comm, st);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(&g->nthreads, &g->min_threads, 1, MPI_INT, MPI_MIN, g->comm),
                      "binding report: MPI_Allreduce of the fewest threads");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(&g->nthreads, &g->max_threads, 1, MPI_INT, MPI_MAX, g->comm),
                      "binding report: MPI_Allreduce of the most threads");
  return st;
}

/* The node's records on its first rank, which writes the node's part of the report. */
static ar_status gather_node(binding_gather *g) {
  ar_status st =
      ar_comm_split_node(g->comm, &g->node, "the ranks of this node, for the binding report");
  int node_size = 1;
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Comm_rank(g->node, &g->node_rank), "binding report: MPI_Comm_rank");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Comm_size(g->node, &node_size), "binding report: MPI_Comm_size");
  if (st != AR_OK) return st;
  int bytes = g->nthreads * (int)sizeof(binding_record), total = 0;
  int *counts = NULL, *displs = NULL;
  if (g->node_rank == 0) {
    counts = calloc((size_t)node_size, sizeof *counts);
    displs = calloc((size_t)node_size, sizeof *displs);
  }
  st = g->node_rank == 0 && (!counts || !displs)
           ? ar_fail(AR_ERR_NOMEM, "binding report: out of memory")
           : AR_OK;
  st = ar_agree(g->comm, st);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Gather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, 0, g->node),
                      "binding report: MPI_Gather of the record sizes");
  if (st == AR_OK && g->node_rank == 0) {
    for (int i = 0; i < node_size; i++) {
      displs[i] = total;
      total += counts[i];
    }
    g->node_recs = malloc((size_t)total);
    if (!g->node_recs) st = ar_fail(AR_ERR_NOMEM, "binding report: out of memory");
  }
  st = ar_agree(g->comm, st);
  if (st == AR_OK)
    st = ar_mpi_check(
        MPI_Gatherv(g->mine, bytes, MPI_BYTE, g->node_recs, counts, displs, MPI_BYTE, 0, g->node),
        "binding report: MPI_Gatherv of the threads' masks");
  free(counts);
  free(displs);
  if (st == AR_OK && g->node_rank == 0) {
    g->node_nrecs = total / (int)sizeof(binding_record);
    FILE *mem = open_memstream(&g->text, &g->text_len);
    if (mem) {
      g->node_warnings = topo_binding_node_analyse(g->node_recs, g->node_nrecs, mem);
      if (fclose(mem) != 0) g->text_len = 0;
    }
  }
  return st;
}

static void print_report(const binding_gather *g, int nleaders, const char *all_text,
                         int total_warnings, FILE *out) {
  fprintf(out, "binding report: %d rank%s on %d node%s, %d", g->size, g->size == 1 ? "" : "s",
          nleaders, nleaders == 1 ? "" : "s", g->min_threads);
  if (g->max_threads != g->min_threads) fprintf(out, "-%d", g->max_threads);
  fprintf(out, " OpenMP thread%s per rank\n", g->max_threads == 1 ? "" : "s");
  fprintf(out, "%6s  %-16s %6s  %-8s %-12s %s\n", "rank", "host", "thread", "package", "cores",
          "PUs");
  fputs(all_text ? all_text : "  (out of memory collecting the nodes' tables)\n", out);
  fprintf(out, "binding report: %d warning%s\n", total_warnings, total_warnings == 1 ? "" : "s");
}

/* Among the nodes' first ranks: the nodes' parts, in node order, and the warnings, on rank 0,
 * which prints the report. *total_warnings: the sum, on rank 0. */
static ar_status gather_leaders(binding_gather *g, FILE *out, int *total_warnings) {
  int leader = 0, nleaders = 1, len = g->text ? (int)g->text_len : 0, all_len = 0;
  int *lens = NULL, *displs = NULL;
  char *all_text = NULL;
  ar_status st = ar_mpi_check(MPI_Comm_rank(g->leaders, &leader), "binding report: MPI_Comm_rank");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Comm_size(g->leaders, &nleaders), "binding report: MPI_Comm_size");
  if (st == AR_OK)
    st = ar_mpi_check(
        MPI_Reduce(&g->node_warnings, total_warnings, 1, MPI_INT, MPI_SUM, 0, g->leaders),
        "binding report: MPI_Reduce of the warnings");
  if (st == AR_OK && leader == 0) {
    lens = calloc((size_t)nleaders, sizeof *lens);
    displs = calloc((size_t)nleaders, sizeof *displs);
  }
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, g->leaders),
                      "binding report: MPI_Gather of the nodes' text sizes");
  if (st == AR_OK && leader == 0 && lens && displs) {
    for (int i = 0; i < nleaders; i++) {
      displs[i] = all_len;
      all_len += lens[i];
    }
    all_text = malloc((size_t)all_len + 1);
  }
  /* A root without buffers receives nothing (its counts become zero); the report says so. */
  if (leader == 0 && !all_text && lens) memset(lens, 0, (size_t)nleaders * sizeof *lens);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Gatherv(g->text ? g->text : "", len, MPI_CHAR, all_text, lens, displs,
                                  MPI_CHAR, 0, g->leaders),
                      "binding report: MPI_Gatherv of the nodes' tables");
  if (st == AR_OK && leader == 0 && out) {
    if (all_text) all_text[all_len] = '\0';
    print_report(g, nleaders, all_text, *total_warnings, out);
  }
  free(lens);
  free(displs);
  free(all_text);
  return st;
}

ar_status topo_binding_report(MPI_Comm comm, FILE *out, int *nwarnings) {
  binding_gather g = {.comm = comm,
                      .node = MPI_COMM_NULL,
                      .leaders = MPI_COMM_NULL,
                      .nthreads = omp_get_max_threads()};
  int total_warnings = 0;
  if (nwarnings) *nwarnings = 0;
  ar_status st = gather_own(&g);
  if (st == AR_OK) st = gather_node(&g);
  if (st == AR_OK)
    st = ar_comm_split(comm, g.node_rank == 0 ? 0 : MPI_UNDEFINED, g.rank, &g.leaders,
                       "the first rank of every node, for the binding report");
  if (st == AR_OK && g.node_rank == 0) st = gather_leaders(&g, out, &total_warnings);
  /* Failures on the leaders' communicator are local to them: agree before the broadcast. */
  st = ar_agree(comm, st);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(&total_warnings, 1, MPI_INT, 0, comm),
                      "binding report: MPI_Bcast of the warnings");
  if (st == AR_OK && nwarnings) *nwarnings = total_warnings;
  ar_status free_leaders = ar_comm_free(&g.leaders), free_node = ar_comm_free(&g.node);
  if (st == AR_OK) st = free_leaders != AR_OK ? free_leaders : free_node;
  free(g.mine);
  free(g.node_recs);
  free(g.text);
  return st;
}
