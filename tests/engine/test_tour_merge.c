/* SPDX-License-Identifier: BSD-3-Clause */
/* Ants merged into the colony's best by partition crossover (tour_merge.h; issue #23): two tours
 * each damaged in another place merge into the undamaged one, in either order; a tour merged with
 * itself, or with ants in pieces, gives nothing and leaves out untouched; children of randomly
 * changed tours are tours of the recomputed length, shorter than both parents, and on each pair
 * the child's walk over its components' portals tells one tour from several exactly as the walk
 * of all its links does, for random choices of each component's parent (some one tour, some
 * not), also where one component holds every node; and whole runs
 * that merge end on a valid tour (the engine's verify), the same on 1 and 2 threads, not the run
 * without merging; instances of TOUR_MERGE_BELOW nodes and more do not merge, one node fewer do;
 * after a restart (--fresh-merge yes) the ants merge into the fresh search's best, and that best
 * into the colony's. */
#include <stdint.h>
#include <string.h>

#include "aco_colony.h"
#include "engine_fixture.h"
#include "test_util.h"
#include "tour_curve.h"
#include "tour_merge.h"

/* Positions a+1..b of order reversed (a 2-opt move). */
static void reverse(int32_t *order, int32_t a, int32_t b) {
  for (int32_t i = a + 1, j = b; i < j; i++, j--) {
    int32_t v = order[i];
    order[i] = order[j];
    order[j] = v;
  }
}

static aco_solution solution(const tour_net *t, int32_t *data) {
  aco_solution s = {aco_cost_worst(), data};
  s.cost.key[0] = s.cost.value = (double)tour_length(t, data);
  return s;
}

/* A child merge returned: a tour of its stated length, shorter than both parents. */
static void check_child(const tour_net *t, const aco_solution *child, const aco_solution *a,
                        const aco_solution *b) {
  CHECK(tour_is_permutation(child->data, t->n) == 1);
  CHECK_EQ_INT((int64_t)child->cost.key[0], tour_length(t, child->data));
  CHECK(child->cost.key[0] < a->cost.key[0] && child->cost.key[0] < b->cost.key[0]);
}

static void check_hand_made(void) {
  tour_net t = fixture_random_euc(400, 41);
  tour_options to = tour_options_default();
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  CHECK(p.merge != NULL && p.merge_bytes == tour_merge_bytes(t.n));
  const int32_t n = t.n;
  int32_t *good = malloc(sizeof(int32_t) * n), *da = malloc(sizeof(int32_t) * n);
  int32_t *db = malloc(sizeof(int32_t) * n), *out = malloc(sizeof(int32_t) * n);
  void *work = malloc(p.merge_bytes);
  CHECK(tour_hilbert_order(&t, good) == AR_OK);
  const int64_t good_len = tour_length(&t, good);
  memcpy(da, good, sizeof(int32_t) * n);
  memcpy(db, good, sizeof(int32_t) * n);
  reverse(da, 10, 40); /* a damaged here, b there */
  reverse(db, 200, 260);
  aco_solution a = solution(&t, da), b = solution(&t, db), child = {aco_cost_worst(), out};
  CHECK(a.cost.key[0] > (double)good_len && b.cost.key[0] > (double)good_len);
  for (int order = 0; order < 2; order++) {
    CHECK(tour_merge(&p, order ? &b : &a, order ? &a : &b, work, &child) == 1);
    check_child(&t, &child, &a, &b);
    CHECK_EQ_INT((int64_t)child.cost.key[0], good_len);
  }
  /* nothing to gain: out is not even written */
  memset(out, 0xff, sizeof(int32_t) * n);
  CHECK(tour_merge(&p, &a, &a, work, &child) == 0);
  CHECK(out[0] == -1);
  /* an ant in pieces is not merged */
  int32_t compact[5] = {-1 - 1, 0, 0, n - 1, 0};
  memcpy(db, compact, sizeof compact);
  CHECK(tour_merge(&p, &a, &b, work, &child) == 0);
  CHECK(out[0] == -1);
  /* out may hold a parent: the child of a (damaged) and a repair written over a */
  memcpy(db, good, sizeof(int32_t) * n);
  reverse(db, 200, 260);
  reverse(db, 300, 350);
  b = solution(&t, db);
  aco_solution in_place = {a.cost, da};
  CHECK(tour_merge(&p, &in_place, &b, work, &in_place) == 1);
  CHECK(tour_is_permutation(da, n) == 1);
  CHECK_EQ_INT((int64_t)in_place.cost.key[0], tour_length(&t, da));
  CHECK(in_place.cost.key[0] < a.cost.key[0] && in_place.cost.key[0] < b.cost.key[0]);
  free(work);
  free(good);
  free(da);
  free(db);
  free(out);
  tour_problem_free(&tp);
  tour_net_free(&t);
}

