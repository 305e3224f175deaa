/* SPDX-License-Identifier: BSD-3-Clause */
/* The tour solver's parts, checked against simple independent code: array edits, neighbour
 * lists, local search bookkeeping (symmetric and directed), focused construction. */
#include <math.h>
#include <omp.h>
#include <string.h>

#include "engine_fixture.h"
#include "test_util.h"
#include "tour_alpha.h"
#include "tour_array.h"
#include "tour_estimate.h"
#include "tour_greedy.h"
#include "tour_kick.h"
#include "tour_quadrant.h"
#include "tour_seconds.h"
#include "tour_work.h"

static int consistent(const int32_t *order, const int32_t *pos, int32_t n) {
  if (tour_is_permutation(order, n) != 1) return 0;
  for (int32_t i = 0; i < n; i++)
    if (pos[order[i]] != i) return 0;
  return 1;
}

/* Directed successor list of a tour (for comparing cycles regardless of the start). */
static void successors(const int32_t *order, int32_t n, int32_t *next) {
  for (int32_t i = 0; i < n; i++)
    next[order[i]] = order[(i + 1) % n];
}

static void test_array_edits(void) {
  enum { N = 37 };
  int32_t order[N], pos[N], next_before[N], next_after[N];
  aco_rng r = aco_rng_stream(5, 0, 0, 0, ACO_STREAM_TEST);
  for (int32_t i = 0; i < N; i++) {
    order[i] = (i * 11) % N;
    pos[order[i]] = i;
  }
  int ok = 1, kept = 1;
  for (int round = 0; round < 2000; round++) {
    int32_t first = (int32_t)aco_rng_below(&r, N);
    int32_t lenA = 1 + (int32_t)aco_rng_below(&r, N - 2);
    int32_t lenB = 1 + (int32_t)aco_rng_below(&r, (uint32_t)(N - lenA - 1));
    /* Expected: the cycle A B R becomes B A R: a -> first of B, last of B -> first of A, last
     * of A -> first of R; every other successor unchanged, no direction flipped. */
    successors(order, N, next_before);
    int32_t a_first = order[first], a_last = order[(first + lenA - 1) % N];
    int32_t b_first = order[(first + lenA) % N], b_last = order[(first + lenA + lenB - 1) % N];
    int32_t r_first = order[(first + lenA + lenB) % N], r_last = order[(first + N - 1) % N];
    tour_array_swap_blocks(order, pos, N, first, lenA, lenB);
    ok &= consistent(order, pos, N);
    successors(order, N, next_after);
    for (int32_t v = 0; v < N; v++) {
      int32_t want = next_before[v];
      if (v == r_last) want = b_first;
      if (v == b_last) want = a_first;
      if (v == a_last) want = r_first;
      if (next_after[v] != want) kept = 0;
    }
    /* And a symmetric reversal of a random path keeps a valid tour. */
    int32_t x = (int32_t)aco_rng_below(&r, N), y = (int32_t)aco_rng_below(&r, N);
    tour_array_reverse_path(order, pos, N, x, y);
    ok &= consistent(order, pos, N);
  }
  CHECK(ok);
  CHECK(kept);

  /* move_segment: 3 nodes after a given node, with and without reversal. */
  int32_t o2[10], p2[10];
  for (int32_t i = 0; i < 10; i++) {
    o2[i] = i;
    p2[i] = i;
  }
  tour_array_move_segment(o2, p2, 10, 2, 3, 7, 0); /* 2 3 4 after 7 */
  successors(o2, 10, next_after);
  CHECK(next_after[1] == 5 && next_after[7] == 2 && next_after[4] == 8 && next_after[2] == 3);
  tour_array_move_segment(o2, p2, 10, p2[2], 3, 0, 1); /* 2 3 4 reversed after 0 */
  successors(o2, 10, next_after);
  CHECK(next_after[0] == 4 && next_after[4] == 3 && next_after[2] == 1 && next_after[7] == 8);
  CHECK(consistent(o2, p2, 10));
}

static void test_candidates(void) {
  /* Grid neighbours against brute force, with duplicate points and a thin strip. */
  tour_net t = fixture_random_euc(600, 3);
  for (int32_t i = 0; i < 40; i++) {
    t.x[i + 100] = t.x[i];
    t.y[i + 100] = t.y[i];
  }
  for (int32_t i = 500; i < 600; i++)
    t.y[i] = 5000 + 0.001 * i;
  enum { W = 12 };
  int32_t *nbr = malloc(sizeof(int32_t) * W * t.n);
  int64_t *dist = malloc(sizeof(int64_t) * W * t.n);
  CHECK(tour_candidates_build(&t, W, nbr, dist, "", NULL, NULL) == AR_OK);
  int ok = 1;
  for (int32_t i = 0; i < t.n; i++) {
    /* The k-th neighbour's distance must equal the k-th smallest distance overall. */
    int64_t *all = malloc(sizeof(int64_t) * t.n);
    int32_t m = 0;
    for (int32_t j = 0; j < t.n; j++)
      if (j != i) all[m++] = tour_dist(&t, i, j);
    for (int32_t k = 0; k < W; k++) { /* selection of the k-th smallest */
      int32_t at = k;
      for (int32_t j = k + 1; j < m; j++)
        if (all[j] < all[at]) at = j;
      int64_t tmp = all[k];
      all[k] = all[at];
      all[at] = tmp;
      if (dist[(size_t)i * W + k] != all[k] ||
          tour_dist(&t, i, nbr[(size_t)i * W + k]) != dist[(size_t)i * W + k] ||
          nbr[(size_t)i * W + k] == i)
        ok = 0;
    }
    free(all);
  }
  CHECK(ok);
  free(nbr);
  free(dist);
  tour_net_free(&t);
}

/* A list row is valid: distinct nodes other than i, distances that match, the first `first`
 * entries and the rest each nearest first. */
static int row_valid(const tour_net *t, int32_t i, const int32_t *nbr, const int64_t *dist,
                     int32_t width, int32_t first) {
  for (int32_t k = 0; k < width; k++) {
    if (nbr[k] < 0 || nbr[k] >= t->n || nbr[k] == i || tour_dist(t, i, nbr[k]) != dist[k]) return 0;
    for (int32_t m = 0; m < k; m++)
      if (nbr[m] == nbr[k]) return 0;
    if (k > 0 && k != first && dist[k] < dist[k - 1]) return 0;
  }
  return 1;
}

/* Lists by alpha-nearness and with quadrant neighbours: valid rows, the same with 1 and 2
 * threads, and on clusters (where nearest neighbours stay inside a cluster) alpha-nearness
 * brings in edges between clusters. */
