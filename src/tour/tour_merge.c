/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_merge: two tours merged by partition crossover (see tour_merge.h). */
#include "tour_merge.h"

#include "aco_rng.h"

#include "ar_alloc.h"
#include "tour_net.h"
#include "tour_pieces.h"
#include "tour_problem_types.h"
#include "tour_uf.h"

/* Components of b tried in the child, the most gain first, each by one O(n) walk; partners
 * tried beside a component that fails alone; walks per merge in all (on nrw1379 an ant and the
 * best differed in at most 13 components, and pcb3038, u1817, vm1748 and nrw1379 ended on the
 * same tours with the cap as without it at 150-250 iterations; on 19,000 nodes, before merging
 * stopped at TOUR_MERGE_BELOW, the pairs' walks cut the iterations of 60 s from 276 to 33). */
enum { MERGE_TRIES = 32, MERGE_PARTNERS = 64, MERGE_WALKS = 256 };

typedef struct {
  int64_t *change;   /* [n] per component root: b's edges inside it minus a's */
  int32_t *link;     /* [4 n]: each node's successor and predecessor in a, then in b */
  int32_t *root;     /* [n]: union-find over the edges only one tour has, then each root */
  int32_t *tries;    /* [MERGE_TRIES]: roots of the components where b is shorter */
  int32_t *partners; /* [MERGE_PARTNERS]: roots of the other components where the tours differ */
  int32_t *cross;    /* [n]: a portal's neighbour across the edge (both tours have it) that
                        leaves its differing component, else -1 */
  int32_t *far;      /* [n] per portal: the portal at the other end of the shared path from it */
  int32_t *inner;    /* [2 n] per portal: the other end of its path inside its component in a,
                        then in b */
  int32_t portals;   /* portals of all differing components; 0: one component holds every node */
  int32_t start;     /* a portal to walk from */
  uint8_t *from_b;   /* [n] per component root: the child follows b there */
  uint8_t *differs;  /* [n] per component root: the tours differ there */
} merge_work;

/* Where each array lives in a work block of n nodes; returns the block's bytes. */
static size_t work_layout(merge_work *w, int32_t n, char *work) {
  size_t at = 0, un = (size_t)n;
  w->change = ar_place(work, &at, un * sizeof(int64_t));
  w->link = ar_place(work, &at, 4 * un * sizeof(int32_t));
  w->root = ar_place(work, &at, un * sizeof(int32_t));
  w->tries = ar_place(work, &at, MERGE_TRIES * sizeof(int32_t));
  w->partners = ar_place(work, &at, MERGE_PARTNERS * sizeof(int32_t));
  w->cross = ar_place(work, &at, un * sizeof(int32_t));
  w->far = ar_place(work, &at, un * sizeof(int32_t));
  w->inner = ar_place(work, &at, 2 * un * sizeof(int32_t));
  w->from_b = ar_place(work, &at, un);
  w->differs = ar_place(work, &at, un);
  return at;
}

size_t tour_merge_bytes(int32_t n) {
  merge_work sizes;
  return work_layout(&sizes, n, NULL);
}

/* The lower root wins, so the components do not depend on the order of the unions. */
static void join(int32_t *root, int32_t x, int32_t y) {
  x = tour_uf_find(root, x);
  y = tour_uf_find(root, y);
  if (x < y)
    root[y] = x;
  else if (y < x)
    root[x] = y;
}

static void links(int32_t *link, const int32_t *t, int32_t n) {
  for (int32_t i = 0; i < n; i++) {
    int32_t u = t[i], v = t[i + 1 == n ? 0 : i + 1];
    link[2 * u] = v;
    link[2 * v + 1] = u;
  }
}

/* Whether u-v is an edge of the tour whose links are l. */
static int has_edge(const int32_t *l, int32_t u, int32_t v) {
  return l[2 * u] == v || l[2 * u + 1] == v;
}

/* The next node after u on the path whose links are l, coming from prev. */
static int32_t step(const int32_t *l, int32_t u, int32_t prev) {
  return l[2 * u] != prev ? l[2 * u] : l[2 * u + 1];
}

/* Follows the child's links (each node's from a or b as its component says) from node 0 into
 * order (NULL: only counted); returns the nodes on that cycle (n: the child is one tour). */
