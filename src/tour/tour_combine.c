/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_combine: the improving ants of an iteration applied together (see tour_combine.h). */
#include "tour_combine.h"

#include <stdlib.h>

#include "ar_alloc.h"
#include "tour_pieces.h"
#include "tour_problem_types.h"

typedef struct {
  int32_t node, partner;
} combine_link;

/* The work's arrays follow its header in one block, sized by the instance (a small instance's
 * many colonies must not each hold the large one's arrays): `cuts` cut edges in all, `ant` per
 * ant (pieces, added edges). */
typedef struct {
  int32_t cuts, ant;
  /* the combination so far: cut gaps (gap g: the source edge from position g to g + 1), the
   * nodes they touch (sorted), the added edges (pairs) */
  int32_t *cut, *touched, *add; /* [cuts], [2 cuts], [2 cuts] */
  int32_t ncut, ntouched, nadd;
  /* a trial: the cuts sorted, the added edges by node */
  int32_t *sorted;    /* [cuts] */
  combine_link *link; /* [2 cuts] */
  int32_t nsorted, nlinks;
  /* one ant's change: cut gaps (a whole ant's found up to four times per added edge before
   * duplicates go), added edges, the source gaps its pieces keep */
  int32_t *ant_cut, *ant_add, *kept; /* [4 ant], [2 ant], [ant] */
  int32_t ant_ncut;
} combine_work;

/* Lays the arrays out after the header in the block at work (NULL: only sizes them); returns the
 * block's bytes. The one place that knows the layout, for tour_combine_bytes and every call. */
static size_t work_layout(combine_work *w, int32_t n, char *work) {
  w->cuts = n < TOUR_COMBINE_CUTS ? n : TOUR_COMBINE_CUTS;
  w->ant = n < TOUR_PIECES_CAP ? n : TOUR_PIECES_CAP;
  const size_t c = (size_t)w->cuts, a = (size_t)w->ant, i = sizeof(int32_t);
  size_t at = sizeof(combine_work);
  w->link = ar_place(work, &at, 2 * c * sizeof(combine_link));
  w->cut = ar_place(work, &at, c * i);
  w->touched = ar_place(work, &at, 2 * c * i);
  w->add = ar_place(work, &at, 2 * c * i);
  w->sorted = ar_place(work, &at, c * i);
  w->ant_cut = ar_place(work, &at, 4 * a * i);
  w->ant_add = ar_place(work, &at, 2 * a * i);
  w->kept = ar_place(work, &at, a * i);
  return at;
}

size_t tour_combine_bytes(int32_t n) {
  combine_work sizes;
  return work_layout(&sizes, n, NULL);
}

static int cmp_int(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}
static int cmp_link(const void *a, const void *b) {
  const combine_link *x = a, *y = b;
  if (x->node != y->node) return (x->node > y->node) - (x->node < y->node);
  return (x->partner > y->partner) - (x->partner < y->partner);
}
static int has(const int32_t *sorted, int32_t count, int32_t v) {
  return bsearch(&v, sorted, (size_t)count, sizeof(int32_t), cmp_int) != NULL;
}

/* The gap of the source edge a-b, or -1 when a-b is no source edge. */
static int32_t source_gap(int32_t n, const int32_t *pos, int32_t a, int32_t b) {
  int32_t pa = pos[a], pb = pos[b];
  int32_t lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
  if (hi - lo == 1) return lo;
  if (lo == 0 && hi == n - 1) return n - 1;
  return -1;
}

/* One compact ant's cuts and added edges into w->ant_*; 0 when it has none or they do not pair
 * up (then it does not combine). */
static int ant_change(combine_work *w, const int32_t *data, int32_t n, const int32_t *src,
                      const int32_t *pos) {
  const int32_t count = -1 - data[0];
  const int32_t *pc = data + 2;
  int32_t nkept = 0, nadd = 0;
  if (count > w->ant) return 0; /* never on n nodes (a piece holds one at least) */
  for (int32_t i = 0; i < count; i++) {
    const int32_t *a = pc + 3 * i, *b = pc + 3 * (i + 1 == count ? 0 : i + 1);
    int32_t tail = src[a[2] ? a[0] : a[1]], head = src[b[2] ? b[1] : b[0]];
    int32_t gap = source_gap(n, pos, tail, head);
    if (gap >= 0) {
      w->kept[nkept++] = gap;
    } else {
      w->ant_add[2 * nadd] = tail;
      w->ant_add[2 * nadd + 1] = head;
      nadd++;
    }
  }
  qsort(w->kept, (size_t)nkept, sizeof(int32_t), cmp_int);
  /* A cut source edge leaves the last position of some piece (inside a piece none is cut). */
  int32_t ncut = 0;
  for (int32_t i = 0; i < count; i++)
    if (!has(w->kept, nkept, pc[3 * i + 1])) w->ant_cut[ncut++] = pc[3 * i + 1];
  w->ant_ncut = ncut;
  return ncut > 0 && ncut == nadd;
}