static void test_alpha_lists(void) {
  tour_net t = fixture_random_euc(600, 4);
  for (int32_t i = 0; i < t.n; i++) { /* 6 tight clusters far apart */
    t.x[i] = 0.02 * t.x[i] + 100000.0 * (i % 3);
    t.y[i] = 0.02 * t.y[i] + 100000.0 * (i % 2);
  }
  enum { W = 12, FIRST = 8 };
  size_t cells = (size_t)W * (size_t)t.n;
  int32_t *nbr[3];
  int64_t *dist[3];
  int ok = 1;
  for (int v = 0; v < 3; v++) {
    nbr[v] = malloc(sizeof(int32_t) * cells);
    dist[v] = malloc(sizeof(int64_t) * cells);
    CHECK(tour_candidates_build(&t, W, nbr[v], dist[v], "", NULL, NULL) == AR_OK);
    omp_set_num_threads(v == 1 ? 2 : 1);
    if (v < 2)
      CHECK(tour_candidates_alpha(&t, W, FIRST, 200, 2, nbr[v], dist[v]) == AR_OK);
    else
      CHECK(tour_candidates_quadrant(&t, W, FIRST, 2, nbr[v], dist[v], NULL, NULL) == AR_OK);
    for (int32_t i = 0; i < t.n; i++)
      ok &= row_valid(&t, i, nbr[v] + (size_t)i * W, dist[v] + (size_t)i * W, W, FIRST);
  }
  omp_set_num_threads(1);
  CHECK(ok);
  CHECK(memcmp(nbr[0], nbr[1], sizeof(int32_t) * cells) == 0);
  int32_t across[3] = {0, 0, 0}; /* entries in another cluster */
  for (int v = 0; v < 3; v++)
    for (size_t c = 0; c < cells; c++)
      across[v] += (int32_t)(nbr[v][c] % 6 != (int32_t)(c / W) % 6);
  int32_t plain_across = 0;
  int32_t *plain = malloc(sizeof(int32_t) * cells);
  int64_t *plain_dist = malloc(sizeof(int64_t) * cells);
  CHECK(tour_candidates_build(&t, W, plain, plain_dist, "", NULL, NULL) == AR_OK);
  for (size_t c = 0; c < cells; c++)
    plain_across += (int32_t)(plain[c] % 6 != (int32_t)(c / W) % 6);
  CHECK_EQ_INT(plain_across, 0);
  CHECK(across[0] > 0);
  CHECK(across[2] > 0);
  free(plain);
  free(plain_dist);
  for (int v = 0; v < 3; v++) {
    free(nbr[v]);
    free(dist[v]);
  }
  tour_net_free(&t);
}

/* Local search from random tours: the tracked length equals the recomputed one, the tour stays a
 * permutation, and a second pass (which may still find moves: the work list only revisits nodes
 * whose edges changed) keeps the bookkeeping exact. Odd trials run the whole-tour search (with
 * Lin-Kernighan chains), even ones the ants' search. */
/* penalties: the ants' searches (the even trials) weigh moves on the alpha ascent's penalised
 * costs (--ls-penalties, the default); their length changes are still exact. */
/* five: --ls-5opt (chains of 5-opt steps in the ants' search where the rest finds nothing): some
 * chains of more than one step are kept, and those undone leave no trace in the bookkeeping. */
static void check_local_search(const tour_net *t, tour_ls_kind kind, int penalties, int five) {
  tour_options to = tour_options_default();
  to.ls = kind;
  to.ls_penalties = penalties;
  to.ls_5opt = five;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, &to, &tp, &p) == AR_OK);
  penalties = penalties && !t->directed; /* directed lists have no ascent: plain costs */
  CHECK(penalties ? tp.pi && tp.ls_dist && tp.pi_scale >= 1 : !tp.pi && !tp.ls_dist);
  if (penalties) { /* ls_dist is nbr_dist transformed */
    int same = 1;
    for (int32_t u = 0; u < t->n; u++)
      for (int32_t j = 0; j < tp.width; j++) {
        const size_t k = (size_t)u * tp.width + (size_t)j;
        same &= tp.ls_dist[k] == tp.pi_scale * tp.nbr_dist[k] + tp.pi[u] + tp.pi[tp.nbr[k]];
      }
    CHECK(same);
    /* the memory estimate counts the two arrays */
    tour_options plain = to;
    plain.ls_penalties = 0;
    tour_estimate with, without;
    tour_problem_estimate(t, &to, 1, &with);
    tour_problem_estimate(t, &plain, 1, &without);
    CHECK(with.candidates >= without.candidates + (uint64_t)t->n * (uint64_t)(tp.width + 1) * 8);
  }
  void *scratch = NULL;
  CHECK(p.scratch_create(&p, &scratch) == AR_OK);
  tour_scratch *s = scratch;
  int32_t *order = malloc(sizeof(int32_t) * t->n);
  aco_rng r = aco_rng_stream(9, 0, 0, 0, ACO_STREAM_TEST);
  int ok = 1, improved = 1;
  for (int trial = 0; trial < 5; trial++) {
    for (int32_t i = 0; i < t->n; i++)
      order[i] = i;
    for (int32_t i = t->n - 1; i > 0; i--) {
      int32_t j = (int32_t)aco_rng_below(&r, (uint32_t)i + 1), x = order[i];
      order[i] = order[j];
      order[j] = x;
    }
    int64_t before = tour_length(t, order);
    tour_ls_prepare(&tp, s, order);
    for (int32_t i = 0; i < t->n; i++)
      tour_ls_push(s, order[i]);
    int64_t change = tour_ls_run(&tp, s, order, trial % 2);
    int64_t after = tour_length(t, order);
    if (before + change != after || !consistent(order, s->pos, t->n)) ok = 0;
    if (after >= before) improved = 0;
    for (int32_t i = 0; i < t->n; i++)
      tour_ls_push(s, order[i]);
    change = tour_ls_run(&tp, s, order, trial % 2);
    if (after + change != tour_length(t, order) || change > 0) ok = 0;
  }
  CHECK(ok);
  CHECK(improved);
  /* Lin-Kernighan ants (the even trials) also try double bridges: their gains were tracked
   * exactly above, of both forms (two segments swapped, two reversed). */
  if (kind == TOUR_LS_LK) {
    CHECK(s->bridges > 0);
    CHECK(s->swaps > 0 && s->swaps < s->bridges);
  } else
    CHECK_EQ_INT(s->bridges, 0);
  if (five > 0 && kind == TOUR_LS_LK && !t->directed)
    CHECK(s->chains5 > 0);
  else
    CHECK_EQ_INT(s->chains5, 0);
  /* LKH's gain criterion in long chains only: a step made without gain leaves a partial gain
   * above the cost of its free end's nearest candidate. Short chains keep their rule (here, with
   * penalties, three steps below it). */
  if (five > TOUR_LS_5OPT_SHORT)
    CHECK_EQ_INT(s->tight5, 0);
  else if (five > 0 && penalties && kind == TOUR_LS_LK)
    CHECK(s->tight5 > 0);
  free(order);
  p.scratch_free(&p, scratch);
  tour_problem_free(&tp);
}

