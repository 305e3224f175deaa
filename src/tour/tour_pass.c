/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_pass: the first tour's pass on all of a rank's threads (tour_pass.h).
 *
 * The list's entries are numbered in the order they were queued (seq; the next to be taken is
 * `taken`): a move queues nodes at the list's end, so the entries already there keep their
 * order and their place in the ring. The searches of entries taken .. taken + window - 1 live in
 * slots (seq % window). `version` counts the moves taken; a slot remembers the version its search
 * started from and a replica the version it holds (-1: it must copy the master). All shared
 * state changes under one lock; a search runs outside it, on its thread's replica only. */
#include "tour_pass.h"

#include <omp.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "ar_alloc.h"
#include "tour_ls.h"
#include "tour_work.h"

enum { SLOT_FREE, SLOT_RUNNING, SLOT_DONE };

typedef struct {
  int64_t seq; /* the list entry this slot is for */
  int state;
  int64_t version; /* of the master the search started from */
  int moved, replica;
  int64_t change;
  int64_t stats[5]; /* what the search added to its replica's statistics */
} pass_slot;

typedef struct {
  int32_t *order;
  tour_scratch s;  /* pos and nlen with order the replica; its list: the nodes a move queued */
  int64_t version; /* of the master it holds (-1: none) */
  int pending;     /* it holds a move not yet taken (its slot is SLOT_DONE) */
  int pending_slot;
  char pad[64]; /* replicas' statistics, written by their searches, apart from their neighbours' */
} pass_replica;

struct tour_pass {
  const tour_problem *tp;
  omp_lock_t lock;
  tour_scratch *master; /* the caller's: its list, pos and nlen; with order the master tour */
  int32_t *order;
  int64_t version, taken, change;
  int replicas, joined;
  int inside; /* helpers that hold the pass outside the critical tour_pass_join (tour_pass_help) */
  int wait;   /* workers to wait for before the first search (tour_pass_run_with) */
  int window;
  pass_replica *rep;
  pass_slot *slot;
};

/* The statistics a search adds to (tour_problem_types.h). */
static void stats_of(const tour_scratch *s, int64_t v[5]) {
  v[0] = s->moves;
  v[1] = s->bridges;
  v[2] = s->swaps;
  v[3] = s->chains5;
  v[4] = s->tight5;
}

static void stats_add(tour_scratch *s, const int64_t v[5]) {
  s->moves += v[0];
  s->bridges += v[1];
  s->swaps += v[2];
  s->chains5 += v[3];
  s->tight5 += v[4];
}

static void replica_clear_list(pass_replica *R) {
  for (int32_t q = 0; q < R->s.qcount; q++)
    R->s.queued[R->s.queue[q]] = 0;
  R->s.qhead = R->s.qcount = 0;
}

/* A replica's move that will not be taken: the replica copies the master before its next
 * search. */
static void replica_drop(tour_pass *P, pass_replica *R) {
  replica_clear_list(R);
  R->version = -1;
  if (R->pending) P->slot[R->pending_slot].state = SLOT_FREE;
  R->pending = 0;
}

static void copy_tour(int32_t n, int32_t *order, int32_t *pos, int64_t *nlen,
                      const int32_t *from_order, const int32_t *from_pos,
                      const int64_t *from_nlen) {
  memcpy(order, from_order, (size_t)n * sizeof *order);
  memcpy(pos, from_pos, (size_t)n * sizeof *pos);
  memcpy(nlen, from_nlen, (size_t)n * sizeof *nlen);
}

/* Takes, in list order, every finished search at the list's head (under the lock). */
static void pass_take(tour_pass *P) {
  tour_scratch *m = P->master;
  const int32_t n = P->tp->n;
  while (m->qcount > 0) {
    pass_slot *sl = &P->slot[P->taken % P->window];
    if (sl->seq != P->taken || sl->state != SLOT_DONE) return;
    const int32_t a = m->queue[m->qhead];
    m->qhead = m->qhead + 1 == m->qcap ? 0 : m->qhead + 1;
    m->qcount--;
    m->queued[a] = 0;
    P->taken++;
    stats_add(m, sl->stats);
    sl->state = SLOT_FREE;
    if (m->work && P->taken % TOUR_WORK_TICK == 0)
      tour_work_tick(m->work, m->work_part, P->taken, m->qcount);
    if (!sl->moved) continue;
    pass_replica *R = &P->rep[sl->replica];
    P->change += sl->change;
    copy_tour(n, P->order, m->pos, m->nlen, R->order, R->s.pos, R->s.nlen);
    for (int32_t q = 0; q < R->s.qcount; q++) /* in the order the search queued them */
      tour_ls_push(m, R->s.queue[q]);
    replica_clear_list(R);
    R->pending = 0;
    R->version = ++P->version;
    /* Every other finished move started from the master before this one: made again. */
    for (int r = 0; r < P->joined; r++)
      if (P->rep[r].pending) replica_drop(P, &P->rep[r]);
    for (int k = 0; k < P->window; k++)
      if (P->slot[k].state == SLOT_DONE && P->slot[k].version != P->version)
        P->slot[k].state = SLOT_FREE;
  }
}