/* The source edge at node x other than the one to y (y a source neighbour of x): its gap. */
static int32_t other_source_gap(int32_t n, const int32_t *src, const int32_t *pos, int32_t x,
                                int32_t y) {
  int32_t px = pos[x], next = src[px + 1 == n ? 0 : px + 1];
  return next == y ? (px == 0 ? n - 1 : px - 1) : px;
}

/* One whole ant's (an array tour's) cuts and added edges into w->ant_*: an O(n) pass over its
 * edges. At an end x of an added edge the ant's other edge at x is either a source edge (then the
 * source's other edge at x is cut) or added too (then both of x's source edges are cut). 0 when
 * the change is larger than the work holds or does not pair up. */
static int ant_change_whole(combine_work *w, const int32_t *t, int32_t n, const int32_t *src,
                            const int32_t *pos) {
  int32_t nadd = 0, ncut = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t a = t[i], b = t[i + 1 == n ? 0 : i + 1];
    if (source_gap(n, pos, a, b) >= 0) continue;
    if (nadd == w->ant) return 0;
    w->ant_add[2 * nadd] = a;
    w->ant_add[2 * nadd + 1] = b;
    nadd++;
    /* the ends' other ant edges: a's to its predecessor, b's to its successor */
    int32_t ends[2][2] = {{a, t[i == 0 ? n - 1 : i - 1]}, {b, t[i + 2 >= n ? i + 2 - n : i + 2]}};
    for (int e = 0; e < 2; e++) {
      int32_t x = ends[e][0], other = ends[e][1];
      if (source_gap(n, pos, x, other) >= 0) {
        w->ant_cut[ncut++] = other_source_gap(n, src, pos, x, other);
      } else { /* both source edges at x are cut */
        int32_t px = pos[x];
        w->ant_cut[ncut++] = px;
        w->ant_cut[ncut++] = px == 0 ? n - 1 : px - 1;
      }
    }
  }
  if (nadd == 0) return 0;
  /* every cut was found from both its ends (or twice from one): keep each once */
  qsort(w->ant_cut, (size_t)ncut, sizeof(int32_t), cmp_int);
  int32_t u = 0;
  for (int32_t i = 0; i < ncut; i++)
    if (u == 0 || w->ant_cut[u - 1] != w->ant_cut[i]) w->ant_cut[u++] = w->ant_cut[i];
  w->ant_ncut = u;
  return u == nadd;
}

/* Positions of segment seg between the sorted cuts: c[seg] + 1 .. c[seg + 1] (circular). */
static void segment_ends(const int32_t *c, int32_t k, int32_t n, int32_t seg, int32_t *first,
                         int32_t *last) {
  *first = c[seg] + 1 == n ? 0 : c[seg] + 1;
  *last = c[seg + 1 == k ? 0 : seg + 1];
}

/* Walks the source's segments between the trial's sorted cuts along its added edges (w->link).
 * Returns 1 when they make one tour through every segment; then, with out, writes it there. */
