/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_hk_planar: the exact minimum spanning tree of the complete graph under penalised
 * distances scale x d(i, j) + pi_i + pi_j, for 2-D coordinates, without n x n work.
 *
 * Boruvka: each round every component takes its cheapest outgoing edge. The sparse graph gives
 * each component a first candidate; then every node asks a k-d tree for a cheaper edge to
 * another component, pruning a box when scale x (a lower bound of d over the box) + pi_i + (the
 * box's smallest pi) exceeds the best so far, and skipping boxes whose nodes all lie in the
 * node's own component. Edges compare by (key, lower end, higher end), a strict total order, so
 * the tree is unique and the same for any number of threads. The lower bound of d is the
 * metric's rounding of the Euclidean distance to the box, taken down by one unit: a margin that
 * floating point cannot cross (EUC_2D rounds, CEIL_2D rounds up, ATT divides by sqrt 10 and
 * rounds up, so d >= floor of the Euclidean figure in each).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tour_hk.h"
#include "tour_uf.h"
#include "tour_work.h"

enum { KD_LEAF = 8 };

typedef struct {
  int32_t lo, hi;      /* range of perm */
  int32_t left, right; /* children, -1 for a leaf */
  double x0, x1, y0, y1;
} kd_node;

typedef struct {
  const double *x, *y;
  double unit; /* Euclidean distance per unit of d (sqrt 10 for ATT) */
  int32_t *perm;
  kd_node *node;
  int32_t count;
  int64_t *min_pi; /* [count] smallest penalty in each box */
  int32_t *label;  /* [count] the component of every node in the box, or -1 if mixed */
} kd_tree;

typedef struct {
  int64_t key;
  int32_t lo, hi;
} kd_edge;

static int edge_less(int64_t key, int32_t a, int32_t b, const kd_edge *e) {
  int32_t lo = a < b ? a : b, hi = a < b ? b : a;
  if (key != e->key) return key < e->key;
  if (lo != e->lo) return lo < e->lo;
  return hi < e->hi;
}

static void edge_set(kd_edge *e, int64_t key, int32_t a, int32_t b) {
  e->key = key;
  e->lo = a < b ? a : b;
  e->hi = a < b ? b : a;
}

/* --- Building ----------------------------------------------------------------------------------
 */

/* Puts the k-th smallest (by c) of perm[lo..hi) at position k, smaller ones before it. */
static void select_kth(const double *c, int32_t *p, int32_t lo, int32_t hi, int32_t k) {
  hi--;
  while (lo < hi) {
    double pivot = c[p[lo + (hi - lo) / 2]];
    int32_t i = lo, j = hi;
    while (i <= j) {
      while (c[p[i]] < pivot)
        i++;
      while (c[p[j]] > pivot)
        j--;
      if (i <= j) {
        int32_t t = p[i];
        p[i++] = p[j];
        p[j--] = t;
      }
    }
    if (k <= j)
      hi = j;
    else if (k >= i)
      lo = i;
    else
      return;
  }
}

static int32_t kd_build_node(kd_tree *t, int32_t lo, int32_t hi) {
  int32_t at = t->count++;
  kd_node *b = &t->node[at];
  b->lo = lo;
  b->hi = hi;
  b->left = b->right = -1;
  b->x0 = b->x1 = t->x[t->perm[lo]];
  b->y0 = b->y1 = t->y[t->perm[lo]];
  for (int32_t k = lo + 1; k < hi; k++) {
    int32_t v = t->perm[k];
    b->x0 = fmin(b->x0, t->x[v]);
    b->x1 = fmax(b->x1, t->x[v]);
    b->y0 = fmin(b->y0, t->y[v]);
    b->y1 = fmax(b->y1, t->y[v]);
  }
  if (hi - lo <= KD_LEAF) return at;
  int32_t mid = lo + (hi - lo) / 2;
  select_kth(b->x1 - b->x0 >= b->y1 - b->y0 ? t->x : t->y, t->perm, lo, hi, mid);
  int32_t left = kd_build_node(t, lo, mid);
  int32_t right = kd_build_node(t, mid, hi);
  t->node[at].left = left;
  t->node[at].right = right;
  return at;
}

static void kd_free(kd_tree *t) {
  free(t->perm);
  free(t->node);
  free(t->min_pi);
  free(t->label);
  memset(t, 0, sizeof *t);
}

static ar_status kd_build(const hk_graph *g, const int64_t *pi, kd_tree *t) {
  const tour_net *net = g->net;
  int32_t n = net->n;
  memset(t, 0, sizeof *t);
  t->x = net->x;
  t->y = net->y;
  t->unit = net->metric == TOUR_METRIC_ATT ? sqrt(10.0) : 1.0;
  size_t most = (size_t)n; /* leaves hold at least KD_LEAF / 2 nodes: far fewer boxes than n */
  t->perm = malloc((size_t)n * sizeof *t->perm);
  t->node = malloc(most * sizeof *t->node);
  t->min_pi = malloc(most * sizeof *t->min_pi);
  t->label = malloc(most * sizeof *t->label);
  if (!t->perm || !t->node || !t->min_pi || !t->label) {
    kd_free(t);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the bound's k-d tree (%d nodes)", n);
  }
  for (int32_t v = 0; v < n; v++)
    t->perm[v] = v;
  kd_build_node(t, 0, n);
  /* Children come after their parent: fill the boxes' penalties bottom-up. */
  for (int32_t k = t->count - 1; k >= 0; k--) {
    const kd_node *b = &t->node[k];
    if (b->left < 0) {
      int64_t low = pi[t->perm[b->lo]];
      for (int32_t p = b->lo + 1; p < b->hi; p++)
        if (pi[t->perm[p]] < low) low = pi[t->perm[p]];
      t->min_pi[k] = low;
    } else {
      int64_t a = t->min_pi[b->left], c = t->min_pi[b->right];
      t->min_pi[k] = a < c ? a : c;
    }
  }
  return AR_OK;
}

static void kd_set_labels(kd_tree *t, const int32_t *comp) {
  for (int32_t k = t->count - 1; k >= 0; k--) {
    const kd_node *b = &t->node[k];
    int32_t l;
    if (b->left < 0) {
      l = comp[t->perm[b->lo]];
      for (int32_t p = b->lo + 1; p < b->hi && l >= 0; p++)
        if (comp[t->perm[p]] != l) l = -1;
    } else {
      l = t->label[b->left] == t->label[b->right] ? t->label[b->left] : -1;
    }
    t->label[k] = l;
  }
}

/* --- Queries ------------------------------------------------------------------------------------
 */

/* scale x (a lower bound of d between (x, y) and any point of box b). */
static int64_t box_lower(const hk_graph *g, const kd_tree *t, const kd_node *b, double x,
                         double y) {
  double dx = x < b->x0 ? b->x0 - x : (x > b->x1 ? x - b->x1 : 0.0);
  double dy = y < b->y0 ? b->y0 - y : (y > b->y1 ? y - b->y1 : 0.0);
  double e = sqrt(dx * dx + dy * dy) / t->unit * (1.0 - 1e-12) - 1.0;
  return e > 0.0 ? g->scale * (int64_t)e : 0;
}

typedef struct {
  const hk_graph *g;
  const kd_tree *t;
  const int64_t *pi;
  const int32_t *comp; /* NULL: every other node counts (second-edge queries) */
  int32_t i;
  double x, y;
} kd_query;

/* The cheapest edge from q->i to another component, if cheaper than *best. */
static void query_foreign(const kd_query *q, int32_t k, int64_t lower, kd_edge *best) {
  const kd_tree *t = q->t;
  const kd_node *b = &t->node[k];
  if (lower > best->key || t->label[k] == q->comp[q->i]) return;
  if (b->left < 0) {
    for (int32_t p = b->lo; p < b->hi; p++) {
      int32_t j = t->perm[p];
      if (q->comp[j] == q->comp[q->i]) continue;
      int64_t key = hk_key(q->g, q->pi, q->i, j);
      if (edge_less(key, q->i, j, best)) edge_set(best, key, q->i, j);
    }
    return;
  }
  int64_t base = q->pi[q->i];
  int64_t la = box_lower(q->g, t, &t->node[b->left], q->x, q->y) + base + t->min_pi[b->left];
  int64_t lb = box_lower(q->g, t, &t->node[b->right], q->x, q->y) + base + t->min_pi[b->right];
  if (la <= lb) {
    query_foreign(q, b->left, la, best);
    query_foreign(q, b->right, lb, best);
  } else {
    query_foreign(q, b->right, lb, best);
    query_foreign(q, b->left, la, best);
  }
}

/* The two cheapest edges at q->i (keys k[0] <= k[1], far ends at[0], at[1]). */
static void query_two(const kd_query *q, int32_t k, int64_t lower, int64_t *key, int32_t *at) {
  const kd_tree *t = q->t;
  const kd_node *b = &t->node[k];
  if (lower > key[1]) return;
  if (b->left < 0) {
    for (int32_t p = b->lo; p < b->hi; p++) {
      int32_t j = t->perm[p];
      if (j == q->i) continue;
      int64_t c = hk_key(q->g, q->pi, q->i, j);
      if (c < key[0] || (c == key[0] && j < at[0])) {
        key[1] = key[0];
        at[1] = at[0];
        key[0] = c;
        at[0] = j;
      } else if (c < key[1] || (c == key[1] && j < at[1])) {
        key[1] = c;
        at[1] = j;
      }
    }
    return;
  }
  int64_t base = q->pi[q->i];
  int64_t la = box_lower(q->g, t, &t->node[b->left], q->x, q->y) + base + t->min_pi[b->left];
  int64_t lb = box_lower(q->g, t, &t->node[b->right], q->x, q->y) + base + t->min_pi[b->right];
  int32_t first = la <= lb ? b->left : b->right, second = la <= lb ? b->right : b->left;
  query_two(q, first, la <= lb ? la : lb, key, at);
  query_two(q, second, la <= lb ? lb : la, key, at);
}

/* --- Quadrant neighbours ---------------------------------------------------------------------- */

/* Quadrant q of j seen from (x, y): 0 east-north (dx > 0, dy >= 0), 1 north-west, 2 west-south,
 * 3 south-east, each half-open so every other point lies in exactly one; -1 for the same spot. */
static int quadrant_of(double dx, double dy) {
  if (dx > 0 && dy >= 0) return 0;
  if (dx <= 0 && dy > 0) return 1;
  if (dx < 0 && dy <= 0) return 2;
  if (dx >= 0 && dy < 0) return 3;
  return -1;
}

/* Whether box b can hold points of quadrant q seen from (x, y). */
static int box_meets_quadrant(const kd_node *b, double x, double y, int q) {
  switch (q) {
  case 0: return b->x1 > x && b->y1 >= y;
  case 1: return b->x0 <= x && b->y1 > y;
  case 2: return b->x0 < x && b->y0 <= y;
  default: return b->x1 >= x && b->y0 < y;
  }
}

typedef struct {
  const kd_tree *t;
  int32_t i, want;
  int q;
  double x, y;
  double *d2;  /* [want] squared distances, ascending */
  int32_t *at; /* [want] */
  int32_t found;
} quadrant_query;

static double box_distance2(const kd_node *b, double x, double y) {
  double dx = x < b->x0 ? b->x0 - x : (x > b->x1 ? x - b->x1 : 0.0);
  double dy = y < b->y0 ? b->y0 - y : (y > b->y1 ? y - b->y1 : 0.0);
  return dx * dx + dy * dy;
}

/* Keeps j among the `want` nearest found so far (by distance, then index). */
static void quadrant_keep(quadrant_query *r, double d2, int32_t j) {
  int32_t k;
  if (r->found < r->want) {
    k = r->found++;
  } else {
    k = r->want - 1;
    if (d2 > r->d2[k] || (d2 == r->d2[k] && j > r->at[k])) return;
  }
  while (k > 0 && (r->d2[k - 1] > d2 || (r->d2[k - 1] == d2 && r->at[k - 1] > j))) {
    r->d2[k] = r->d2[k - 1];
    r->at[k] = r->at[k - 1];
    k--;
  }
  r->d2[k] = d2;
  r->at[k] = j;
}

static void quadrant_search(quadrant_query *r, int32_t k) {
  const kd_tree *t = r->t;
  const kd_node *b = &t->node[k];
  if (!box_meets_quadrant(b, r->x, r->y, r->q)) return;
  if (r->found == r->want && box_distance2(b, r->x, r->y) > r->d2[r->want - 1]) return;
  if (b->left < 0) {
    for (int32_t p = b->lo; p < b->hi; p++) {
      int32_t j = t->perm[p];
      double dx = t->x[j] - r->x, dy = t->y[j] - r->y;
      if (j != r->i && quadrant_of(dx, dy) == r->q) quadrant_keep(r, dx * dx + dy * dy, j);
    }
    return;
  }
  double la = box_distance2(&t->node[b->left], r->x, r->y);
  double lb = box_distance2(&t->node[b->right], r->x, r->y);
  quadrant_search(r, la <= lb ? b->left : b->right);
  quadrant_search(r, la <= lb ? b->right : b->left);
}

/* Node i's quadrant neighbours into its row of nbr (d2, at: scratch of per_quadrant). */
static void quadrants_of(const kd_tree *t, int32_t i, int32_t per_quadrant, double *d2, int32_t *at,
                         int32_t *nbr) {
  for (int q = 0; q < 4; q++) {
    quadrant_query r = {t, i, per_quadrant, q, t->x[i], t->y[i], d2, at, 0};
    quadrant_search(&r, 0);
    for (int32_t k = 0; k < per_quadrant; k++)
      nbr[(size_t)i * 4 * per_quadrant + q * per_quadrant + k] = k < r.found ? at[k] : -1;
  }
}

/* The queries in chunks of TOUR_WORK_CHUNK nodes with a report to w after each (nodes are
 * independent: the chunks change nothing but when a report can be made). */
static ar_status quadrant_queries(const hk_graph *g, int32_t per_quadrant, int32_t *nbr,
                                  tour_work *w) {
  int32_t n = g->n;
  int64_t *zero = calloc((size_t)n, sizeof *zero);
  if (!zero) return ar_fail(AR_ERR_NOMEM, "out of memory for quadrant neighbours");
  kd_tree t;
  ar_status st = kd_build(g, zero, &t);
  free(zero);
  if (st != AR_OK) return st;
  int failed = 0;
#pragma omp parallel
  {
    double *d2 = malloc((size_t)per_quadrant * sizeof *d2);
    int32_t *at = malloc((size_t)per_quadrant * sizeof *at);
    if (!d2 || !at) {
#pragma omp atomic write
      failed = 1;
    }
    for (int32_t lo = 0; lo < n; lo += TOUR_WORK_CHUNK) {
      int32_t hi = n - lo > TOUR_WORK_CHUNK ? lo + TOUR_WORK_CHUNK : n;
#pragma omp for schedule(dynamic, 256)
      for (int32_t i = lo; i < hi; i++)
        if (d2 && at) quadrants_of(&t, i, per_quadrant, d2, at, nbr);
#pragma omp single nowait
      tour_work_tick(w, 0, hi, n - hi);
    }
    free(d2);
    free(at);
  }
  kd_free(&t);
  if (failed) return ar_fail(AR_ERR_NOMEM, "out of memory for quadrant neighbours");
  return AR_OK;
}

ar_status hk_quadrant_planar(const hk_graph *g, int32_t per_quadrant, int32_t *nbr,
                             const char *step, tour_work_fn work, void *work_arg) {
  tour_work w;
  tour_work_begin(&w, work, work_arg, g->n, step, 1);
  ar_status st = quadrant_queries(g, per_quadrant, nbr, &w);
  tour_work_end(&w);
  return st;
}

/* --- Boruvka ------------------------------------------------------------------------------------
 */

/* One round: every component's cheapest outgoing edge into best[root]. */
static void boruvka_round(const hk_graph *g, const hk_sparse *s, const kd_tree *t,
                          const int64_t *pi, const int32_t *comp, kd_edge *best, kd_edge *found) {
  int32_t n = g->n;
  for (int32_t v = 0; v < n; v++)
    best[v].key = HK_KEY_MAX, best[v].lo = best[v].hi = INT32_MAX;
  for (int32_t u = 0; u < n; u++)
    for (int64_t e = s->start[u]; e < s->start[u + 1]; e++) {
      int32_t x = s->to[e];
      if (comp[x] == comp[u]) continue;
      int64_t key = s->cost[e] + pi[u] + pi[x];
      if (edge_less(key, u, x, &best[comp[u]])) edge_set(&best[comp[u]], key, u, x);
    }
#pragma omp parallel for schedule(dynamic, 512)
  for (int32_t i = 0; i < n; i++) {
    kd_query q = {g, t, pi, comp, i, t->x[i], t->y[i]};
    kd_edge e = best[comp[i]];
    found[i].key = HK_KEY_MAX;
    int64_t lower = box_lower(g, t, &t->node[0], q.x, q.y) + pi[i] + t->min_pi[0];
    query_foreign(&q, 0, lower, &e);
    if (e.key != best[comp[i]].key || e.lo != best[comp[i]].lo || e.hi != best[comp[i]].hi)
      found[i] = e;
  }
  for (int32_t i = 0; i < n; i++)
    if (found[i].key != HK_KEY_MAX &&
        edge_less(found[i].key, found[i].lo, found[i].hi, &best[comp[i]]))
      best[comp[i]] = found[i];
}

ar_status hk_mst_planar(const hk_graph *g, const hk_sparse *s, const int64_t *pi, hk_exact *x,
                        int64_t *sum) {
  int32_t n = g->n;
  kd_tree t;
  ar_status st = kd_build(g, pi, &t);
  if (st != AR_OK) return st;
  int32_t *up = malloc((size_t)n * sizeof *up), *comp = malloc((size_t)n * sizeof *comp);
  kd_edge *best = malloc((size_t)n * sizeof *best), *found = malloc((size_t)n * sizeof *found);
  if (!up || !comp || !best || !found)
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the bound's exact spanning tree");
  for (int32_t v = 0; st == AR_OK && v < n; v++)
    up[v] = v;
  x->edges = 0;
  *sum = 0;
  int32_t components = n;
  while (st == AR_OK && components > 1) {
    for (int32_t v = 0; v < n; v++)
      comp[v] = tour_uf_find(up, v);
    kd_set_labels(&t, comp);
    boruvka_round(g, s, &t, pi, comp, best, found);
    int32_t joined = 0;
    for (int32_t v = 0; v < n; v++) {
      if (comp[v] != v || best[v].key == HK_KEY_MAX) continue;
      int32_t a = tour_uf_find(up, best[v].lo), b = tour_uf_find(up, best[v].hi);
      if (a == b) continue; /* the other component chose the same edge */
      up[a] = b;
      x->eu[x->edges] = best[v].lo;
      x->ev[x->edges++] = best[v].hi;
      *sum += best[v].key;
      joined++;
    }
    if (joined == 0) st = ar_fail(AR_ERR_INTERNAL, "Boruvka found no edge between components");
    components -= joined;
  }
  free(up);
  free(comp);
  free(best);
  free(found);
  kd_free(&t);
  return st;
}

ar_status hk_second_planar(const hk_graph *g, const int64_t *pi, const int32_t *nodes,
                           int32_t count, int64_t *second, int32_t *other) {
  kd_tree t;
  ar_status st = kd_build(g, pi, &t);
  if (st != AR_OK) return st;
#pragma omp parallel for schedule(dynamic, 64)
  for (int32_t k = 0; k < count; k++) {
    int32_t i = nodes[k];
    kd_query q = {g, &t, pi, NULL, i, t.x[i], t.y[i]};
    int64_t key[2] = {HK_KEY_MAX, HK_KEY_MAX};
    int32_t at[2] = {INT32_MAX, INT32_MAX};
    query_two(&q, 0, pi[i] + t.min_pi[0], key, at);
    second[k] = key[1];
    other[k] = at[1];
  }
  kd_free(&t);
  return AR_OK;
}
