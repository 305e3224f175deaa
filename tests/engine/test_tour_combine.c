/* SPDX-License-Identifier: BSD-3-Clause */
/* The iteration's improving ants combined (tour_combine.h; issue #23): on 2-opt changes built by
 * hand, for ants in pieces and whole ants, disjoint ones combine into one tour whose length is the
 * sum of their gains and a pair that would split the tour in two does not; whole runs with combined
 * ants end on a valid tour (the engine's verify), the same on 1 and 2 threads, not the run without
 * combining, and no longer than it on these seeds. */
#include <stdint.h>
#include <string.h>

#include "engine_fixture.h"
#include "test_util.h"
#include "tour_combine.h"
#include "tour_curve.h"
#include "tour_pieces.h"

/* The compact form of the source with positions a+1..b reversed (0 < a < b < n - 1). */
static void two_opt(int32_t *data, int32_t n, int32_t a, int32_t b) {
  int32_t pieces[3][3] = {{0, a, 0}, {a + 1, b, 1}, {b + 1, n - 1, 0}};
  data[0] = -1 - 3;
  data[1] = 0;
  for (int k = 0; k < 3; k++)
    memcpy(data + 2 + 3 * k, pieces[k], sizeof pieces[k]);
}

/* The length of the compact tour data over src. */
static int64_t compact_length(const tour_net *t, const int32_t *data, const int32_t *src) {
  int32_t *full = malloc(sizeof(int32_t) * t->n);
  memcpy(full, data, sizeof(int32_t) * t->n);
  tour_pieces_expand(full, t->n, src);
  int64_t len = tour_is_permutation(full, t->n) == 1 ? tour_length(t, full) : -1;
  free(full);
  return len;
}

/* Positions a+1..b of order reversed. */
static void reverse(int32_t *order, int32_t a, int32_t b) {
  for (int32_t i = a + 1, j = b; i < j; i++, j--) {
    int32_t v = order[i];
    order[i] = order[j];
    order[j] = v;
  }
}

/* Ant a of the hand-made cases: the source with positions cuts[a] reversed (a 2-opt move), as
 * pieces or as a whole tour; whole, the fourth is an Or-opt move instead (the node at position
 * 300 moves between positions 340 and 341: three cuts). Returns its length (-1: not a tour). */
static int64_t hand_made_ant(const tour_net *t, const int32_t *src, int whole, int a,
                             int32_t *data) {
  const int32_t cuts[4][2] = {{10, 40}, {200, 260}, {25, 120}, {300, 330}}, n = t->n;
  if (!whole) {
    two_opt(data, n, cuts[a][0], cuts[a][1]);
    return compact_length(t, data, src);
  }
  memcpy(data, src, sizeof(int32_t) * n);
  if (a < 3) {
    reverse(data, cuts[a][0], cuts[a][1]);
  } else {
    int32_t v = data[300];
    memmove(data + 300, data + 301, sizeof(int32_t) * 40);
    data[340] = v;
  }
  return tour_is_permutation(data, n) == 1 ? tour_length(t, data) : -1;
}

/* On a source damaged by two reversals, ants in pieces (whole = 0) or whole ants (array tours,
 * below TOUR_PIECES_FROM): the two repairs combine into the undamaged length, a crossing pair
 * does not, and a disjoint fourth change joins the repairs, the length then the sum of the
 * changes, recomputed from scratch. */
static void check_hand_made(int whole) {
  tour_net t = fixture_random_euc(400, whole ? 33 : 31);
  tour_options to = tour_options_default();
  if (!whole) to.pieces_from = 0;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  CHECK(p.combine != NULL); /* every symmetric tour combines, in pieces or whole */
  const int32_t n = t.n;
  int32_t *src = malloc(sizeof(int32_t) * n), *out = malloc(sizeof(int32_t) * n);
  /* The source: a curve tour damaged by two reversals, which the first two ants undo. */
  CHECK(tour_hilbert_order(&t, src) == AR_OK);
  int64_t good = tour_length(&t, src);
  reverse(src, 10, 40);
  reverse(src, 200, 260);
  void *index = malloc(p.source_index_bytes), *work = malloc(p.combine_bytes);
  aco_solution source = {aco_cost_worst(), src};
  source.cost.key[0] = source.cost.value = (double)tour_length(&t, src);
  CHECK(source.cost.key[0] > (double)good);
  p.source_index(&p, &source, index);
  /* Ants: the two repairs, a move that crosses the first (together they would split the tour),
   * and one more. */
  int32_t *data = malloc(sizeof(int32_t) * n * 4);
  aco_solution ants[4];
  for (int a = 0; a < 4; a++) {
    ants[a].data = data + (size_t)a * n;
    int64_t len = hand_made_ant(&t, src, whole, a, ants[a].data);
    CHECK(len > 0);
    ants[a].cost = aco_cost_worst();
    ants[a].cost.key[0] = ants[a].cost.value = (double)len;
  }
  CHECK(ants[0].cost.key[0] < source.cost.key[0] && ants[1].cost.key[0] < source.cost.key[0]);
  /* The two repairs combine into the undamaged tour's length. */
  int32_t order[2] = {0, 1};
  if (ants[1].cost.key[0] < ants[0].cost.key[0]) order[0] = 1, order[1] = 0;
  aco_solution comb = {aco_cost_worst(), out};
  CHECK(tour_combine(&p, &source, index, ants, order, 2, work, &comb) == 2);
  CHECK(tour_is_permutation(out, n) == 1);
  CHECK_EQ_INT((int64_t)comb.cost.key[0], tour_length(&t, out));
  CHECK_EQ_INT((int64_t)comb.cost.key[0], good);
  /* The crossing pair, both given as improving: it would split the tour, nothing combines, out
   * is untouched. */
  aco_solution pair[2] = {ants[0], ants[2]};
  pair[0].cost.key[0] = source.cost.key[0] - 2;
  pair[1].cost.key[0] = source.cost.key[0] - 1;
  int32_t both[2] = {0, 1};
  memset(out, 0xff, sizeof(int32_t) * n);
  CHECK(tour_combine(&p, &source, index, pair, both, 2, work, &comb) < 2);
  CHECK(out[0] == -1); /* not even written */
  /* The crossing move after the repairs joins neither (it touches none of their nodes but would
   * split the tour); a fourth, disjoint one given as improving joins them. */
  aco_solution four[4] = {ants[0], ants[1], ants[2], ants[3]};
  double fourth_gain = source.cost.key[0] - ants[3].cost.key[0];
  four[2].cost.key[0] = source.cost.key[0] - 0.5;
  four[3].cost.key[0] = source.cost.key[0] - 0.25;
  int32_t all[4] = {order[0], order[1], 2, 3};
  CHECK(tour_combine(&p, &source, index, four, all, 4, work, &comb) == 3);
  CHECK(tour_is_permutation(out, n) == 1);
  CHECK_EQ_INT(tour_length(&t, out), good - (int64_t)fourth_gain);
  free(data);
  free(index);
  free(work);
  free(src);
  free(out);
  tour_problem_free(&tp);
  tour_net_free(&t);
}