/* Brute force optimum of a small directed instance (node 0 first). */
static int64_t brute_force(const tour_net *t) {
  int32_t n = t->n, perm[12];
  for (int32_t i = 0; i < n; i++)
    perm[i] = i;
  int64_t best = INT64_MAX;
  /* Heap's algorithm over perm[1..n-1]. */
  int32_t c[12] = {0};
  int64_t len = tour_length(t, perm);
  if (len < best) best = len;
  int32_t i = 1;
  while (i < n - 1) {
    if (c[i] < i) {
      int32_t a = (i % 2 == 0) ? 1 : 1 + c[i], b = 1 + i;
      int32_t x = perm[a];
      perm[a] = perm[b];
      perm[b] = x;
      len = tour_length(t, perm);
      if (len < best) best = len;
      c[i]++;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
  return best;
}

static void test_atsp_direction(void) {
  /* An instance whose every cheap edge points "forward" along a hidden cycle: reversing any
   * segment would cost 1000 per reversed edge, so the tracked (directed) length must match the
   * recomputed one exactly, and the solver must find the hidden cycle. */
  enum { N = 40 };
  tour_net t = fixture_random_atsp(N, 4);
  int32_t hidden[N];
  for (int32_t i = 0; i < N; i++)
    hidden[i] = (i * 17) % N;
  for (int32_t i = 0; i < N; i++)
    for (int32_t j = 0; j < N; j++)
      if (i != j) t.weights[(size_t)i * N + j] = 500 + (i * 7 + j * 3) % 100;
  for (int32_t i = 0; i < N; i++)
    t.weights[(size_t)hidden[i] * N + hidden[(i + 1) % N]] = 1 + i % 5;
  int64_t optimum = tour_length(&t, hidden);
  check_local_search(&t, TOUR_LS_FULL, 1, 0);
  check_local_search(&t, TOUR_LS_OROPT, 1, 0);
  tour_options to = tour_options_default();
  aco_params par = aco_params_default();
  par.iterations = 300;
  int32_t tour[N];
  int64_t len = 0;
  CHECK(fixture_solve(&t, &to, &par, MPI_COMM_SELF, tour, &len) == AR_OK);
  CHECK_EQ_INT(len, optimum);
  CHECK_EQ_INT(tour_length(&t, tour), optimum);
  tour_net_free(&t);

  /* Random small ATSPs against brute force. */
  for (int32_t n = 5; n <= 9; n++) {
    tour_net a = fixture_random_atsp(n, 100 + n);
    int64_t best = brute_force(&a);
    int32_t at[9];
    int64_t alen = 0;
    aco_params p2 = aco_params_default();
    p2.iterations = 200;
    CHECK(fixture_solve(&a, &to, &p2, MPI_COMM_SELF, at, &alen) == AR_OK);
    CHECK_EQ_INT(alen, best);
    CHECK_EQ_INT(tour_length(&a, at), best);
    tour_net_free(&a);
  }
}

/* The context of colony `colony`'s first tour (seed 1), as the engine gives it to initial(). */
static aco_ant_ctx first_tour_ctx(const aco_problem *p, int32_t colony) {
  aco_ant_ctx ctx = {NULL, p->options, NULL,
                     NULL, 0.0,        aco_rng_stream(1, colony, 0, 0, ACO_STREAM_INITIAL),
                     -1,   colony,     ACO_STREAM_INITIAL,
                     0};
  return ctx;
}

/* Ants of one problem for the construction tests: its scratch, a choice matrix where every
 * candidate weighs alike, and a source tour (the identity 0, 1, ..., n - 1, or the problem's first
 * tour) with its index and its nodes' places. */
typedef struct {
  tour_problem tp;
  aco_problem p;
  void *scratch;
  float *choice;
  int32_t *src, *src_pos;
  void *idx;
  aco_solution source;
} ant_kit;

static void ant_kit_open(ant_kit *k, const tour_net *t, const tour_options *to, int first_tour) {
  CHECK(tour_problem_create(t, to, &k->tp, &k->p) == AR_OK);
  k->scratch = NULL;
  CHECK(k->p.scratch_create(&k->p, &k->scratch) == AR_OK);
  const size_t cells = (size_t)t->n * (size_t)k->p.options;
  k->choice = malloc(sizeof(float) * cells);
  for (size_t i = 0; i < cells; i++)
    k->choice[i] = 1.0f;
  k->src = malloc(sizeof(int32_t) * (size_t)t->n);
  k->src_pos = malloc(sizeof(int32_t) * (size_t)t->n);
  k->idx = malloc(k->p.source_index_bytes);
  if (first_tour) { /* colony 0's first tour of seed 1 */
    k->source = (aco_solution){aco_cost_worst(), k->src};
    aco_ant_ctx first = first_tour_ctx(&k->p, 0);
    CHECK(k->p.initial(&k->p, &first, k->scratch, &k->source) == AR_OK);
  } else {
    k->source = (aco_solution){{{0}, 0}, k->src};
    for (int32_t i = 0; i < t->n; i++)
      k->src[i] = i;
    k->source.cost.key[0] = k->source.cost.value = (double)tour_length(t, k->src);
  }
  for (int32_t i = 0; i < t->n; i++)
    k->src_pos[k->src[i]] = i;
  k->p.source_index(&k->p, &k->source, k->idx);
}

static void ant_kit_close(ant_kit *k) {
  free(k->choice);
  free(k->src);
  free(k->src_pos);
  free(k->idx);
  k->p.scratch_free(&k->p, k->scratch);
  tour_problem_free(&k->tp);
}

/* One focused ant (seed `seed`'s stream of ant `ant`) of a colony stalled `stalled` iterations,
 * into out; returns the length its construction recorded. */
static double build_ant(ant_kit *k, uint64_t seed, int ant, int64_t stalled, int32_t *out) {
  aco_ant_ctx ctx = {
      k->choice, k->p.options, &k->source, k->idx, 0.0, aco_rng_stream(seed, 0, 0, 0, ant), 0,
      0,         ant,          stalled};
  aco_solution sol = {{{0}, 0}, out};
  k->p.construct(&k->p, &ctx, k->scratch, &sol);
  return sol.cost.key[0];
}

/* Whether u and v follow each other in the tour of n nodes whose places are pos. */
static int adjacent(const int32_t *pos, int32_t n, int32_t u, int32_t v) {
  int32_t d = pos[u] - pos[v];
  return d == 1 || d == -1 || d == n - 1 || d == 1 - n;
}

/* Edges of tour a (n nodes) that the tour whose places are pos does not have. */
static int32_t edges_not_in(const int32_t *a, const int32_t *pos, int32_t n) {
  int32_t count = 0;
  for (int32_t i = 0; i < n; i++)
    count += !adjacent(pos, n, a[i], a[i + 1 == n ? 0 : i + 1]);
  return count;
}

/* --stall-kick: a stalled colony's ants change the source in more edges, a step of new_edges per
 * stall_kick iterations, at most TOUR_KICK_MAX times; with 0 the stall changes nothing. */
static void check_stall_kick(ant_kit *k, int32_t *out) {
  tour_problem *tp = &k->tp;
  const int32_t ne = tp->opt.new_edges, every = tp->opt.stall_kick;
  CHECK(every > 0);
  aco_ant_ctx c = {0};
  const int64_t stalls[] = {0, every - 1, every, 2 * every, 100 * (int64_t)every};
  const int32_t want[] = {ne, ne, 2 * ne, 3 * ne, TOUR_KICK_MAX * ne};
  for (int i = 0; i < 5; i++) {
    c.stalled = stalls[i];
    CHECK_EQ_INT(tour_kick_edges(tp, &c), want[i]);
  }
  tp->opt.new_edges = 1000000000; /* the option's largest: three times that saturates */
  CHECK_EQ_INT(tour_kick_edges(tp, &c), INT32_MAX);
  tp->opt.new_edges = ne;
  int64_t off_fresh = 0, off_stalled = 0;
  int same_without = 1;
  int32_t *plain = malloc(sizeof(int32_t) * tp->n);
  for (int ant = 0; ant < 50; ant++) {
    build_ant(k, 1, ant, 0, plain);
    off_fresh += edges_not_in(plain, k->src_pos, tp->n);
    build_ant(k, 1, ant, 2 * every, out);
    off_stalled += edges_not_in(out, k->src_pos, tp->n);
    tp->opt.stall_kick = 0; /* off: a stalled ant builds what a fresh one does */
    build_ant(k, 1, ant, 2 * every, out);
    if (memcmp(out, plain, sizeof(int32_t) * tp->n) != 0) same_without = 0;
    tp->opt.stall_kick = every;
  }
  free(plain);
  CHECK(off_stalled > 2 * off_fresh); /* three times the new edges: well over twice the change */
  CHECK(same_without);
}

/* --new-edges -1 (the default): 32 where ants keep whole tours (below pieces_from), 16 where they
 * keep pieces; a value given stays; below -1 is refused. */
static void test_new_edges_auto(void) {
  tour_net t = fixture_random_euc(300, 12);
  tour_options to = tour_options_default();
  CHECK_EQ_INT(to.new_edges, -1);
  CHECK_EQ_INT(tour_options_resolve(&t, &to).new_edges, TOUR_NEW_EDGES_WHOLE);
  to.pieces_from = 300;
  CHECK_EQ_INT(tour_options_resolve(&t, &to).new_edges, TOUR_NEW_EDGES_PIECES);
  to.new_edges = 5;
  CHECK_EQ_INT(tour_options_resolve(&t, &to).new_edges, 5);
  to.new_edges = -2;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_ERR_USAGE);
  ar_error_clear();
  tour_net_free(&t);
}

static void test_construction(void) {
  /* Focused and whole-tour ants build permutations whose recorded cost is exact. */
  tour_net t = fixture_random_euc(300, 11);
  for (int whole = 0; whole < 2; whole++) {
    tour_options to = tour_options_default();
    to.new_edges = whole ? 0 : 8;
    to.ls = TOUR_LS_NONE;
    ant_kit k;
    ant_kit_open(&k, &t, &to, 0);
    int32_t *out = malloc(sizeof(int32_t) * t.n);
    int ok = 1, differs = 0;
    for (int ant = 0; ant < 50; ant++) {
      const double len = build_ant(&k, 1, ant, 0, out);
      if (tour_is_permutation(out, t.n) != 1 || (double)tour_length(&t, out) != len) ok = 0;
      if (len != k.source.cost.key[0]) differs = 1;
    }
    CHECK(ok);
    CHECK(differs);
    if (!whole) check_stall_kick(&k, out);
    free(out);
    ant_kit_close(&k);
  }
  tour_net_free(&t);
}

/* A tour problem with default options and one thread's scratch, for the tests below. */
typedef struct {
  tour_problem tp;
  aco_problem p;
  void *scratch;
} tour_kit;

static void kit_open(tour_kit *k, const tour_net *t) {
  tour_options to = tour_options_default();
  /* Under the sanitizers a short ascent: the same alpha-nearness lists and search paths, without
   * the 1,000 steps that took most of the test's time there. */
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  CHECK(tour_problem_create(t, &to, &k->tp, &k->p) == AR_OK);
  k->scratch = NULL;
  CHECK(k->p.scratch_create(&k->p, &k->scratch) == AR_OK);
}

static void kit_close(tour_kit *k) {
  k->p.scratch_free(&k->p, k->scratch);
  tour_problem_free(&k->tp);
}

static void test_deep_search(void) {
  /* At a local optimum of the ants' moves (2-opt, Or-opt, Or-3opt, sequential 3-opt), the
   * whole-tour search still finds Lin-Kernighan chains, with exact bookkeeping, on 3,000 nodes
   * (more than TOUR_LS_REACH_MIN, so moves of bounded reach are exercised too). */
  tour_net t = fixture_random_euc(3000, 5);
  tour_kit k;
  kit_open(&k, &t);
  tour_problem *tp = &k.tp;
  tour_scratch *s = k.scratch;
  /* those moves only: the default ants' chains and double bridges may leave the whole-tour
   * search nothing to find (they did under the sanitizers' shorter ascent) */
  tp->opt.ls = TOUR_LS_FULL;
  int32_t *order = malloc(sizeof(int32_t) * t.n);
  for (int32_t i = 0; i < t.n; i++)
    order[i] = i;
  tour_ls_prepare(tp, s, order);
  for (int32_t i = 0; i < t.n; i++)
    tour_ls_push(s, order[i]);
  int64_t len = tour_length(&t, order) + tour_ls_run(tp, s, order, 0);
  CHECK_EQ_INT(tour_length(&t, order), len);
  for (int32_t i = 0; i < t.n; i++)
    tour_ls_push(s, order[i]);
  int64_t deep = tour_ls_run(tp, s, order, 1);
  CHECK(deep < 0);
  CHECK_EQ_INT(tour_length(&t, order), len + deep);
  CHECK(consistent(order, s->pos, t.n));
  free(order);
  kit_close(&k);
  tour_net_free(&t);
}

static void test_windows(void) {
  /* The whole-tour search inside windows of positions (the first tour of large instances runs
   * them at once): every window keeps exactly its own nodes, the tour stays valid and its length
   * exact, and it improves. */
  tour_net t = fixture_random_euc(3000, 7);
  tour_kit k;
  kit_open(&k, &t);
  tour_scratch *s = k.scratch;
  int32_t *order = malloc(sizeof(int32_t) * t.n), *window_of = malloc(sizeof(int32_t) * t.n);
  for (int32_t i = 0; i < t.n; i++)
    order[i] = i;
  tour_ls_prepare(&k.tp, s, order);
  int64_t len = tour_length(&t, order), total = 0;
  const int32_t windows = 3;
  for (int32_t w = 0; w < windows; w++)
    for (int32_t i = w * t.n / windows; i < (w + 1) * t.n / windows; i++)
      window_of[order[i]] = w;
  for (int32_t w = 0; w < windows; w++) {
    int32_t lo = w * t.n / windows, hi = (w + 1) * t.n / windows;
    for (int32_t i = lo; i < hi; i++)
      tour_ls_push(s, order[i]);
    total += tour_ls_run_window(&k.tp, s, order, lo, hi);
  }
  int kept = 1;
  for (int32_t w = 0; w < windows; w++)
    for (int32_t i = w * t.n / windows; i < (w + 1) * t.n / windows; i++)
      kept &= window_of[order[i]] == w;
  CHECK(kept);
  CHECK(total < 0);
  CHECK(consistent(order, s->pos, t.n));
  CHECK_EQ_INT(tour_length(&t, order), len + total);
  free(order);
  free(window_of);
  kit_close(&k);
  tour_net_free(&t);
}

/* Automatic --ls-5opt: long chains (LKH's rule) on symmetric instances of 3,000-9,999 nodes
 * whose shortest candidate edges vary little; short ones outside that range, on clustered
 * instances, for ants in pieces; a given value is kept. (Nearest-neighbour lists: no ascent.) */
static int32_t resolved_chain_steps(const tour_net *t, tour_options to) {
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, &to, &tp, &p) == AR_OK);
  int32_t steps = tp.opt.ls_5opt;
  tour_problem_free(&tp);
  return steps;
}

