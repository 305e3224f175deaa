/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_pool: a node's ranks claim each other's ants from a shared-memory window (aco_pool.h).
 *
 * Each local colony has one block in its rank's part of the window: a head (the ticket, the count
 * of ants returned by other ranks, and what an ant needs besides the arrays: its colony's best's
 * iteration and its source's cost), then its choice, source, source index, ant solutions,
 * their costs as other ranks built them and whether another rank built each. A ticket packs
 * (iteration + 1, next ant): a claim is a compare-and-swap of next to next + 1, so it never takes
 * an ant of an iteration that has moved on. The owner writes the head and opens the ticket with a
 * release store after its update, and waits for the ants other ranks took before the next one,
 * so nothing in a block changes while another rank builds from it. */
#include "aco_pool.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "aco_engine_state.h"
#include "ar_agree.h"
#include "ar_alloc.h"

/* Ticket: the iteration + 1 above the next ant (ants < 2^20, ACO_QUEUE_MAX_ITEMS). */
enum { POOL_ANT_BITS = 24 };
#define POOL_ANT_MASK ((UINT64_C(1) << POOL_ANT_BITS) - 1)

typedef struct {
  alignas(AR_CACHE_LINE) _Atomic uint64_t ticket; /* 0: not open yet */
  alignas(
      AR_CACHE_LINE) _Atomic int32_t returned; /* ants of the open iteration other ranks built */
  int64_t best_iteration;
  aco_cost source_cost;
} pool_head;

/* This process's view of one colony's block. */
typedef struct {
  int64_t colony; /* global index */
  pool_head *head;
  float *choice;
  int32_t *source;
  void *index;
  int32_t *ant_data;
  aco_cost *ant_cost;
  unsigned char *ant_by; /* 1: another rank built the ant */
} pool_lane;

struct aco_pool {
  MPI_Comm node;
  MPI_Win win;
  int32_t own;   /* this rank's colonies: lanes 0 .. own - 1 (the engine's local colonies) */
  int32_t lanes; /* every colony of the node */
  int32_t ants, len;
  pool_lane *lane;
  _Atomic int32_t *own_taken; /* [own]: ants of the open iteration this rank's threads claimed */
  _Atomic int64_t for_others, by_others; /* ants built for other ranks' colonies, and by them */
};

/* Rounds up to whole cache lines: blocks and their parts start on one. */
static size_t lines(size_t bytes) {
  return (bytes + AR_CACHE_LINE - 1) & ~(size_t)(AR_CACHE_LINE - 1);
}

/* Lays a colony's block out at `block` (NULL: only its size, every process alike): the head,
 * then each array on cache lines of its own. Returns the block's bytes. */
static size_t lane_place(unsigned char *block, const aco_problem *p, int32_t ants, pool_lane *v) {
  const size_t cells = (size_t)p->rows * (size_t)p->options, len = (size_t)p->solution_len;
  char *b = (char *)block;
  size_t at = 0;
  v->head = ar_place(b, &at, lines(sizeof(pool_head)));
  v->choice = ar_place(b, &at, lines(cells * sizeof(float)));
  v->source = ar_place(b, &at, lines(len * sizeof(int32_t)));
  v->index = ar_place(b, &at, lines(p->source_index_bytes));
  if (p->source_index_bytes == 0) v->index = NULL;
  v->ant_data = ar_place(b, &at, lines((size_t)ants * len * sizeof(int32_t)));
  v->ant_cost = ar_place(b, &at, lines((size_t)ants * sizeof(aco_cost)));
  v->ant_by = ar_place(b, &at, lines((size_t)ants));
  return at;
}

/* Whether ranks pool at all (ANTROUTE_POOL=0 turns it off, for measurements). */
static int pool_wanted(void) {
  const char *v = getenv("ANTROUTE_POOL");
  return !(v && v[0] == '0');
}

/* The colonies' own arrays give way to their blocks (before they start: nothing to copy). */
static void move_colony(aco_colony *c, const pool_lane *L, int32_t ants, int32_t len) {
  ar_free(c->choice);
  ar_free(c->source);
  ar_free(c->source_index);
  ar_free(c->ant_data);
  c->choice = L->choice;
  c->source = L->source;
  c->source_index = L->index;
  c->ant_data = L->ant_data;
  for (int32_t a = 0; a < ants; a++)
    c->ant[a].data = c->ant_data + (size_t)a * (size_t)len;
  c->in_pool = 1;
}