/* The work is sized by the instance (a small instance's many colonies must not each hold a
 * 10^6-node instance's arrays), and a whole ant that changes more edges than the work holds is
 * refused, not written past it: as the iteration best, nothing combines. */
static void check_limits(void) {
  CHECK(tour_combine_bytes(400) < 100 * 400); /* 27 KB, not 440 */
  CHECK(tour_combine_bytes(1000000) > 10 * tour_combine_bytes(400));
  CHECK(tour_combine_bytes(1000000) == tour_combine_bytes(TOUR_COMBINE_CUTS));
  /* more than twice the ant's entries: a work written past them would be written past its end,
   * which the sanitized build reports */
  tour_net t = fixture_random_euc(2 * TOUR_PIECES_CAP + 1000, 34);
  tour_options to = tour_options_default();
  to.alpha_steps = 0; /* nearest-neighbour lists: cheaper, and the lists play no part here */
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  const int32_t n = t.n;
  int32_t *src = malloc(sizeof(int32_t) * n), *ant = malloc(sizeof(int32_t) * n);
  int32_t *out = malloc(sizeof(int32_t) * n);
  CHECK(tour_hilbert_order(&t, src) == AR_OK);
  /* every other node first, then the rest: of the source's edges only n-1 -> 0 survives */
  int32_t k = 0;
  for (int32_t i = 0; i < n; i += 2)
    ant[k++] = src[i];
  for (int32_t i = 1; i < n; i += 2)
    ant[k++] = src[i];
  CHECK(tour_is_permutation(ant, n) == 1);
  void *index = malloc(p.source_index_bytes), *work = malloc(p.combine_bytes);
  aco_solution source = {aco_cost_worst(), src};
  source.cost.key[0] = source.cost.value = (double)tour_length(&t, src);
  p.source_index(&p, &source, index);
  aco_solution ants[2] = {{aco_cost_worst(), ant}, {aco_cost_worst(), ant}};
  ants[0].cost.key[0] = ants[1].cost.key[0] = source.cost.key[0] - 1; /* given as improving */
  int32_t order[2] = {0, 1};
  memset(out, 0xff, sizeof(int32_t) * n);
  aco_solution comb = {aco_cost_worst(), out};
  CHECK(tour_combine(&p, &source, index, ants, order, 2, work, &comb) == 0);
  CHECK(out[0] == -1);
  free(index);
  free(work);
  free(src);
  free(ant);
  free(out);
  tour_problem_free(&tp);
  tour_net_free(&t);
}

/* pieces_from 0: ants in pieces; TOUR_PIECES_FROM: whole ants (the instance is smaller). */
static void check_runs(int32_t pieces_from) {
  tour_net t = fixture_random_euc(AR_TEST_SANITIZED ? 800 : 2000, 32);
  aco_params par = aco_params_default();
  par.iterations = AR_TEST_SANITIZED ? 12 : 40;
  tour_options on = tour_options_default(), off;
  if (AR_TEST_SANITIZED) on.alpha_steps = 50;
  on.pieces_from = pieces_from;
  /* The lighter search: at 40 iterations on this instance combined Lin-Kernighan ants (the
   * default) happen to end longer than plain ones; their gain is measured at equal time over
   * many instances and seeds (docs/performance.md), not in one short run. */
  on.ls = TOUR_LS_FULL;
  on.merge = 0; /* combining alone: merging is test_tour_merge.c's */
  off = on;
  off.combine = 0;
  int64_t len = 0, plain_len = 0;
  CHECK(fixture_switch_runs(&t, &on, &off, &par, &len, &plain_len) == 1); /* combining changed it */
  CHECK(len <= plain_len);
  tour_net_free(&t);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  check_hand_made(0);
  check_hand_made(1);
  check_limits();
  check_runs(0);
  check_runs(TOUR_PIECES_FROM);
  return 0;
}