static void test_chain_steps_auto(void) {
  tour_options to = tour_options_default();
  CHECK_EQ_INT(to.ls_5opt, -1);
  to.alpha_steps = 0;
  tour_net uniform = fixture_random_euc(TOUR_LONG_CHAINS_FROM, 3);
  tour_net small = fixture_random_euc(TOUR_LONG_CHAINS_FROM - 1, 3);
  tour_net large = fixture_random_euc(TOUR_LONG_CHAINS_BELOW, 3);
  CHECK_EQ_INT(resolved_chain_steps(&uniform, to), TOUR_LS_5OPT_LONG);
  CHECK_EQ_INT(resolved_chain_steps(&small, to), TOUR_LS_5OPT_DEFAULT);
  CHECK_EQ_INT(resolved_chain_steps(&large, to), TOUR_LS_5OPT_DEFAULT);
  /* Nine nodes in ten in 30 tight clusters, the rest scattered far and wide (as the drilling
   * instances fl1400 and fl3795): the shortest edges vary too much */
  tour_net clustered = fixture_random_euc(TOUR_LONG_CHAINS_FROM, 3);
  aco_rng r = aco_rng_stream(4, 0, 0, 0, ACO_STREAM_TEST);
  for (int32_t i = 0; i < clustered.n; i++) {
    const int scattered = i % 10 == 0;
    const double cx = scattered ? 0.0 : (double)(i % 30) * 10000.0;
    const double spread = scattered ? 300000.0 : 60.0;
    clustered.x[i] = floor(cx + aco_rng_uniform(&r) * spread);
    clustered.y[i] = floor(aco_rng_uniform(&r) * spread);
  }
  CHECK_EQ_INT(resolved_chain_steps(&clustered, to), TOUR_LS_5OPT_DEFAULT);
  tour_options pieces = to;
  pieces.pieces_from = TOUR_LONG_CHAINS_FROM;
  CHECK_EQ_INT(resolved_chain_steps(&uniform, pieces), TOUR_LS_5OPT_DEFAULT);
  tour_options given = to;
  given.ls_5opt = 12;
  CHECK_EQ_INT(resolved_chain_steps(&uniform, given), 12);
  /* The time model counts the first tour's pass of long chains where the size gives them (more
   * per node when --ls-5opt gives them: clustered instances too), and both kinds of first tour
   * where the colonies start from two (tour_first_kind). */
  tour_seconds auto_3000, short_3000, auto_2999, curve_2999, given_3000;
  tour_options short_chains = to, curve = to, given_long = to;
  short_chains.ls_5opt = TOUR_LS_5OPT_DEFAULT;
  given_long.ls_5opt = TOUR_LS_5OPT_LONG;
  curve.first = TOUR_FIRST_CURVE;
  tour_seconds_estimate(&uniform, &to, &auto_3000);
  tour_seconds_estimate(&uniform, &short_chains, &short_3000);
  tour_seconds_estimate(&small, &to, &auto_2999);
  tour_seconds_estimate(&small, &curve, &curve_2999);
  tour_seconds_estimate(&uniform, &given_long, &given_3000);
  CHECK(auto_3000.first_tours > short_3000.first_tours + 0.1);
  CHECK(given_3000.first_tours > 2 * auto_3000.first_tours);
  CHECK(curve_2999.first_tours < short_3000.first_tours);
  CHECK(auto_2999.first_tours == 2 * curve_2999.first_tours);
  tour_net_free(&uniform);
  tour_net_free(&small);
  tour_net_free(&large);
  tour_net_free(&clustered);
}