/* The first entry among the next `window` with no search, claimed for replica r (under the
 * lock); -1 when there is none. */
static int pass_claim(tour_pass *P, int r, int32_t *node) {
  tour_scratch *m = P->master;
  const int64_t ahead = m->qcount < P->window ? m->qcount : P->window;
  for (int64_t j = 0; j < ahead; j++) {
    const int64_t seq = P->taken + j;
    pass_slot *sl = &P->slot[seq % P->window];
    if (sl->seq != seq) {
      sl->seq = seq;
      sl->state = SLOT_FREE;
    }
    if (sl->state != SLOT_FREE) continue;
    sl->state = SLOT_RUNNING;
    sl->version = P->version;
    sl->replica = r;
    int64_t at = m->qhead + j;
    *node = m->queue[at >= m->qcap ? at - m->qcap : at];
    return (int)(seq % P->window);
  }
  return -1;
}

/* Lets the other workers at the lock while this one has nothing to do (under the lock). */
static void pass_yield(tour_pass *P) {
  omp_unset_lock(&P->lock);
  sched_yield();
  omp_set_lock(&P->lock);
}

/* One worker on replica r until the list is empty. */
static void pass_work(tour_pass *P, int r) {
  const tour_problem *tp = P->tp;
  pass_replica *R = &P->rep[r];
  omp_set_lock(&P->lock);
  while (P->joined < P->wait)
    pass_yield(P);
  for (;;) {
    pass_take(P);
    if (P->master->qcount == 0) break;
    /* A move of ours waits for the searches before it; when the list's first entry has none
     * (its search was made on an older master), ours yields to it. */
    pass_slot *head = &P->slot[P->taken % P->window];
    if (R->pending && (head->seq != P->taken || head->state == SLOT_FREE)) replica_drop(P, R);
    int32_t node = -1;
    const int k = R->pending ? -1 : pass_claim(P, r, &node);
    if (k < 0) {
      pass_yield(P);
      continue;
    }
    if (R->version != P->version) {
      copy_tour(tp->n, R->order, R->s.pos, R->s.nlen, P->order, P->master->pos, P->master->nlen);
      R->version = P->version;
    }
    omp_unset_lock(&P->lock);
    int64_t before[5], after[5], change = 0;
    stats_of(&R->s, before);
    const int moved = tour_ls_node(tp, &R->s, R->order, node, &change);
    stats_of(&R->s, after);
    omp_set_lock(&P->lock);
    pass_slot *sl = &P->slot[k];
    if (sl->version != P->version) { /* a move was taken meanwhile: the search is made again */
      sl->state = SLOT_FREE;
      if (moved) replica_drop(P, R);
      continue;
    }
    sl->state = SLOT_DONE;
    sl->moved = moved;
    sl->change = change;
    for (int v = 0; v < 5; v++)
      sl->stats[v] = after[v] - before[v];
    if (moved) {
      R->pending = 1;
      R->pending_slot = k;
    }
  }
  omp_unset_lock(&P->lock);
}

/* A worker joins: the next replica, if one is left (under the pass lock). */
static void pass_join(tour_pass *P) {
  int r = -1;
  omp_set_lock(&P->lock);
  if (P->joined < P->replicas && P->master->qcount > 0) r = P->joined++;
  omp_unset_lock(&P->lock);
  if (r >= 0) pass_work(P, r);
}

static void pass_free(tour_pass *P) {
  for (int r = 0; r < P->replicas; r++) {
    ar_free(P->rep[r].order);
    ar_free(P->rep[r].s.pos);
    ar_free(P->rep[r].s.nlen);
    ar_free(P->rep[r].s.queue);
    ar_free(P->rep[r].s.queued);
  }
  ar_free(P->rep);
  ar_free(P->slot);
  omp_destroy_lock(&P->lock);
  ar_free(P);
}