static void pool_release(aco_pool *P) {
  if (P->win != MPI_WIN_NULL) MPI_Win_free(&P->win);
  if (P->node != MPI_COMM_NULL) MPI_Comm_free(&P->node);
  ar_free(P->lane);
  ar_free((void *)P->own_taken);
  free(P);
}

/* The window (`block` bytes per colony) and the views of every block of the node (collective over
 * the node). */
static ar_status pool_window(aco_pool *P, const aco_engine *e, size_t block) {
  MPI_Info info;
  ar_status st = ar_mpi_check(MPI_Info_create(&info), "MPI_Info_create for the ants' window");
  if (st != AR_OK) return st;
  st = ar_mpi_check(MPI_Info_set(info, "alloc_shared_noncontig", "true"),
                    "MPI_Info_set for the ants' window");
  void *base = NULL;
  if (st != AR_OK) {
    MPI_Info_free(&info);
    return st;
  }
  /* A cache line more: a part may start anywhere (Open MPI: 8 bytes past a page), and the heads are
   * aligned to cache lines (mmap keeps the offset in a page, so every process rounds alike). */
  st = ar_mpi_check(
      MPI_Win_allocate_shared((MPI_Aint)(block * (size_t)e->local_colonies + AR_CACHE_LINE), 1,
                              info, P->node, &base, &P->win),
      "MPI_Win_allocate_shared of the node's ants");
  MPI_Info_free(&info);
  if (st != AR_OK) return st;
  int ranks = 0, me = 0;
  st = ar_mpi_check(MPI_Comm_size(P->node, &ranks), "MPI_Comm_size of the node");
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_rank(P->node, &me), "MPI_Comm_rank of the node");
  if (st != AR_OK) return st;
  unsigned char **bases = ar_alloc_array((size_t)ranks, sizeof *bases);
  int32_t *colonies = ar_alloc_array((size_t)ranks * 2, sizeof *colonies);
  if (!bases || !colonies) {
    ar_free(bases);
    ar_free(colonies);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the node's ants");
  }
  /* Each rank's colonies, the first and how many: its part of the window may be rounded up
   * (Open MPI: to pages), so the count is not its size over a block's. */
  const int32_t mine[2] = {e->first_colony, e->local_colonies};
  st = ar_mpi_check(MPI_Allgather(mine, 2, MPI_INT32_T, colonies, 2, MPI_INT32_T, P->node),
                    "MPI_Allgather of the node's colonies");
  const int32_t *count = colonies + 1; /* count[2 * r]: rank r's */
  P->lanes = 0;
  for (int r = 0; r < ranks && st == AR_OK; r++) {
    MPI_Aint size = 0;
    int unit = 0;
    void *at = NULL;
    st = ar_mpi_check(MPI_Win_shared_query(P->win, r, &size, &unit, &at),
                      "MPI_Win_shared_query of the node's ants");
    if (st == AR_OK && (size_t)size < (size_t)count[2 * r] * block + AR_CACHE_LINE)
      st = ar_fail(AR_ERR_MPI,
                   "MPI_Win_shared_query: rank %d's part of the node's ants holds "
                   "%lld bytes, %lld expected",
                   r, (long long)size, (long long)((size_t)count[2 * r] * block + AR_CACHE_LINE));
    bases[r] =
        (unsigned char *)(((uintptr_t)at + AR_CACHE_LINE - 1) & ~(uintptr_t)(AR_CACHE_LINE - 1));
    P->lanes += count[2 * r];
  }
  P->lane = st == AR_OK ? ar_alloc_array((size_t)P->lanes, sizeof *P->lane) : NULL;
  if (st == AR_OK && !P->lane) st = ar_fail(AR_ERR_NOMEM, "out of memory for the node's ants");
  /* This rank's blocks first (the engine's local colonies in order), then the others'. */
  for (int32_t k = 0, l = P->own; st == AR_OK && k < ranks; k++)
    for (int32_t c = 0; c < count[2 * k]; c++) {
      pool_lane v;
      lane_place(bases[k] + (size_t)c * block, e->problem, P->ants, &v);
      v.colony = colonies[2 * k] + c;
      if (k == me)
        P->lane[c] = v;
      else
        P->lane[l++] = v;
    }
  ar_free(bases);
  ar_free(colonies);
  return st;
}