static void test_trial_ants_option(void) {
  /* Off by default (docs/performance.md: not kept as a default), a given value kept, a negative
   * one refused. */
  tour_options to = tour_options_default();
  CHECK_EQ_INT(to.trial_every, 0);
  to.alpha_steps = 0;
  tour_net t = fixture_random_euc(300, 3);
  tour_problem tp;
  aco_problem p;
  to.trial_every = 3;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  CHECK_EQ_INT(tp.opt.trial_every, 3);
  tour_problem_free(&tp);
  to.trial_every = -1; /* the solve's automatic value is its own (tour_auto_trials) */
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_ERR_USAGE);
  ar_error_clear();
  to.trial_every = 3;
  to.trial_window = -2;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_ERR_USAGE);
  ar_error_clear();
  to.trial_window = -1;
  to.trial_stall = -1;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_ERR_USAGE);
  ar_error_clear();
  tour_net_free(&t);
  /* The window: automatic (-1) the whole tour below 2,000 nodes, else 400; 0 the whole tour; a
   * given one kept, at most the tour. */
  tour_net net;
  memset(&net, 0, sizeof net);
  to = tour_options_default();
  CHECK_EQ_INT(to.trial_window, -1);
  static const int32_t windows[][3] = {{1999, -1, 1999}, {2000, -1, TOUR_TRIAL_WINDOW},
                                       {5000, 0, 5000},  {5000, 700, 700},
                                       {500, 700, 500},  {300, -1, 300}};
  for (size_t i = 0; i < sizeof windows / sizeof windows[0]; i++) {
    net.n = windows[i][0];
    to.trial_window = windows[i][1];
    CHECK_EQ_INT(tour_options_resolve(&net, &to).trial_window, windows[i][2]);
  }
}

/* Whether (u, v) joins a node to one of its first TOUR_TRIAL_BACKBONE candidates (either way). */
static int on_backbone(const tour_problem *tp, int32_t u, int32_t v) {
  for (int32_t j = 0; j < TOUR_TRIAL_BACKBONE; j++)
    if (tp->nbr[(size_t)u * tp->width + j] == v || tp->nbr[(size_t)v * tp->width + j] == u)
      return 1;
  return 0;
}

/* A trial's walk against its source: the steps that leave the source (breaks[0] within the first
 * TOUR_TRIAL_WINDOW steps, breaks[1] after), and the steps up to step `upto` that follow a source
 * edge of the backbone (added to both counts). */
static void trial_walk_counts(const ant_kit *k, const int32_t *out, int32_t n, int32_t upto,
                              int32_t breaks[2], int32_t *backbone) {
  for (int32_t m = 1; m < n; m++) {
    const int along = adjacent(k->src_pos, n, out[m - 1], out[m]);
    breaks[m > TOUR_TRIAL_WINDOW] += !along;
    if (m <= upto && along && on_backbone(&k->tp, out[m - 1], out[m])) (*backbone)++;
  }
}

static void test_trial_construction(void) {
  /* Every second ant a trial: tours of exact length, the same from the same stream; the first
   * TOUR_TRIAL_WINDOW nodes of a trial's walk follow the source's backbone edges where they can
   * (a good part of its steps), choosing the rest anew, so a trial differs from its source in
   * many more edges than a focused ant of 8 new edges; its walk then copies the source, blocked
   * only where the window took its nodes: beyond the window new edges are far sparser. */
  tour_net t = fixture_random_euc(1000, 11);
  tour_options to = tour_options_default();
  to.alpha_steps = AR_TEST_SANITIZED ? 50 : 200;
  to.new_edges = 8;
  to.trial_every = 2;
  to.trial_window = TOUR_TRIAL_WINDOW; /* below 2,000 nodes the automatic window is the tour */
  to.ls = TOUR_LS_NONE;
  /* A good source: the curve's first tour (the trial keeps its backbone edges) */
  ant_kit k;
  ant_kit_open(&k, &t, &to, 1);
  CHECK_EQ_INT(k.tp.opt.trial_every, 2);
  int32_t *out = malloc(sizeof(int32_t) * t.n), *again = malloc(sizeof(int32_t) * t.n);
  int ok = 1, same = 1, copied = 1, kept = 1;
  int64_t changed[2] = {0, 0};
  for (int ant = 0; ant < 40; ant++) {
    for (int pass = 0; pass < 2; pass++) {
      int32_t *sol = pass ? again : out;
      const double len = build_ant(&k, 1, ant, 0, sol);
      if (tour_is_permutation(sol, t.n) != 1 || (double)tour_length(&t, sol) != len) ok = 0;
    }
    if (memcmp(out, again, sizeof(int32_t) * t.n) != 0) same = 0;
    changed[ant % 2] += edges_not_in(out, k.src_pos, t.n);
    if (ant % 2 == 1) {
      /* beyond the window every new edge is where the copy was blocked: few of them */
      int32_t breaks[2] = {0, 0};
      int32_t backbone = 0; /* steps of the window along a source edge of the backbone */
      trial_walk_counts(&k, out, t.n, TOUR_TRIAL_WINDOW, breaks, &backbone);
      /* about 220 of the 400 steps keep the source's backbone (some 30 where the rule alone
       * chooses: a walk that dropped it) */
      if (4 * backbone < TOUR_TRIAL_WINDOW) kept = 0;
      /* new edges per step: inside the window at least twice as dense as after it */
      if (2 * breaks[1] * TOUR_TRIAL_WINDOW >= breaks[0] * (t.n - 1 - TOUR_TRIAL_WINDOW))
        copied = 0;
    }
  }
  CHECK(ok);
  CHECK(same);
  CHECK(copied);
  CHECK(kept);
  /* 20 trials against 20 focused ants of 8 new edges (some 16 changed edges each) */
  CHECK(changed[1] > 3 * changed[0]);
  free(out);
  free(again);
  ant_kit_close(&k);
  tour_net_free(&t);
}