static int walk(const combine_work *w, int32_t n, const int32_t *src, const int32_t *pos,
                int32_t *out) {
  const int32_t *c = w->sorted, k = w->nsorted, nlinks = w->nlinks;
  int32_t seg = 0, forward = 1, from = -1, visited = 1, at = 0, first, last;
  segment_ends(c, k, n, seg, &first, &last);
  for (;;) {
    const int32_t len = (last - first + n) % n + 1;
    if (out)
      for (int32_t t = 0; t < len; t++) {
        int32_t q = forward ? first + t : last - t;
        out[at++] = src[q >= n ? q - n : q < 0 ? q + n : q];
      }
    const int32_t exit = src[forward ? last : first];
    /* the added edge that leaves exit (a one-node segment has two: not the one we came by) */
    combine_link key = {exit, -1};
    int32_t lo = 0, hi = nlinks;
    while (lo < hi) {
      int32_t mid = (lo + hi) / 2;
      if (cmp_link(&w->link[mid], &key) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo >= nlinks || w->link[lo].node != exit) return 0;
    int32_t next = w->link[lo].partner;
    if (next == from && len == 1 && lo + 1 < nlinks && w->link[lo + 1].node == exit)
      next = w->link[lo + 1].partner;
    /* the segment holding next: the last cut before its position */
    int32_t p = pos[next], i = 0, j = k;
    while (i < j) {
      int32_t mid = (i + j) / 2;
      if (c[mid] < p)
        i = mid + 1;
      else
        j = mid;
    }
    seg = i == 0 ? k - 1 : i - 1;
    segment_ends(c, k, n, seg, &first, &last);
    if (next == src[first])
      forward = 1;
    else if (next == src[last])
      forward = 0;
    else
      return 0;
    from = exit;
    if (seg == 0) return visited == k && forward && (!out || at == n);
    if (++visited > k) return 0;
  }
}

/* Links count added edges (pairs) both ways from link[nl]; returns the new count. */
static int32_t link_edges(combine_link *link, int32_t nl, const int32_t *pairs, int32_t count) {
  for (int32_t i = 0; i < count; i++) {
    link[nl++] = (combine_link){pairs[2 * i], pairs[2 * i + 1]};
    link[nl++] = (combine_link){pairs[2 * i + 1], pairs[2 * i]};
  }
  return nl;
}

/* A trial of the combination plus (with_ant) the ant's change: the cuts sorted, the added edges
 * linked by node. */
static void trial(combine_work *w, int with_ant) {
  int32_t k = 0;
  for (int32_t i = 0; i < w->ncut; i++)
    w->sorted[k++] = w->cut[i];
  for (int32_t i = 0; with_ant && i < w->ant_ncut; i++)
    w->sorted[k++] = w->ant_cut[i];
  qsort(w->sorted, (size_t)k, sizeof(int32_t), cmp_int);
  int32_t nl = link_edges(w->link, 0, w->add, w->nadd);
  if (with_ant) nl = link_edges(w->link, nl, w->ant_add, w->ant_ncut);
  qsort(w->link, (size_t)nl, sizeof(combine_link), cmp_link);
  w->nsorted = k;
  w->nlinks = nl;
}

/* The ant's change joins the combination (its nodes kept sorted). */
static void accept(combine_work *w, int32_t n, const int32_t *src) {
  for (int32_t i = 0; i < w->ant_ncut; i++) {
    int32_t g = w->ant_cut[i];
    w->cut[w->ncut++] = g;
    w->touched[w->ntouched++] = src[g];
    w->touched[w->ntouched++] = src[g + 1 == n ? 0 : g + 1];
    w->add[2 * w->nadd] = w->ant_add[2 * i];
    w->add[2 * w->nadd + 1] = w->ant_add[2 * i + 1];
    w->nadd++;
  }
  qsort(w->touched, (size_t)w->ntouched, sizeof(int32_t), cmp_int);
}

int32_t tour_combine(const aco_problem *p, const aco_solution *source, const void *source_index,
                     const aco_solution *ants, const int32_t *order, int32_t count, void *work,
                     aco_solution *out) {
  const tour_problem *tp = p->data;
  const int32_t n = tp->n, *src = source->data, *pos = tour_index_pos(source_index, n);
  combine_work *w = work;
  work_layout(w, n, work);
  w->ncut = w->ntouched = w->nadd = 0;
  int32_t joined = 0;
  double length = source->cost.key[0];
  for (int32_t r = 0; r < count; r++) {
    const aco_solution *a = &ants[order[r]];
    if (!(a->cost.key[0] < source->cost.key[0])) break; /* by cost: the rest improve nothing */
    int changed = tour_pieces_is_compact(a->data) ? ant_change(w, a->data, n, src, pos)
                                                  : ant_change_whole(w, a->data, n, src, pos);
    if (!changed) {
      if (r == 0) return 0; /* the iteration best must lead */
      continue;
    }
    if (w->ncut + w->ant_ncut > w->cuts) continue;
    int clash = 0;
    for (int32_t i = 0; i < w->ant_ncut && !clash; i++) {
      int32_t g = w->ant_cut[i];
      clash = has(w->touched, w->ntouched, src[g]) ||
              has(w->touched, w->ntouched, src[g + 1 == n ? 0 : g + 1]);
    }
    if (clash) continue;
    trial(w, 1);
    if (!walk(w, n, src, pos, NULL)) {
      if (r == 0) return 0;
      continue;
    }
    accept(w, n, src);
    length -= source->cost.key[0] - a->cost.key[0];
    joined++;
  }
  if (joined < 2) return joined;
  trial(w, 0);
  if (!walk(w, n, src, pos, out->data)) return 0;
  out->cost.key[0] = length;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    out->cost.key[c] = 0.0;
  out->cost.value = length;
  return joined;
}