ar_status aco_pool_setup(aco_engine *e) {
  e->pool = NULL;
  if (e->size <= 1) return AR_OK;
  int want = pool_wanted(), all = 0;
  ar_status st = ar_mpi_check(MPI_Allreduce(&want, &all, 1, MPI_INT, MPI_MIN, e->comm),
                              "MPI_Allreduce of whether ranks pool their ants");
  if (st != AR_OK || !all) return st;
  MPI_Comm node = MPI_COMM_NULL;
  st = ar_mpi_check(
      MPI_Comm_split_type(e->comm, MPI_COMM_TYPE_SHARED, e->rank, MPI_INFO_NULL, &node),
      "MPI_Comm_split_type of the node's ranks");
  if (st != AR_OK) return st;
  int ranks = 1;
  st = ar_mpi_check(MPI_Comm_size(node, &ranks), "MPI_Comm_size of the node");
  if (st != AR_OK || ranks <= 1) {
    MPI_Comm_free(&node);
    return st;
  }
  aco_pool *P = calloc(1, sizeof *P);
  if (!P) {
    MPI_Comm_free(&node);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the node's ants");
  }
  P->node = node;
  P->win = MPI_WIN_NULL;
  P->own = e->local_colonies;
  P->ants = e->par.ants;
  P->len = e->problem->solution_len;
  pool_lane sizing;
  st = pool_window(P, e, lane_place(NULL, e->problem, P->ants, &sizing));
  P->own_taken = st == AR_OK ? ar_alloc_array((size_t)P->own, sizeof *P->own_taken) : NULL;
  if (st == AR_OK && !P->own_taken) st = ar_fail(AR_ERR_NOMEM, "out of memory for the node's ants");
  if (st == AR_OK) {
    for (int32_t c = 0; c < P->own; c++) {
      pool_lane *v = &P->lane[c];
      atomic_store(&v->head->ticket, 0);
      atomic_store(&v->head->returned, 0);
      atomic_store(&P->own_taken[c], 0);
      memset(v->ant_by, 0, (size_t)P->ants);
      move_colony(&e->colony[c], v, P->ants, P->len);
    }
    /* Every head is written before any rank looks at it. */
    st = ar_mpi_check(MPI_Barrier(node), "MPI_Barrier after the node's ants are set up");
  }
  if (st != AR_OK) {
    pool_release(P);
    return st;
  }
  e->pool = P;
  return AR_OK;
}

MPI_Comm aco_pool_node(const aco_pool *P) { return P ? P->node : MPI_COMM_NULL; }

void aco_pool_free(aco_engine *e) {
  if (!e->pool) return;
  pool_release(e->pool);
  e->pool = NULL;
}

void aco_pool_open(aco_pool *P, int32_t lane, const aco_engine *e, int64_t it) {
  if (!P) return;
  const aco_colony *c = &e->colony[lane];
  pool_head *h = P->lane[lane].head;
  h->best_iteration = c->s.best_iteration;
  h->source_cost = c->s.source_cost;
  atomic_store_explicit(&h->returned, 0, memory_order_relaxed);
  atomic_store_explicit(&P->own_taken[lane], 0, memory_order_relaxed);
  /* Publishes the update's choice, source and index, and the head, with the iteration. */
  atomic_store_explicit(&h->ticket, (uint64_t)(it + 1) << POOL_ANT_BITS, memory_order_release);
}

/* One claim of the lane's next ant if its open iteration is before `before`. */
static int lane_claim(pool_lane *v, int32_t ants, int64_t before, int64_t *it, int32_t *ant) {
  uint64_t t = atomic_load_explicit(&v->head->ticket, memory_order_acquire);
  for (;;) {
    const int64_t i = (int64_t)(t >> POOL_ANT_BITS) - 1;
    const uint32_t next = (uint32_t)(t & POOL_ANT_MASK);
    if (t == 0 || next >= (uint32_t)ants || i >= before) return 0;
    if (atomic_compare_exchange_weak_explicit(&v->head->ticket, &t, t + 1, memory_order_acq_rel,
                                              memory_order_acquire)) {
      *it = i;
      *ant = (int32_t)next;
      return 1;
    }
  }
}