static void test_trial_whole(void) {
  /* The automatic window below 2,000 nodes: a trial re-draws the whole tour, its new edges as
   * dense after the 400th step as before it (the windowed walk's are at most half as dense).
   * With --trial-stall 10 trials wait for a colony stalled 10 iterations: one iteration short of
   * it, the trial ant is a focused one of 8 new edges. */
  tour_net t = fixture_random_euc(1000, 11);
  tour_options to = tour_options_default();
  CHECK_EQ_INT(to.trial_stall, 0); /* trials from the first iteration by default */
  to.trial_stall = 10;
  to.alpha_steps = AR_TEST_SANITIZED ? 50 : 200;
  to.new_edges = 8;
  to.trial_every = 2;
  to.ls = TOUR_LS_NONE;
  ant_kit k;
  ant_kit_open(&k, &t, &to, 1);
  CHECK_EQ_INT(k.tp.opt.trial_window, t.n);
  int32_t *out = malloc(sizeof(int32_t) * t.n);
  int32_t breaks[2] = {0, 0}, backbone = 0;
  int64_t changed[2] = {0, 0}; /* by ants one iteration short of the stall, and at it */
  for (int ant = 1; ant < 40; ant += 2) {
    build_ant(&k, 1, ant, 9, out);
    changed[0] += edges_not_in(out, k.src_pos, t.n);
    build_ant(&k, 1, ant, 10, out);
    changed[1] += edges_not_in(out, k.src_pos, t.n);
    CHECK(tour_is_permutation(out, t.n) == 1);
    trial_walk_counts(&k, out, t.n, t.n, breaks, &backbone);
  }
  CHECK(2 * breaks[1] * TOUR_TRIAL_WINDOW >= breaks[0] * (t.n - 1 - TOUR_TRIAL_WINDOW));
  CHECK(4 * backbone >= 20 * (t.n - 1)); /* a quarter of all steps along the backbone */
  CHECK(changed[0] <= 20 * 3 * 8);       /* focused: some 19 changed edges an ant (8 new ones) */
  CHECK(changed[1] > 10 * changed[0]);
  free(out);
  ant_kit_close(&k);
  tour_net_free(&t);
}

static void test_trial_not_in_pieces(void) {
  /* Trials are for ants of whole tours: ants kept as pieces of the source build the same tours
   * with --trial-ants as without, also where 200 new edges overflow the pieces (at most 132 on
   * 400 nodes) and the ant is walked node by node instead. */
  tour_net t = fixture_random_euc(400, 21);
  int32_t *tours[2];
  for (int with = 0; with < 2; with++) {
    tour_options to = tour_options_default();
    to.alpha_steps = 0;
    to.ls = TOUR_LS_NONE;
    to.pieces_from = t.n;
    to.new_edges = 200;
    to.trial_every = with ? 1 : 0;
    ant_kit k;
    ant_kit_open(&k, &t, &to, 0);
    tours[with] = malloc(sizeof(int32_t) * 8 * (size_t)t.n);
    for (int ant = 0; ant < 8; ant++) {
      aco_solution sol = {{{0}, 0}, tours[with] + (size_t)ant * t.n};
      build_ant(&k, 2, ant, 0, sol.data);
      k.p.expand(&k.p, &k.source, &sol); /* an ant kept as pieces: its whole tour */
      CHECK(tour_is_permutation(sol.data, t.n) == 1);
    }
    ant_kit_close(&k);
  }
  CHECK(memcmp(tours[0], tours[1], sizeof(int32_t) * 8 * (size_t)t.n) == 0);
  free(tours[0]);
  free(tours[1]);
  tour_net_free(&t);
}

static void test_trial_runs(void) {
  /* A solve with trial ants: the same tour on one thread and on two, another than without. */
  tour_net t = fixture_random_euc(AR_TEST_SANITIZED ? 600 : 1000, 17);
  aco_params par = aco_params_default();
  par.iterations = AR_TEST_SANITIZED ? 6 : 20;
  par.ants = 8;
  tour_options on = tour_options_default(), off;
  if (AR_TEST_SANITIZED) on.alpha_steps = 50;
  on.trial_every = 2;
  off = on;
  off.trial_every = 0;
  int64_t len = 0, plain_len = 0;
  CHECK(fixture_switch_runs(&t, &on, &off, &par, &len, &plain_len) == 1);
  CHECK(len > 0 && plain_len > 0);
  tour_net_free(&t);
}

/* The first tours of colonies 0..colonies-1 of one problem into order[colony * n ...], each
 * checked a tour of exact length; returns colony 0's length. */
static int64_t first_tours(const tour_net *t, tour_options to, int colonies, int32_t *order) {
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, &to, &tp, &p) == AR_OK);
  void *scratch = NULL;
  CHECK(p.scratch_create(&p, &scratch) == AR_OK);
  for (int c = 0; c < colonies; c++) {
    int32_t *tour = order + (size_t)c * t->n;
    aco_solution sol = {aco_cost_worst(), tour};
    aco_ant_ctx ctx = first_tour_ctx(&p, c);
    CHECK(p.initial(&p, &ctx, scratch, &sol) == AR_OK);
    CHECK(tour_is_permutation(tour, t->n) == 1);
    CHECK((double)tour_length(t, tour) == sol.cost.key[0]);
  }
  p.scratch_free(&p, scratch);
  tour_problem_free(&tp);
  return tour_length(t, order);
}

/* The first tour of an instance with the given chain steps, its length checked exact. */
static int64_t first_tour_length(const tour_net *t, int32_t steps) {
  tour_options to = tour_options_default();
  to.ls_5opt = steps;
  int32_t *order = malloc(sizeof(int32_t) * t->n);
  const int64_t len = first_tours(t, to, 1, order);
  free(order);
  return len;
}

static int same_tour(const int32_t *a, const int32_t *b, int32_t n) {
  return memcmp(a, b, sizeof(int32_t) * (size_t)n) == 0;
}

