/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_queue: lanes of staged items claimed without locks; idle threads sleep (see aco_queue.h).
 *
 * A lane's `ticket` packs (stage, items of the stage, next unclaimed item) in one word; a claim is
 * a compare-and-swap of next to next + 1, so it can never take an item of a stage that has
 * already moved on (stages only grow: no ABA), and a stage and its item count are always read
 * together. `left` counts the unfinished items of the stage; whoever takes it to zero owns the
 * lane until it publishes the next stage with a release store of the ticket.
 *
 * Sleeping follows the usual pairing: a sleeper registers (`sleepers`) before it looks for
 * work a last time under the mutex, and an advance publishes its ticket before it reads
 * `sleepers` (both sequentially consistent), so either the sleeper sees the new work or the
 * advance sees the sleeper and wakes it under the mutex (`generation` tells a real wake-up).
 */
#include "aco_queue.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>

#include "ar_alloc.h"

/* Polls before a thread with nothing to claim goes to sleep (a few microseconds). */
enum { QUEUE_POLLS = 256 };

/* Ticket fields: stage in the high bits, then the stage's items, then the next item. */
enum { TICKET_ITEM_BITS = 20 };
#define TICKET_ITEM_MASK ((UINT64_C(1) << TICKET_ITEM_BITS) - 1)

typedef struct {
  alignas(AR_CACHE_LINE) _Atomic uint64_t ticket;
  _Atomic int32_t left; /* unfinished items of the current stage */
} queue_lane;

struct aco_queue {
  int32_t lanes;
  queue_lane *lane;
  alignas(AR_CACHE_LINE) _Atomic int32_t done; /* lanes done */
  _Atomic int32_t sleepers;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  uint64_t generation; /* under lock: advances seen by sleepers */
};

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

static inline uint64_t ticket_make(uint64_t stage, uint64_t items) {
  return (stage << (2 * TICKET_ITEM_BITS)) | (items << TICKET_ITEM_BITS);
}
static inline uint64_t ticket_stage(uint64_t t) { return t >> (2 * TICKET_ITEM_BITS); }
static inline uint32_t ticket_items(uint64_t t) {
  return (uint32_t)((t >> TICKET_ITEM_BITS) & TICKET_ITEM_MASK);
}
static inline uint32_t ticket_next(uint64_t t) { return (uint32_t)(t & TICKET_ITEM_MASK); }

ar_status aco_queue_create(int32_t lanes, aco_queue **out) {
  *out = NULL;
  aco_queue *q = ar_alloc(sizeof *q);
  if (!q) return ar_fail(AR_ERR_NOMEM, "out of memory for the work queue");
  q->lanes = lanes;
  q->lane = ar_alloc_array((size_t)(lanes > 0 ? lanes : 1), sizeof(queue_lane));
  if (!q->lane) {
    ar_free(q);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the work queue of %d colonies", (int)lanes);
  }
  if (pthread_mutex_init(&q->lock, NULL) != 0) {
    ar_free(q->lane);
    ar_free(q);
    return ar_fail(AR_ERR_INTERNAL, "pthread_mutex_init failed for the work queue");
  }
  if (pthread_cond_init(&q->wake, NULL) != 0) {
    pthread_mutex_destroy(&q->lock);
    ar_free(q->lane);
    ar_free(q);
    return ar_fail(AR_ERR_INTERNAL, "pthread_cond_init failed for the work queue");
  }
  *out = q;
  return AR_OK;
}

void aco_queue_free(aco_queue *q) {
  if (!q) return;
  pthread_cond_destroy(&q->wake);
  pthread_mutex_destroy(&q->lock);
  ar_free(q->lane);
  ar_free(q);
}

void aco_queue_reset(aco_queue *q, int32_t items) {
  for (int32_t l = 0; l < q->lanes; l++) {
    atomic_store(&q->lane[l].left, items);
    atomic_store(&q->lane[l].ticket, ticket_make(0, (uint64_t)items));
  }
  atomic_store(&q->done, 0);
  atomic_store(&q->sleepers, 0);
  q->generation = 0;
}

/* One attempt: the claimable lane at the lowest stage (ties: the lowest lane). */
static int try_claim(aco_queue *q, int32_t *lane, int64_t *stage, int32_t *item) {
  for (;;) {
    int32_t best = -1;
    uint64_t best_ticket = 0;
    for (int32_t l = 0; l < q->lanes; l++) {
      uint64_t t = atomic_load(&q->lane[l].ticket);
      if (ticket_next(t) >= ticket_items(t)) continue;
      if (best < 0 || ticket_stage(t) < ticket_stage(best_ticket)) {
        best = l;
        best_ticket = t;
      }
    }
    if (best < 0) return 0;
    /* A lost race (another claim or an advance) is retried from a fresh look. */
    if (atomic_compare_exchange_weak_explicit(&q->lane[best].ticket, &best_ticket, best_ticket + 1,
                                              memory_order_acq_rel, memory_order_relaxed)) {
      *lane = best;
      *stage = (int64_t)ticket_stage(best_ticket);
      *item = (int32_t)ticket_next(best_ticket);
      return 1;
    }
  }
}

static int queue_done(aco_queue *q) { return atomic_load(&q->done) >= q->lanes; }

int aco_queue_claim(aco_queue *q, int32_t *lane, int64_t *stage, int32_t *item) {
  for (;;) {
    for (int poll = 0; poll < QUEUE_POLLS; poll++) {
      if (try_claim(q, lane, stage, item)) return 1;
      if (queue_done(q)) return 0;
      cpu_relax();
    }
    pthread_mutex_lock(&q->lock);
    atomic_fetch_add(&q->sleepers, 1);
    const uint64_t seen = q->generation;
    int got = try_claim(q, lane, stage, item), done = !got && queue_done(q);
    while (!got && !done && q->generation == seen)
      pthread_cond_wait(&q->wake, &q->lock);
    atomic_fetch_sub(&q->sleepers, 1);
    pthread_mutex_unlock(&q->lock);
    if (got) return 1;
    if (done) return 0;
  }
}

int aco_queue_finish(aco_queue *q, int32_t lane) {
  return atomic_fetch_sub_explicit(&q->lane[lane].left, 1, memory_order_acq_rel) == 1;
}

void aco_queue_advance(aco_queue *q, int32_t lane, int32_t items) {
  queue_lane *l = &q->lane[lane];
  const uint64_t stage = ticket_stage(atomic_load_explicit(&l->ticket, memory_order_relaxed));
  atomic_store_explicit(&l->left, items, memory_order_relaxed);
  /* Publishes the owner's writes (and `left`) with the new stage. */
  atomic_store(&l->ticket, ticket_make(stage + 1, (uint64_t)items));
  if (items == 0) atomic_fetch_add(&q->done, 1);
  if (atomic_load(&q->sleepers) > 0) {
    pthread_mutex_lock(&q->lock);
    q->generation++;
    pthread_cond_broadcast(&q->wake);
    pthread_mutex_unlock(&q->lock);
  }
}
