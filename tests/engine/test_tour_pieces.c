/* SPDX-License-Identifier: BSD-3-Clause */
/* Tours kept as pieces of a source (tour_pieces, the ants of large instances) against the array
 * form: the same edits give the same positions, and ants built and improved in pieces give
 * exactly the tours of ants built node by node, alone and in whole runs (MMAS and ACS). */
#include <stdint.h>
#include <string.h>

#include "engine_fixture.h"
#include "test_util.h"
#include "tour_array.h"

/* Every node's position, successor, predecessor and edge length agree with the array. */
static int same_tour(const tour_pieces *P, const int32_t *order, const int32_t *pos, int32_t n,
                     const tour_net *t) {
  for (int32_t i = 0; i < n; i++) {
    int32_t x = order[i];
    if (tour_pieces_node_at(P, i) != x || tour_pieces_pos(P, x) != pos[x]) return 0;
    int32_t nx = tour_succ(order, pos, n, x);
    if (tour_pieces_succ(P, x) != nx || tour_pieces_pred(P, nx) != x) return 0;
    if (tour_pieces_next_len(P, x) != tour_d(t, x, nx)) return 0;
  }
  return 1;
}

static void test_edits(void) {
  enum { N = 61 };
  tour_net t = fixture_random_euc(N, 4);
  int32_t src[N], src_pos[N], order[N], pos[N];
  int64_t edge[N];
  for (int32_t i = 0; i < N; i++)
    src[i] = (i * 17) % N;
  for (int32_t i = 0; i < N; i++) {
    src_pos[src[i]] = i;
    edge[i] = tour_d(&t, src[i], src[(i + 1) % N]);
    order[i] = src[i];
    pos[src[i]] = i;
  }
  tour_pieces P;
  CHECK(tour_pieces_alloc(&P, N, 512) == AR_OK);
  tour_pieces_begin(&P, &t, src, src_pos, edge);
  tour_pieces_append(&P, 0, N - 1, 0);
  tour_pieces_seal(&P);
  aco_rng r = aco_rng_stream(8, 0, 0, 0, ACO_STREAM_TEST);
  int ok = same_tour(&P, order, pos, N, &t);
  for (int round = 0; round < 150 && ok; round++) {
    int32_t first = (int32_t)aco_rng_below(&r, N);
    int32_t op = (int32_t)aco_rng_below(&r, 3);
    if (op == 0) {
      int32_t len = 1 + (int32_t)aco_rng_below(&r, N);
      tour_array_reverse_range(order, pos, N, first, len);
      tour_pieces_reverse_range(&P, first, len);
    } else if (op == 1) {
      int32_t lenA = 1 + (int32_t)aco_rng_below(&r, N - 2);
      int32_t lenB = 1 + (int32_t)aco_rng_below(&r, (uint32_t)(N - lenA - 1));
      tour_array_swap_blocks(order, pos, N, first, lenA, lenB);
      tour_pieces_swap_blocks(&P, first, lenA, lenB);
    } else {
      int32_t len = 1 + (int32_t)aco_rng_below(&r, 3);
      int32_t after = order[(first + len + (int32_t)aco_rng_below(&r, N - len)) % N];
      int rev = (int)aco_rng_below(&r, 2);
      tour_array_move_segment(order, pos, N, first, len, after, rev);
      tour_pieces_move_segment(&P, first, len, after, rev);
    }
    ok = same_tour(&P, order, pos, N, &t) && P.count + 9 <= P.cap;
  }
  CHECK(ok);
  /* The compact form expands to the array's order. */
  int32_t data[N];
  if (2 + 3 * P.count <= N) { /* encode's precondition: the compact form fits in n values */
    tour_pieces_encode(&P, data);
    CHECK(tour_pieces_is_compact(data));
    tour_pieces_expand(data, N, src);
    CHECK(memcmp(data, order, sizeof data) == 0);
  }
  tour_pieces_free(&P);
  tour_net_free(&t);
}

typedef struct {
  tour_problem tp;
  aco_problem p;
  void *scratch;
} kit;

static void kit_open(kit *k, const tour_net *t, int32_t pieces_from) {
  tour_options to = tour_options_default();
  to.pieces_from = pieces_from;
  /* The 5-opt chains search ants below pieces_from only (whole tours), and the automatic
   * --new-edges differs there too, so the two forms are compared without the chains and with one
   * size of change (here and in check_runs). */
  to.ls_5opt = 0;
  to.new_edges = TOUR_NEW_EDGES_PIECES;
  /* Under the sanitizers a short ascent (here and in check_runs): the same alpha-nearness lists,
   * without the 1,000 steps that took most of the test's time there. */
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  CHECK(tour_problem_create(t, &to, &k->tp, &k->p) == AR_OK);
  k->scratch = NULL;
  CHECK(k->p.scratch_create(&k->p, &k->scratch) == AR_OK);
}

static void kit_close(kit *k) {
  k->p.scratch_free(&k->p, k->scratch);
  tour_problem_free(&k->tp);
}

