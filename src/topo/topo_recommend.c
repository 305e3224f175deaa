/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_recommend: full-use, package-balanced layouts ordered by threads per rank. */
#include "topo_recommend.h"

#include <stdio.h>
#include <stdlib.h>

static int distance(int threads, int prefer) {
  return threads > prefer ? threads - prefer : prefer - threads;
}

/* Orders threads-per-rank values: nearest to prefer first, ties to fewer threads. */
static void sort_threads(int *t, int n, int prefer) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0; j--) {
      int a = t[j - 1], b = t[j];
      int da = distance(a, prefer), db = distance(b, prefer);
      if (da < db || (da == db && a < b)) break;
      t[j - 1] = b;
      t[j] = a;
    }
}

/* The first sentence: how the layout uses the node. full: every hardware thread busy, else one
 * thread per core. */
static int describe_use(const topo_shape *s, int ranks, int threads, int full, char *buf,
                        size_t size) {
  int per_package = ranks / s->packages;
  if (!full)
    return snprintf(buf, size,
                    "one thread per core (SMT unused), %d rank%s per package of %d core%s each "
                    "(bind to cores): for memory-bound runs, and to measure what SMT brings",
                    per_package, per_package == 1 ? "" : "s", threads, threads == 1 ? "" : "s");
  int n = snprintf(buf, size, "all %d hardware threads busy, %d rank%s per package; ", s->pus,
                   per_package, per_package == 1 ? "" : "s");
  if (n < 0 || (size_t)n >= size) return n;
  if (threads % s->pus_per_core == 0)
    return n + snprintf(buf + n, size - (size_t)n, "each rank owns %d whole core%s (bind to cores)",
                        threads / s->pus_per_core, threads / s->pus_per_core == 1 ? "" : "s");
  if (threads < s->pus_per_core)
    return n + snprintf(buf + n, size - (size_t)n,
                        "%d ranks share each core (bind to hardware threads)",
                        s->pus_per_core / threads);
  return n + snprintf(buf + n, size - (size_t)n,
                      "each rank has %g cores, neighbours share one (bind to hardware threads)",
                      (double)threads / s->pus_per_core);
}

/* The second sentence: why it ranks where it does, against the best candidate. */
static void describe_rank(const topo_shape *s, const topo_layout *lay, const topo_layout *best,
                          int prefer, char *buf, size_t size) {
  const int t = lay->threads_per_rank;
  if (lay == best) {
    if (t == prefer && prefer == TOPO_PREFER_THREADS_DEFAULT && s->packages == 4 &&
        s->cores_per_package == 24 && s->pus_per_core == 2)
      snprintf(buf, size, "; the seed work's measured best on this node (Xeon E7-8890 v4)");
    else if (t == prefer)
      snprintf(buf, size, "; %d threads per rank, the balance the seed work measured best", t);
    else
      snprintf(buf, size,
               "; the closest to %d threads per rank, the balance the seed work "
               "measured best",
               prefer);
  } else if (t == 1) {
    snprintf(buf, size, "; pure MPI: the most ranks, so the most memory and epoch-end traffic");
  } else if (lay->ranks_per_node > best->ranks_per_node) {
    snprintf(buf, size, "; more ranks than %dx%d: more memory and a larger epoch-end allreduce",
             best->ranks_per_node, best->threads_per_rank);
  } else {
    snprintf(buf, size,
             "; fewer ranks than %dx%d: less memory, but more threads wait on each "
             "rank's serial epoch end",
             best->ranks_per_node, best->threads_per_rank);
  }
}

static void describe(const topo_shape *s, const topo_layout *lay, const topo_layout *best, int full,
                     int prefer, char *buf, size_t size) {
  int n = describe_use(s, lay->ranks_per_node, lay->threads_per_rank, full, buf, size);
  if (n < 0 || (size_t)n >= size || !full) return;
  describe_rank(s, lay, best, prefer, buf + n, size - (size_t)n);
}

int topo_recommend(const topo_shape *s, int nodes, int prefer, topo_candidate *out, int max) {
  if (prefer < 1) prefer = TOPO_PREFER_THREADS_DEFAULT;
  if (nodes < 1) nodes = 1;
  int count = 0;
  const int per_package_pus = s->cores_per_package * s->pus_per_core;
  int *threads = malloc((size_t)(per_package_pus + s->cores_per_package) * sizeof *threads);
  if (!threads || max < 1) {
    free(threads);
    return 0;
  }
  /* Rule 1: threads per rank dividing a package's hardware threads give whole, balanced nodes. */
  int n = 0;
  for (int t = 1; t <= per_package_pus; t++)
    if (per_package_pus % t == 0) threads[n++] = t;
  sort_threads(threads, n, prefer);
  int smt_slots = s->pus_per_core > 1 ? max - 1 : max;
  for (int i = 0; i < n && count < smt_slots; i++, count++) {
    topo_candidate *c = &out[count];
    c->layout = (topo_layout){nodes, s->pus / threads[i], threads[i], 0};
    c->all_pus_busy = 1;
    describe(s, &c->layout, &out[0].layout, 1, prefer, c->reason, sizeof c->reason);
  }
  /* Rule 3: the best one-thread-per-core layout on an SMT node. */
  if (s->pus_per_core > 1 && count < max) {
    n = 0;
    for (int t = 1; t <= s->cores_per_package; t++)
      if (s->cores_per_package % t == 0) threads[n++] = t;
    sort_threads(threads, n, prefer);
    topo_candidate *c = &out[count++];
    c->layout = (topo_layout){nodes, s->cores / threads[0], threads[0], 0};
    c->all_pus_busy = 0;
    describe(s, &c->layout, &out[0].layout, 0, prefer, c->reason, sizeof c->reason);
  }
  free(threads);
  return count;
}