static int32_t child_cycle(const merge_work *w, const int32_t *la, const int32_t *lb, int32_t n,
                           int32_t *order) {
  int32_t prev = -1, u = 0, count = 0;
  do {
    if (order) order[count] = u;
    count++;
    const int32_t next = step(w->from_b[w->root[u]] ? lb : la, u, prev);
    prev = u;
    u = next;
  } while (u != 0 && count < n);
  return u == 0 ? count : -1;
}

/* The child contracted to its portals (GPX2's simplified graph): each node of a differing
 * component has at most one shared edge that leaves it (the edges only one tour has stay inside,
 * and such a node has one of those in each tour), so a tour crosses a component in paths between
 * its portals, and between components runs along shared paths from portal to portal. Which
 * portals the child joins inside a component depends only on the tour it follows there. */
static void contract(merge_work *w, const int32_t *la, const int32_t *lb, int32_t n) {
  w->portals = 0;
  w->start = -1;
  for (int32_t u = 0; u < n; u++) {
    w->cross[u] = -1;
    if (!w->differs[w->root[u]]) continue;
    for (int side = 0; side < 2; side++) {
      const int32_t v = la[2 * u + side];
      if (w->root[v] != w->root[u] && has_edge(lb, u, v)) w->cross[u] = v;
    }
    if (w->cross[u] < 0) continue;
    w->far[u] = w->inner[2 * u] = w->inner[2 * u + 1] = -1; /* set below, both ends at once */
    w->portals++;
    if (w->start < 0) w->start = u;
  }
  for (int32_t u = 0; u < n; u++) {
    if (w->cross[u] < 0) continue;
    int32_t prev = u, v = w->cross[u];
    if (w->far[u] < 0) {
      while (!w->differs[w->root[v]]) { /* a node both tours pass alike */
        const int32_t next = step(la, v, prev);
        prev = v;
        v = next;
      }
      w->far[u] = v;
      w->far[v] = u;
    }
    for (int t = 0; t < 2; t++) {
      if (w->inner[2 * u + t] >= 0) continue; /* walked from the path's other end */
      const int32_t *l = t ? lb : la;
      prev = u;
      v = step(l, u, w->cross[u]);
      while (w->cross[v] < 0) {
        const int32_t next = step(l, v, prev);
        prev = v;
        v = next;
      }
      w->inner[2 * u + t] = v;
      w->inner[2 * v + t] = u;
    }
  }
}

/* Whether the child (each component from a or b as from_b says) is one tour: a walk over the
 * portals, O(portals), the same answer as child_cycle's O(n) walk. */
static int child_is_tour(const merge_work *w, const int32_t *la, const int32_t *lb, int32_t n) {
  if (w->portals == 0) return child_cycle(w, la, lb, n, NULL) == n;
  int32_t u = w->start, paths = 0;
  do {
    u = w->far[w->inner[2 * u + w->from_b[w->root[u]]]];
    paths++;
  } while (u != w->start && 2 * paths < w->portals);
  return u == w->start && 2 * paths == w->portals;
}

/* Components a and b differ in: each node's root, the length each changes by, where they
 * differ; returns the roots where b is shorter (most gain, then root: at most MERGE_TRIES). */
static int32_t components(merge_work *w, const tour_net *net, const int32_t *la, const int32_t *lb,
                          int32_t n) {
  for (int32_t u = 0; u < n; u++) {
    w->root[u] = u;
    w->change[u] = 0;
    w->from_b[u] = w->differs[u] = 0;
  }
  for (int32_t u = 0; u < n; u++) {
    if (!has_edge(lb, u, la[2 * u])) join(w->root, u, la[2 * u]);
    if (!has_edge(la, u, lb[2 * u])) join(w->root, u, lb[2 * u]);
  }
  for (int32_t u = 0; u < n; u++) {
    const int32_t r = tour_uf_find(w->root, u), v = la[2 * u], x = lb[2 * u];
    w->root[u] = r;
    if (!has_edge(lb, u, v)) {
      w->change[r] -= tour_d(net, u, v);
      w->differs[r] = 1;
    }
    if (!has_edge(la, u, x)) w->change[r] += tour_d(net, u, x);
  }
  int32_t count = 0;
  for (int32_t u = 0; u < n; u++) {
    if (w->root[u] != u || w->change[u] >= 0) continue;
    if (count == MERGE_TRIES && w->change[w->tries[count - 1]] <= w->change[u]) continue;
    int32_t at = count < MERGE_TRIES ? count++ : count - 1;
    while (at > 0 && w->change[w->tries[at - 1]] > w->change[u]) {
      w->tries[at] = w->tries[at - 1];
      at--;
    }
    w->tries[at] = u;
  }
  return count;
}