/* Ants from one source and random trails, node by node and in pieces: the same tours. */
static void check_ants(const tour_net *t) {
  const int32_t n = t->n;
  kit a, b;
  kit_open(&a, t, INT32_MAX);
  kit_open(&b, t, 0);
  CHECK(((tour_scratch *)b.scratch)->pieces.cap > 0);
  int32_t *src = malloc(sizeof(int32_t) * n), *oa = malloc(sizeof(int32_t) * n);
  int32_t *ob = malloc(sizeof(int32_t) * n);
  aco_solution source = {aco_cost_worst(), src};
  aco_ant_ctx init = {NULL, a.p.options, NULL, NULL, 0.0, aco_rng_stream(3, 0, 0, 0, 0),
                      -1,   0,           0,    0};
  CHECK(a.p.initial(&a.p, &init, a.scratch, &source) == AR_OK);
  void *idx = malloc(a.p.source_index_bytes);
  a.p.source_index(&a.p, &source, idx);
  size_t cells = (size_t)n * a.p.options;
  float *choice = malloc(sizeof(float) * cells);
  aco_rng r = aco_rng_stream(4, 0, 0, 0, ACO_STREAM_TEST);
  for (size_t i = 0; i < cells; i++)
    choice[i] = (float)aco_rng_uniform(&r);
  int same = 1, pieces = 0, changed = 0;
  for (int ant = 0; ant < 60; ant++) {
    aco_solution sa = {aco_cost_worst(), oa}, sb = {aco_cost_worst(), ob};
    for (int k = 0; k < 2; k++) {
      kit *m = k == 0 ? &a : &b;
      aco_ant_ctx ctx = {
          choice, m->p.options, &source, idx, 0.0, aco_rng_stream(5, 0, 0, 0, ant), 0, 0, ant, 0};
      m->p.construct(&m->p, &ctx, m->scratch, k == 0 ? &sa : &sb);
      m->p.improve(&m->p, &ctx, m->scratch, k == 0 ? &sa : &sb);
    }
    pieces += tour_pieces_is_compact(ob);
    b.p.expand(&b.p, &source, &sb);
    same &= sa.cost.key[0] == sb.cost.key[0] && memcmp(oa, ob, sizeof(int32_t) * n) == 0;
    changed += memcmp(oa, src, sizeof(int32_t) * n) != 0;
  }
  CHECK(same);
  /* the double bridges too, on both forms (sym_bridge: four reversals or two) */
  const tour_scratch *on_array = a.scratch, *on_pieces = b.scratch;
  if (!t->directed) CHECK(on_pieces->swaps > 0 && on_pieces->swaps < on_pieces->bridges);
  CHECK(on_array->bridges == on_pieces->bridges && on_array->swaps == on_pieces->swaps);
  CHECK(pieces > 30);
  CHECK(changed > 0);
  CHECK(tour_is_permutation(ob, n) == 1);
  free(src);
  free(oa);
  free(ob);
  free(idx);
  free(choice);
  kit_close(&a);
  kit_close(&b);
}

/* Whole runs: the same answer with and without pieces. */
static void check_runs(const tour_net *t, aco_algorithm algorithm) {
  aco_params par = aco_params_default();
  par.algorithm = algorithm;
  par.iterations = AR_TEST_SANITIZED ? 12 : 40; /* the same paths, fewer rounds of them */
  if (algorithm == ACO_ACS) {
    par.beta = 8;
    par.rho = 0.1;
    par.q0 = 0.9;
  }
  int32_t *ta = malloc(sizeof(int32_t) * t->n), *tb = malloc(sizeof(int32_t) * t->n);
  int64_t la = 0, lb = 0;
  tour_options to = tour_options_default();
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  to.combine = 0; /* the same ants either way; combining them is test_tour_combine.c's */
  to.merge = 0;   /* whole ants only: test_tour_merge.c's */
  to.ls_5opt = 0;
  to.new_edges = TOUR_NEW_EDGES_PIECES;
  to.pieces_from = INT32_MAX;
  CHECK(fixture_solve(t, &to, &par, MPI_COMM_SELF, ta, &la) == AR_OK);
  to.pieces_from = 0;
  CHECK(fixture_solve(t, &to, &par, MPI_COMM_SELF, tb, &lb) == AR_OK);
  CHECK_EQ_INT(la, lb);
  CHECK(memcmp(ta, tb, sizeof(int32_t) * t->n) == 0);
  free(ta);
  free(tb);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_edits();
  tour_net t = fixture_random_euc(2000, 12);
  check_ants(&t);
  tour_net_free(&t);
  t = fixture_random_euc(1000, 14);
  check_runs(&t, ACO_MMAS);
  check_runs(&t, ACO_ACS);
  tour_net_free(&t);
  tour_net d = fixture_random_atsp(1500, 13); /* room for its many pieces (cap (n - 2) / 3) */
  check_ants(&d);
  tour_net_free(&d);
  return 0;
}