static void test_first_tour_kinds(void) {
  /* Which colony starts from which kind: pi-greedy for the odd ones on 1,000-2,999 nodes
   * (automatic) or for all (--first-tour pi-greedy), else the plain first tour. */
  tour_options to = tour_options_default();
  tour_net n999 = fixture_random_euc(999, 3), n1000 = fixture_random_euc(1000, 3);
  tour_net n2999 = fixture_random_euc(2999, 3), n3000 = fixture_random_euc(3000, 3);
  CHECK(tour_first_kind(&n999, &to, 1) == TOUR_START_PLAIN);
  CHECK(tour_first_kind(&n1000, &to, 0) == TOUR_START_PLAIN);
  CHECK(tour_first_kind(&n1000, &to, 1) == TOUR_START_PI_GREEDY);
  CHECK(tour_first_kind(&n2999, &to, 3) == TOUR_START_PI_GREEDY);
  CHECK(tour_first_kind(&n2999, &to, 2) == TOUR_START_PLAIN);
  CHECK(tour_first_kind(&n3000, &to, 1) == TOUR_START_PLAIN);
  CHECK(tour_first_uses_greedy(&n1000, &to) && !tour_first_uses_greedy(&n999, &to));
  tour_options curve = to, pig = to;
  curve.first = TOUR_FIRST_CURVE;
  pig.first = TOUR_FIRST_PI_GREEDY;
  CHECK(tour_first_kind(&n1000, &curve, 1) == TOUR_START_PLAIN);
  CHECK(tour_first_kind(&n999, &pig, 0) == TOUR_START_PI_GREEDY);
  tour_net_free(&n999);
  tour_net_free(&n2999);
  tour_net_free(&n3000);
  /* The tours: colonies 0 and 2 from the curve's, 1 and 3 from pi-greedy's, each the one its
   * kind gives every colony when chosen; the two kinds differ. */
  const int32_t n = n1000.n;
  int32_t *mixed = malloc(sizeof(int32_t) * 4 * (size_t)n);
  int32_t *plain = malloc(sizeof(int32_t) * (size_t)n),
          *pis = malloc(sizeof(int32_t) * 2 * (size_t)n);
  first_tours(&n1000, to, 4, mixed);
  first_tours(&n1000, curve, 1, plain);
  first_tours(&n1000, pig, 2, pis);
  CHECK(same_tour(mixed, plain, n) && same_tour(mixed + 2 * n, plain, n));
  CHECK(same_tour(mixed + n, pis, n) && same_tour(mixed + 3 * n, pis, n));
  CHECK(same_tour(pis, pis + n, n) && !same_tour(plain, pis, n));
  free(mixed);
  free(plain);
  free(pis);
  tour_net_free(&n1000);
}

static void test_first_tour_chains(void) {
  /* Long chains add a pass of the ants' search to the same whole-tour passes: a shorter first
   * tour, its length exact. */
  tour_net t = fixture_random_euc(800, 6);
  CHECK(first_tour_length(&t, TOUR_LS_5OPT_LONG) < first_tour_length(&t, TOUR_LS_5OPT_DEFAULT));
  tour_net_free(&t);
}

static void test_first_tour(void) {
  /* The first tour is made once and every colony gets the same one, with its exact length. */
  tour_net t = fixture_random_euc(800, 6);
  tour_kit k;
  kit_open(&k, &t);
  aco_problem *p = &k.p;
  int32_t *a = malloc(sizeof(int32_t) * t.n), *b = malloc(sizeof(int32_t) * t.n);
  aco_solution sa = {aco_cost_worst(), a}, sb = {aco_cost_worst(), b};
  for (int colony = 0; colony < 2; colony++) {
    aco_ant_ctx ctx = first_tour_ctx(p, colony);
    CHECK(p->initial(p, &ctx, k.scratch, colony == 0 ? &sa : &sb) == AR_OK);
  }
  CHECK(k.tp.start[TOUR_START_PLAIN].ready && !k.tp.start[TOUR_START_PI_GREEDY].order);
  CHECK(memcmp(a, b, sizeof(int32_t) * t.n) == 0);
  CHECK(tour_is_permutation(a, t.n) == 1);
  CHECK((double)tour_length(&t, a) == sa.cost.key[0] && sa.cost.key[0] == sb.cost.key[0]);
  free(a);
  free(b);
  kit_close(&k);
  tour_net_free(&t);
}

static void test_lattice_optimum(void) {
  /* A 10 x 10 lattice: the optimum (100 edges of length 10) is known exactly. */
  tour_net t = fixture_lattice(10, 10.0);
  tour_options to = tour_options_default();
  aco_params par = aco_params_default();
  par.iterations = 500;
  int32_t tour[100];
  int64_t len = 0;
  CHECK(fixture_solve(&t, &to, &par, MPI_COMM_SELF, tour, &len) == AR_OK);
  CHECK_EQ_INT(len, t.optimum);
  tour_net_free(&t);
}

/* What the progress hook of the steps before the search was told (calls come one at a time). */
typedef struct {
  char steps[8][64]; /* the steps in the order they started */
  int nsteps, calls, ok;
  int64_t last_done, last_total;
} work_record;

static void work_record_fn(void *arg, const char *step, int64_t done, int64_t total) {
  work_record *r = arg;
  r->calls++;
  if (done == 0) { /* a step starts */
    if (r->nsteps < 8) snprintf(r->steps[r->nsteps++], sizeof r->steps[0], "%s", step);
    r->ok &= total == 0;
  } else {
    r->ok &= r->nsteps > 0 && strcmp(step, r->steps[r->nsteps - 1]) == 0;
    r->ok &= done <= total && done >= r->last_done;
  }
  r->last_done = done;
  r->last_total = total;
}

/* A problem of 100,000 nodes (TOUR_WORK_FROM) with quadrant neighbours and a 2-opt first tour,
 * with and without the progress hook: the same lists and the same first tour; the hook hears
 * every step start, then work done that only grows, never beyond the total. */
static void test_work_reports(void) {
  tour_net t = fixture_random_euc(TOUR_WORK_FROM, 8);
  int32_t *first[2];
  tour_problem tp[2];
  aco_problem p[2];
  work_record rec = {.ok = 1};
  for (int v = 0; v < 2; v++) {
    tour_options to = tour_options_default();
    to.quadrant = 1;
    to.ls = TOUR_LS_2OPT;
    to.work = v ? work_record_fn : NULL;
    to.work_arg = v ? &rec : NULL;
    CHECK(tour_problem_create(&t, &to, &tp[v], &p[v]) == AR_OK);
    void *scratch = NULL;
    CHECK(p[v].scratch_create(&p[v], &scratch) == AR_OK);
    first[v] = malloc(sizeof(int32_t) * t.n);
    aco_solution sol = {aco_cost_worst(), first[v]};
    aco_ant_ctx ctx = first_tour_ctx(&p[v], 0);
    CHECK(p[v].initial(&p[v], &ctx, scratch, &sol) == AR_OK);
    CHECK(((tour_scratch *)scratch)->work == NULL); /* the ants' searches report nothing */
    p[v].scratch_free(&p[v], scratch);
  }
  size_t cells = (size_t)t.n * (size_t)tp[0].width;
  CHECK(memcmp(tp[0].nbr, tp[1].nbr, sizeof(int32_t) * cells) == 0);
  CHECK(memcmp(tp[0].nbr_dist, tp[1].nbr_dist, sizeof(int64_t) * cells) == 0);
  CHECK(memcmp(first[0], first[1], sizeof(int32_t) * t.n) == 0);
  CHECK(rec.ok);
  CHECK_EQ_INT(rec.nsteps, 3);
  CHECK(strcmp(rec.steps[0], "candidate lists: nearest neighbours") == 0);
  CHECK(strcmp(rec.steps[1], "candidate lists: quadrant neighbours") == 0);
  CHECK(strcmp(rec.steps[2], "first tour: pass 1/1, whole tour") == 0);
  CHECK(rec.calls > 2 * (TOUR_WORK_FROM / TOUR_WORK_CHUNK));
  CHECK(rec.last_done > 0 && rec.last_done == rec.last_total); /* the search ended its queue */
  for (int v = 0; v < 2; v++) {
    free(first[v]);
    tour_problem_free(&tp[v]);
  }
  tour_net_free(&t);
}