/* A tour changed by `moves` random reversals and segment moves (an Or-opt of up to 30 nodes). */
static void scramble(int32_t *order, int32_t n, int moves, uint64_t *state) {
  for (int m = 0; m < moves; m++) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    int32_t i = (int32_t)((*state >> 33) % (uint64_t)(n - 40)), len = 2 + (int32_t)(*state % 30);
    if (m % 2 == 0) {
      reverse(order, i, i + len);
    } else { /* the node after i moves len places on */
      int32_t v = order[i + 1];
      memmove(order + i + 1, order + i + 2, sizeof(int32_t) * (size_t)len);
      order[i + 1 + len] = v;
    }
  }
}

/* Random pairs of changed tours: every child is checked; some pairs merge; on each pair the walk
 * over portals says one tour or not as the walk of all links does (tour_merge_check_walks) for
 * random choices of each component's parent, also on a pair that shares almost no edge (one
 * component of all nodes, no portal). */
static void check_random(void) {
  tour_net t = fixture_random_euc(600, 42);
  tour_options to = tour_options_default();
  to.alpha_steps = 0;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  const int32_t n = t.n;
  int32_t *base = malloc(sizeof(int32_t) * n), *da = malloc(sizeof(int32_t) * n);
  int32_t *db = malloc(sizeof(int32_t) * n), *out = malloc(sizeof(int32_t) * n);
  void *work = malloc(p.merge_bytes);
  CHECK(tour_hilbert_order(&t, base) == AR_OK);
  uint64_t state = 7;
  int merged = 0;
  int32_t tours = 0, choices = 0;
  for (int trial = 0; trial < 200; trial++) {
    memcpy(da, base, sizeof(int32_t) * n);
    memcpy(db, base, sizeof(int32_t) * n);
    scramble(da, n, 1 + trial % 7, &state);
    scramble(db, n, 1 + trial % 5, &state);
    aco_solution a = solution(&t, da), b = solution(&t, db), child = {aco_cost_worst(), out};
    const int32_t k = tour_merge_check_walks(&p, &a, &b, work, (uint64_t)trial + 1, 20);
    CHECK(k >= 0);
    tours += k > 0 ? k : 0;
    choices += 20;
    if (tour_merge(&p, &a, &b, work, &child)) {
      check_child(&t, &child, &a, &b);
      merged++;
    }
  }
  CHECK(merged > 50);
  CHECK(tours > 0 && tours < choices); /* both answers were tested */
  for (int32_t i = 0; i < n; i++)      /* b: every other node of a, then the rest */
    db[i] = base[i < n / 2 ? 2 * i : 2 * (i - n / 2) + 1];
  aco_solution a = solution(&t, base), b = solution(&t, db);
  CHECK(tour_merge_check_walks(&p, &a, &b, work, 3, 8) >= 0);
  free(work);
  free(base);
  free(da);
  free(db);
  free(out);
  tour_problem_free(&tp);
  tour_net_free(&t);
}

/* Whether an n-node random instance's problem merges ants (merge callback and work). */
static int merges_at(int32_t n) {
  tour_net t = fixture_random_euc(n, 44);
  tour_options to = tour_options_default();
  to.alpha_steps = 0;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  CHECK((p.merge == NULL) == (p.merge_bytes == 0));
  int merges = p.merge != NULL;
  tour_problem_free(&tp);
  tour_net_free(&t);
  return merges;
}

/* From TOUR_MERGE_BELOW nodes on no ant is merged (the cost outgrew the gain at 13,000-19,000);
 * one node fewer still merges (the limit is where the docs say). */
static void check_size(void) {
  CHECK(!merges_at(TOUR_MERGE_BELOW));
  CHECK(merges_at(TOUR_MERGE_BELOW - 1));
}

static void check_runs(void) {
  tour_net t = fixture_random_euc(AR_TEST_SANITIZED ? 800 : 1200, 43);
  aco_params par = aco_params_default();
  par.iterations = AR_TEST_SANITIZED ? 12 : 50;
  tour_options on = tour_options_default(), off;
  if (AR_TEST_SANITIZED) on.alpha_steps = 50;
  off = on;
  off.merge = 0;
  int64_t len = 0, plain_len = 0;
  CHECK(fixture_switch_runs(&t, &on, &off, &par, &len, &plain_len) == 1); /* merging changed it */
  tour_net_free(&t);
}

/* One colony update whose two ants both hold `tour` (single-threaded: begin, every cell, end). */
static void update_with(aco_colony *c, const aco_problem *p, const aco_params *par,
                        const float *eta_beta, int64_t it, const tour_net *t, int32_t *tour) {
  for (int32_t a = 0; a < par->ants; a++) {
    memcpy(c->ant[a].data, tour, sizeof(int32_t) * t->n);
    c->ant[a].cost = solution(t, tour).cost;
  }
  aco_colony_update_begin(c, p, par, it);
  aco_colony_update_cells(c, p, par, eta_beta, 0, (size_t)p->rows * (size_t)p->options);
  aco_colony_update_end(c, p, par, eta_beta, it);
}