void aco_pool_reach(aco_pool *P, int32_t lane, int64_t end) {
  if (!P) return;
  /* Iteration `end`, its ants all taken: the lane is at the segment's end. */
  atomic_store_explicit(&P->lane[lane].head->ticket,
                        ((uint64_t)(end + 1) << POOL_ANT_BITS) | (uint64_t)P->ants,
                        memory_order_release);
}

int aco_pool_behind(const aco_pool *P, int64_t until) {
  if (!P) return 0;
  for (int32_t l = P->own; l < P->lanes; l++) {
    const uint64_t t = atomic_load_explicit(&P->lane[l].head->ticket, memory_order_relaxed);
    if (t != 0 && (int64_t)(t >> POOL_ANT_BITS) - 1 < until) return 1;
  }
  return 0;
}

int32_t aco_pool_claim_own(aco_pool *P, int32_t lane, int32_t item) {
  if (!P) return item;
  int64_t it = 0;
  int32_t ant = -1;
  if (!lane_claim(&P->lane[lane], P->ants, INT64_MAX, &it, &ant)) return -1;
  atomic_fetch_add_explicit(&P->own_taken[lane], 1, memory_order_relaxed);
  return ant;
}

int aco_pool_take(aco_pool *P, int64_t before, aco_pool_ant *a) {
  if (!P) return 0;
  for (;;) {
    int32_t best = -1; /* the earliest iteration; at the same, the lowest colony (lanes' order) */
    int64_t best_it = before;
    for (int32_t l = P->own; l < P->lanes; l++) {
      const uint64_t t = atomic_load_explicit(&P->lane[l].head->ticket, memory_order_relaxed);
      const int64_t i = (int64_t)(t >> POOL_ANT_BITS) - 1;
      if (t == 0 || (t & POOL_ANT_MASK) >= (uint64_t)P->ants || i >= best_it) continue;
      best = l;
      best_it = i;
    }
    if (best < 0) return 0;
    pool_lane *v = &P->lane[best];
    int64_t it = 0;
    int32_t ant = -1;
    if (!lane_claim(v, P->ants, before, &it, &ant)) continue; /* lost a race: look again */
    const pool_head *h = v->head;
    *a = (aco_pool_ant){.lane = best,
                        .iteration = it,
                        .ant = ant,
                        .colony = v->colony,
                        .best_iteration = h->best_iteration,
                        .source = {h->source_cost, v->source},
                        .choice = v->choice,
                        .source_index = v->index,
                        .out = {aco_cost_worst(), v->ant_data + (size_t)ant * (size_t)P->len}};
    return 1;
  }
}

void aco_pool_give(aco_pool *P, const aco_pool_ant *a) {
  pool_lane *v = &P->lane[a->lane];
  v->ant_cost[a->ant] = a->out.cost;
  v->ant_by[a->ant] = 1;
  atomic_fetch_add_explicit(&v->head->returned, 1, memory_order_release);
  atomic_fetch_add_explicit(&P->for_others, 1, memory_order_relaxed);
}

int aco_pool_back(aco_pool *P, int32_t lane) {
  if (!P) return 1;
  const int32_t others = P->ants - atomic_load_explicit(&P->own_taken[lane], memory_order_relaxed);
  return atomic_load_explicit(&P->lane[lane].head->returned, memory_order_acquire) >= others;
}

void aco_pool_collect(aco_pool *P, int32_t lane, aco_solution *ants) {
  if (!P) return;
  pool_lane *v = &P->lane[lane];
  int64_t by_others = 0;
  for (int32_t a = 0; a < P->ants; a++)
    if (v->ant_by[a]) {
      ants[a].cost = v->ant_cost[a];
      v->ant_by[a] = 0;
      by_others++;
    }
  atomic_fetch_add_explicit(&P->by_others, by_others, memory_order_relaxed);
}

void aco_pool_counts(const aco_pool *P, int64_t counts[2]) {
  counts[0] = P ? atomic_load(&P->for_others) : 0;
  counts[1] = P ? atomic_load(&P->by_others) : 0;
}