/* The automatic ants, colonies and restarts that --help's notes promise, from the size and the
 * options (tour_auto_ants, tour_auto_colonies, tour_auto_restart read nothing else of the
 * network). */
static void test_auto_ants_colonies(void) {
  tour_options lk = tour_options_default(), full = lk, no_merge = lk;
  full.ls = TOUR_LS_FULL;
  no_merge.merge = 0;
  tour_net net;
  memset(&net, 0, sizeof net);
  /* below 3,000 nodes under MMAS: 8 ants (whole); ACS and from 3,000 on the engine's 16 (0) */
  net.n = 2999;
  CHECK_EQ_INT(tour_auto_ants(&net, &lk, 1), 8);
  CHECK_EQ_INT(tour_auto_ants(&net, &lk, 0), 0);
  net.n = 3000;
  CHECK_EQ_INT(tour_auto_ants(&net, &lk, 1), 0);
  /* ants in pieces (from TOUR_PIECES_FROM nodes, --local-search full or lighter): about n /
   * 256, a power of two, at least 16, their tours within 128 MB; 10^6 nodes: 32 */
  static const int32_t sizes[][2] = {{TOUR_PIECES_FROM - 1, 0},
                                     {20000, 64},
                                     {34000, 128},
                                     {100000, 256},
                                     {1000000, 32},
                                     {8000000, 16}};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    net.n = sizes[i][0];
    const int32_t ants = tour_auto_ants(&net, &full, 1);
    CHECK_EQ_INT(ants, sizes[i][1]);
    CHECK(ants == 0 || ants == 16 || (int64_t)ants * net.n * 4 <= (INT64_C(128) << 20));
    CHECK_EQ_INT(tour_auto_ants(&net, &lk, 1), 0); /* Lin-Kernighan chains: the engine's 16 */
  }
  net.directed = 1;
  net.n = 20000;
  CHECK_EQ_INT(tour_auto_ants(&net, &full, 1), 0);
  net.n = 1000;
  CHECK_EQ_INT(tour_auto_colonies(&net, &lk, 1), 0);
  net.n = 1500;
  CHECK_EQ_INT(tour_auto_trials(&net, &lk, 1), 0);
  /* two colonies on symmetric tours of 1,000-2,999 nodes under MMAS with merging, else 1 (0);
   * trial ants every fourth ant on 1,000-1,999 nodes where the ants merge (not in pieces), else
   * none (0): {nodes, colonies, trials} */
  net.directed = 0;
  tour_options pieces = lk;
  pieces.pieces_from = 1000;
  static const int32_t by_size[][3] = {{999, 0, 0},  {1000, 2, 4}, {1999, 2, 4},
                                       {2000, 2, 0}, {2999, 2, 0}, {3000, 0, 0}};
  for (size_t i = 0; i < sizeof by_size / sizeof by_size[0]; i++) {
    net.n = by_size[i][0];
    CHECK_EQ_INT(tour_auto_colonies(&net, &lk, 1), by_size[i][1]);
    CHECK_EQ_INT(tour_auto_trials(&net, &lk, 1), by_size[i][2]);
    for (int mmas = 0; mmas < 2; mmas++) { /* ACS, and MMAS without merging or in pieces */
      const tour_options *off = mmas ? &no_merge : &lk;
      CHECK_EQ_INT(tour_auto_colonies(&net, off, mmas), 0);
      CHECK_EQ_INT(tour_auto_trials(&net, off, mmas), 0);
    }
    CHECK_EQ_INT(tour_auto_trials(&net, &pieces, 1), 0);
  }
  /* restarts after 5 iterations without gain, and a stall as long as the descent, where the
   * ants merge (symmetric, MMAS, below 10,000 nodes, whole ants, --merge yes), else none (0) */
  static const int32_t restarts[][2] = {{52, 5}, {9999, 5}, {TOUR_MERGE_BELOW, 0}};
  for (size_t i = 0; i < sizeof restarts / sizeof restarts[0]; i++) {
    net.n = restarts[i][0];
    CHECK_EQ_INT(tour_auto_restart(&net, &lk, 1), restarts[i][1]);
    CHECK(tour_auto_restart_descent(&net, &lk, 1) == (restarts[i][1] > 0 ? 1.0 : 0.0));
    CHECK_EQ_INT(tour_auto_restart(&net, &lk, 0), 0);
    CHECK(tour_auto_restart_descent(&net, &lk, 0) == 0.0);
    CHECK_EQ_INT(tour_auto_restart(&net, &no_merge, 1), 0);
    CHECK(tour_auto_restart_descent(&net, &no_merge, 1) == 0.0);
  }
  net.n = 5000;
  CHECK_EQ_INT(tour_auto_restart(&net, &pieces, 1), 0);
  CHECK(tour_auto_restart_descent(&net, &pieces, 1) == 0.0);
  net.directed = 1;
  CHECK_EQ_INT(tour_auto_restart(&net, &lk, 1), 0);
  CHECK(tour_auto_restart_descent(&net, &lk, 1) == 0.0);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_array_edits();
  test_candidates();
  test_alpha_lists();
  tour_net t = fixture_random_euc(500, 2);
  check_local_search(&t, TOUR_LS_2OPT, 1, 0);
  check_local_search(&t, TOUR_LS_OROPT, 1, 0);
  check_local_search(&t, TOUR_LS_FULL, 1, 0);
  check_local_search(&t, TOUR_LS_LK, 1, 0);
  check_local_search(&t, TOUR_LS_LK, 0, 0);
  check_local_search(&t, TOUR_LS_LK, 1, 10);
  check_local_search(&t, TOUR_LS_LK, 0, 10);
  /* long chains: LKH's rules (added edges taken back, every candidate, the gain criterion); the
   * bookkeeping stays exact */
  check_local_search(&t, TOUR_LS_LK, 1, TOUR_LS_5OPT_LONG);
  check_local_search(&t, TOUR_LS_LK, 0, TOUR_LS_5OPT_LONG);
  tour_net_free(&t);
  test_new_edges_auto();
  test_auto_ants_colonies();
  test_chain_steps_auto();
  test_first_tour_chains();
  test_construction();
  test_deep_search();
  test_windows();
  test_first_tour();
  test_first_tour_kinds();
  test_trial_ants_option();
  test_trial_whole();
  test_trial_construction();
  test_trial_not_in_pieces();
  test_trial_runs();
  /* 100,000 nodes (the hook starts there): minutes under the sanitizers, which run this file's
   * other checks; the hook only reads counters. */
  if (!AR_TEST_SANITIZED) test_work_reports();
  test_atsp_direction();
  test_lattice_optimum();
  return 0;
}