/* --fresh-merge: after a restart every ant also merges into the fresh search's best, and that
 * best into the colony's, whose children it does not take. The colony's best K lacks a repair
 * Z; it stalls and restarts. Right after the restart the fresh search has no best: its first
 * ants F1 (Z, A and B) become it. Then either (children = 0) ants F2 (Z, A and C) merge into it,
 * making "Z and A" (without the fresh merge the fresh best is the shorter of F1 and F2), neither
 * improving K, and a fresh best with A alone (set as the state that ants of earlier iterations
 * would have left) with ants equal to K: the ants merged into the fresh best repair it, and the
 * repaired tour becomes the colony's best (without the fresh merge K stays); or (children = 1)
 * ants with A alone repair K by a merge: the fresh best becomes their tour, not K's child
 * (without the fresh merge it takes the child). */
static void check_fresh_merge(int fresh, int children) {
  tour_net t = fixture_random_euc(400, 45);
  tour_options to = tour_options_default();
  to.alpha_steps = 0;
  to.combine = 0;
  to.rows_from = INT32_MAX;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  aco_params par = aco_params_default();
  par.ants = 2;
  par.restart_iterations = 3;
  par.restart_descent = 0;
  par.fresh_merge = fresh;
  aco_colony c;
  CHECK(aco_colony_alloc(&c, &p, &par, 0) == AR_OK);
  const int32_t n = t.n;
  const size_t cells = (size_t)p.rows * (size_t)p.options, bytes = sizeof(int32_t) * n;
  float *eta_beta = malloc(cells * sizeof(float));
  int32_t *good = malloc(bytes), *k = malloc(bytes), *f1 = malloc(bytes), *f2 = malloc(bytes);
  int32_t *za = malloc(bytes), *a_only = malloc(bytes);
  for (size_t i = 0; i < cells; i++)
    eta_beta[i] = 1.0f;
  CHECK(tour_hilbert_order(&t, good) == AR_OK);
  memcpy(k, good, bytes);
  reverse(k, 10, 25); /* Z */
  memcpy(za, k, bytes);
  reverse(za, 100, 160); /* Z and A */
  memcpy(f1, za, bytes);
  reverse(f1, 200, 230); /* Z, A and B */
  memcpy(f2, za, bytes);
  reverse(f2, 280, 320); /* Z, A and C */
  memcpy(a_only, good, bytes);
  reverse(a_only, 100, 160);
  const int64_t len_good = tour_length(&t, good), len_k = tour_length(&t, k);
  const int64_t len_za = tour_length(&t, za), len_a = tour_length(&t, a_only);
  const int64_t len_f1 = tour_length(&t, f1), len_f2 = tour_length(&t, f2);
  /* every damage costs, and A more than Z: no fresh tour beats K alone */
  CHECK(len_good < len_k && len_k < len_a && len_a < len_za && len_za < len_f1 && len_za < len_f2);
  aco_solution init = solution(&t, k);
  aco_colony_start(&c, &p, &par, eta_beta, &init);
  const int64_t r = par.restart_iterations;
  for (int64_t it = 0; it <= r; it++)
    update_with(&c, &p, &par, eta_beta, it, &t, k); /* stalled: restarts at r */
  CHECK_EQ_INT(c.s.restarts, 1);
  update_with(&c, &p, &par, eta_beta, r + 1, &t, f1); /* no fresh best yet: F1 becomes it */
  CHECK_EQ_INT((int64_t)c.s.restart_best_cost.value, len_f1);
  if (children) {
    update_with(&c, &p, &par, eta_beta, r + 2, &t, a_only);
    CHECK_EQ_INT((int64_t)c.s.best_cost.value, len_good);
    CHECK_EQ_INT((int64_t)c.s.restart_best_cost.value, fresh ? len_a : len_good);
    CHECK_EQ_INT(tour_length(&t, c.restart_best), (int64_t)c.s.restart_best_cost.value);
  } else {
    update_with(&c, &p, &par, eta_beta, r + 2, &t, f2);
    CHECK_EQ_INT((int64_t)c.s.best_cost.value, len_k);
    CHECK_EQ_INT((int64_t)c.s.restart_best_cost.value,
                 fresh ? len_za : (len_f1 < len_f2 ? len_f1 : len_f2));
    CHECK_EQ_INT(tour_length(&t, c.restart_best), (int64_t)c.s.restart_best_cost.value);
    memcpy(c.restart_best, a_only, bytes);
    c.s.restart_best_cost = solution(&t, a_only).cost;
    update_with(&c, &p, &par, eta_beta, r + 3, &t, k);
    CHECK_EQ_INT((int64_t)c.s.best_cost.value, fresh ? len_good : len_k);
    CHECK_EQ_INT(tour_length(&t, c.best), (int64_t)c.s.best_cost.value);
  }
  CHECK_EQ_INT(c.s.restarts, 1);
  aco_colony_free(&c);
  free(eta_beta);
  free(good);
  free(k);
  free(f1);
  free(f2);
  free(za);
  free(a_only);
  tour_problem_free(&tp);
  tour_net_free(&t);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  check_hand_made();
  check_random();
  check_size();
  check_runs();
  for (int children = 0; children < 2; children++) {
    check_fresh_merge(1, children);
    check_fresh_merge(0, children);
  }
  return 0;
}