/* Takes b's paths in each component of tries that leaves the child one tour (alone, or with one
 * partner component whose loss it outweighs); returns the child's gain over a. */
static int64_t choose(merge_work *w, const int32_t *la, const int32_t *lb, int32_t n,
                      int32_t tries) {
  int64_t gain = 0;
  int32_t failed = 0, walks = tries;
  for (int32_t i = 0; i < tries; i++) {
    const int32_t r = w->tries[i];
    w->from_b[r] = 1;
    if (child_is_tour(w, la, lb, n)) {
      gain -= w->change[r];
    } else {
      w->from_b[r] = 0;
      failed++;
    }
  }
  if (failed == 0) return gain;
  int32_t partners = 0;
  for (int32_t u = 0; u < n && partners < MERGE_PARTNERS; u++)
    if (w->root[u] == u && w->differs[u] && !w->from_b[u]) w->partners[partners++] = u;
  for (int32_t i = 0; i < tries; i++) {
    const int32_t r = w->tries[i];
    for (int32_t j = 0; j < partners && !w->from_b[r]; j++) {
      const int32_t q = w->partners[j];
      if (q == r || w->from_b[q] || w->change[r] + w->change[q] >= 0) continue;
      if (++walks > MERGE_WALKS) return gain;
      w->from_b[r] = w->from_b[q] = 1;
      if (child_is_tour(w, la, lb, n))
        gain -= w->change[r] + w->change[q];
      else
        w->from_b[r] = w->from_b[q] = 0;
    }
  }
  return gain;
}

/* The links of a and b laid out in work and their components (components()); returns the
 * roots where b is shorter. */
static int32_t compare(merge_work *w, const tour_problem *tp, const aco_solution *a,
                       const aco_solution *b, void *work) {
  const int32_t n = tp->n;
  work_layout(w, n, work);
  int32_t *la = w->link, *lb = w->link + 2 * (size_t)n;
  links(la, a->data, n);
  links(lb, b->data, n);
  return components(w, tp->net, la, lb, n);
}

int tour_merge(const aco_problem *p, const aco_solution *a, const aco_solution *b, void *work,
               aco_solution *out) {
  const tour_problem *tp = p->data;
  const int32_t n = tp->n;
  if (n < 8 || tour_pieces_is_compact(a->data) || tour_pieces_is_compact(b->data)) return 0;
  if (aco_cost_compare(&b->cost, &a->cost) < 0) { /* the shorter parent is the base */
    const aco_solution *t = a;
    a = b;
    b = t;
  }
  merge_work w;
  const double base = a->cost.key[0]; /* a may be out: read before the child is written */
  const int32_t tries = compare(&w, tp, a, b, work);
  const int32_t *la = w.link, *lb = w.link + 2 * (size_t)n;
  if (tries > 0) contract(&w, la, lb, n);
  const int64_t gain = tries > 0 ? choose(&w, la, lb, n, tries) : 0;
  if (gain <= 0 || child_cycle(&w, la, lb, n, out->data) != n) return 0;
  const double length = base - (double)gain;
  out->cost.key[0] = length;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    out->cost.key[c] = 0.0;
  out->cost.value = length;
  return 1;
}

int32_t tour_merge_check_walks(const aco_problem *p, const aco_solution *a, const aco_solution *b,
                               void *work, uint64_t seed, int32_t trials) {
  const tour_problem *tp = p->data;
  const int32_t n = tp->n;
  merge_work w;
  compare(&w, tp, a, b, work);
  const int32_t *la = w.link, *lb = w.link + 2 * (size_t)n;
  contract(&w, la, lb, n);
  int32_t tours = 0;
  uint64_t draw = 0;
  for (int32_t t = 0; t < trials; t++) {
    for (int32_t u = 0; u < n; u++)
      if (w.root[u] == u && w.differs[u]) w.from_b[u] = (uint8_t)(aco_rng_mix(seed + draw++) >> 63);
    const int by_portals = child_is_tour(&w, la, lb, n);
    if (by_portals != (child_cycle(&w, la, lb, n, NULL) == n)) return -1;
    tours += by_portals;
  }
  return tours;
}