/* The pass's state for `threads` workers; NULL without memory. */
static tour_pass *pass_create(const tour_problem *tp, tour_scratch *s, int32_t *order,
                              int threads) {
  tour_pass *P = ar_alloc_array(1, sizeof *P);
  if (!P) return NULL;
  memset(P, 0, sizeof *P);
  omp_init_lock(&P->lock);
  P->tp = tp;
  P->master = s;
  P->order = order;
  P->window = TOUR_PASS_AHEAD * threads;
  P->rep = ar_alloc_array((size_t)threads, sizeof *P->rep);
  P->slot = ar_alloc_array((size_t)P->window, sizeof *P->slot);
  int ok = P->rep && P->slot;
  if (P->rep) memset(P->rep, 0, (size_t)threads * sizeof *P->rep);
  for (int r = 0; ok && r < threads; r++) {
    pass_replica *R = &P->rep[r];
    P->replicas = r + 1;
    R->s = *s;
    R->s.mark = NULL;
    R->s.unvisited = R->s.where = NULL;
    R->s.qhead = R->s.qcount = 0;
    R->s.qcap = tp->n;
    R->s.moves = R->s.bridges = R->s.swaps = R->s.chains5 = R->s.tight5 = 0;
    R->s.in_pieces = 0;
    R->s.work = NULL;
    R->version = -1;
    R->order = ar_alloc_array((size_t)tp->n, sizeof(int32_t));
    R->s.pos = ar_alloc_array((size_t)tp->n, sizeof(int32_t));
    R->s.nlen = ar_alloc_array((size_t)tp->n, sizeof(int64_t));
    R->s.queue = ar_alloc_array((size_t)tp->n, sizeof(int32_t));
    R->s.queued = ar_alloc_array((size_t)tp->n, 1);
    ok = R->order && R->s.pos && R->s.nlen && R->s.queue && R->s.queued;
    if (R->s.queued) memset(R->s.queued, 0, (size_t)tp->n);
  }
  if (P->slot)
    for (int k = 0; k < P->window; k++)
      P->slot[k] = (pass_slot){.seq = -1, .state = SLOT_FREE};
  if (!ok) {
    pass_free(P);
    return NULL;
  }
  return P;
}

int64_t tour_pass_run(tour_problem *tp, tour_scratch *s, int32_t *order) {
  return tour_pass_run_with(tp, s, order, 1, NULL);
}

int64_t tour_pass_run_with(tour_problem *tp, tour_scratch *s, int32_t *order, int wait,
                           int *workers) {
  const int threads = omp_in_parallel() ? omp_get_num_threads() : 1;
  tour_pass *P = threads > 1 && !s->in_pieces ? pass_create(tp, s, order, threads) : NULL;
  if (workers) *workers = 1;
  if (!P) return tour_ls_run(tp, s, order, 0);
  P->wait = wait < threads ? wait : threads;
#pragma omp critical(tour_pass_join)
  tp->pass = P;
  /* Threads idle at the team's barrier take these; the rest of the team joins from
   * tour_pass_help. A task that starts after the list ran empty joins nothing. */
#pragma omp taskgroup
  {
    for (int h = 1; h < threads; h++) {
#pragma omp task
      (void)tour_pass_help(tp);
    }
    pass_join(P);
  }
#pragma omp critical(tour_pass_join)
  tp->pass = NULL;
  for (int inside = 1; inside;) { /* a helper still on its way out */
    omp_set_lock(&P->lock);
    inside = P->inside;
    omp_unset_lock(&P->lock);
    if (inside) sched_yield();
  }
  const int64_t change = P->change;
  if (workers) *workers = P->joined;
  pass_free(P);
  return change;
}

int tour_pass_help(tour_problem *tp) {
  tour_pass *P = NULL;
  /* Registered under the critical that unpublishes the pass: it is not freed while inside. */
#pragma omp critical(tour_pass_join)
  {
    P = tp->pass;
    if (P) {
      omp_set_lock(&P->lock);
      P->inside++;
      omp_unset_lock(&P->lock);
    }
  }
  if (!P) return 0;
  pass_join(P);
  omp_set_lock(&P->lock);
  P->inside--;
  omp_unset_lock(&P->lock);
  return 1;
}
