/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_segment: the ants and trail updates of a segment, shared out through the work queue. */
#include "aco_segment.h"

#include <math.h>
#include <omp.h>
#include <sched.h>

#include "aco_improve.h"
#include "aco_pool.h"
#include "aco_queue.h"
#include "ar_alloc.h"

/* Cells per chunk of a trail update's element-wise step: big enough that claiming a chunk costs
 * nothing beside it, small enough that large matrices spread over the threads. */
enum { UPDATE_CHUNK_CELLS = 1 << 15 };

/* Stages of a colony's lane, e->stages per iteration: the ants, (updates by rows) the parts of
 * the next source's index, the chunks of the trail update. */
typedef enum { STAGE_ANTS, STAGE_INDEX, STAGE_CELLS } stage_kind;

static stage_kind stage_kind_of(const aco_engine *e, int64_t stage) {
  const int64_t step = stage % e->stages;
  return step == 0 ? STAGE_ANTS : step == e->stages - 1 ? STAGE_CELLS : STAGE_INDEX;
}
static int64_t stage_iteration(const aco_engine *e, int64_t first, int64_t stage) {
  return first + stage / e->stages;
}

ar_status aco_segment_setup(aco_engine *e) {
  if (e->par.ants > ACO_QUEUE_MAX_ITEMS)
    return ar_fail(AR_ERR_USAGE, "--ants %d: at most %d ants per colony", e->par.ants,
                   (int)ACO_QUEUE_MAX_ITEMS);
  size_t cells = (size_t)e->problem->rows * (size_t)e->problem->options;
  size_t chunk = UPDATE_CHUNK_CELLS;
  if ((cells + chunk - 1) / chunk > ACO_QUEUE_MAX_ITEMS)
    chunk = (cells + ACO_QUEUE_MAX_ITEMS - 1) / ACO_QUEUE_MAX_ITEMS;
  e->update_chunk = chunk;
  e->update_chunks = cells > 0 ? (int32_t)((cells + chunk - 1) / chunk) : 1;
  e->index_parts = aco_colony_index_parts(e->problem, &e->par);
  if (e->index_parts > ACO_QUEUE_MAX_ITEMS) e->index_parts = ACO_QUEUE_MAX_ITEMS;
  e->stages = e->index_parts > 0 ? 3 : 2;
  e->thread_busy = ar_alloc_array((size_t)e->threads, sizeof(aco_thread_busy));
  if (!e->thread_busy) return ar_fail(AR_ERR_NOMEM, "out of memory for %d threads", e->threads);
  return aco_queue_create(e->local_colonies, &e->queue);
}

void aco_segment_free(aco_engine *e) {
  aco_queue_free(e->queue);
  e->queue = NULL;
  ar_free(e->thread_busy);
  e->thread_busy = NULL;
}

/* One ant, construction then local search, into a->out: of a local colony or, through the pool,
 * of another rank's (its data in the node's window: the same inputs, the same ant). */
static void build_ant(aco_engine *e, aco_pool_ant *a, void *scratch, aco_thread_busy *busy) {
  const aco_problem *p = e->problem;
  const aco_params *par = &e->par;
  const int64_t it = a->iteration;
  aco_ant_ctx ctx = {
      .choice = a->choice,
      .options = p->options,
      .source = &a->source,
      .source_index = a->source_index,
      .q0 = par->algorithm == ACO_ACS ? par->q0 : 0.0,
      .rng = aco_rng_stream(par->seed, a->colony, it / par->epoch_iterations, it, a->ant),
      .iteration = it,
      .stalled = it - 1 - a->best_iteration > 0 ? it - 1 - a->best_iteration : 0,
      .colony = (int32_t)a->colony,
      .ant = a->ant};
  double c0 = timer_now();
  p->construct(p, &ctx, scratch, &a->out);
  double c1 = timer_now();
  if (p->improve) p->improve(p, &ctx, scratch, &a->out);
  busy->construct += c1 - c0;
  busy->local_search += timer_now() - c1;
}

/* Ant `ant` of local colony `col` in iteration `it`. */
static void run_ant(aco_engine *e, aco_colony *col, int64_t it, int32_t ant, void *scratch,
                    aco_thread_busy *busy) {
  aco_pool_ant a = {.iteration = it,
                    .ant = ant,
                    .colony = col->s.colony,
                    .best_iteration = col->s.best_iteration,
                    .source = {col->s.source_cost, col->source},
                    .choice = col->choice,
                    .source_index = col->source_index,
                    .out = col->ant[ant]};
  build_ant(e, &a, scratch, busy);
  col->ant[ant].cost = a.out.cost;
}

/* Ants of other ranks' colonies (the pool's) open in an iteration before `before`, the earliest
 * first. Returns how many. */
static int help_other_ranks(aco_engine *e, int64_t before, void *scratch, aco_thread_busy *busy) {
  aco_pool_ant a;
  int built = 0;
  while (aco_pool_take(e->pool, before, &a)) {
    build_ant(e, &a, scratch, busy);
    aco_pool_give(e->pool, &a);
    built++;
  }
  return built;
}

/* Polls a thread waiting for other ranks of its node makes before it yields its core between
 * looks (a few microseconds; under --oversubscribe the rank it waits for may need that core). */
enum { POOL_POLLS = 64 };

/* One look of a thread waiting for other ranks of the node: their ants open before `before`, or,
 * after POOL_POLLS looks that found none, its core for a moment. */
static void help_or_yield(aco_engine *e, int64_t before, int polls, void *scratch,
                          aco_thread_busy *busy) {
  if (!help_other_ranks(e, before, scratch, busy) && polls > POOL_POLLS) sched_yield();
}

/* By the thread that finished a local colony's last item of its ants: waits for the ants other
 * ranks of the node took (building theirs meanwhile), and takes their costs. */
static void wait_for_lent_ants(aco_engine *e, int32_t lane, void *scratch, aco_thread_busy *busy) {
  for (int polls = 0; !aco_pool_back(e->pool, lane); polls++)
    help_or_yield(e, INT64_MAX, polls, scratch, busy);
  aco_pool_collect(e->pool, lane, e->colony[lane].ant);
}

/* One chunk of a colony's update; the last chunk's finisher ends the update and opens the next
 * iteration's ants (or closes the lane at the segment's end). */
static void run_update_chunk(aco_engine *e, int32_t lane, int64_t it, int32_t chunk, int64_t end,
                             aco_thread_busy *busy) {
  aco_colony *col = &e->colony[lane];
  const aco_problem *p = e->problem;
  const size_t cells = (size_t)p->rows * (size_t)p->options;
  const size_t lo = (size_t)chunk * e->update_chunk;
  const size_t hi = lo + e->update_chunk < cells ? lo + e->update_chunk : cells;
  double t0 = timer_now();
  aco_colony_update_cells(col, p, &e->par, e->eta_beta, lo, hi);
  if (aco_queue_finish(e->queue, lane)) {
    aco_colony_update_end(col, p, &e->par, e->eta_beta, it);
    if (it + 1 < end)
      aco_pool_open(e->pool, lane, e, it + 1);
    else
      aco_pool_reach(e->pool, lane, end);
    aco_queue_advance(e->queue, lane, it + 1 < end ? e->par.ants : 0);
  }
  busy->update += timer_now() - t0;
}

/* One part of a colony's next source and its index; the last part's finisher closes the index
 * and opens the update's chunks. */
static void run_index_part(aco_engine *e, int32_t lane, int32_t part, aco_thread_busy *busy) {
  aco_colony *col = &e->colony[lane];
  double t0 = timer_now();
  aco_colony_update_index(col, e->problem, part, e->index_parts);
  if (aco_queue_finish(e->queue, lane)) {
    aco_colony_update_index_close(col, e->problem);
    aco_queue_advance(e->queue, lane, e->update_chunks);
  }
  busy->update += timer_now() - t0;
}

/* What each thread of the region does until every colony has finished the segment. */
static void segment_work(aco_engine *e, int64_t first, int64_t end, int64_t meet) {
  const int tid = omp_get_thread_num();
  aco_thread_busy *busy = &e->thread_busy[tid];
  void *scratch = e->scratch[tid];
  int32_t lane, item;
  int64_t stage;
  while (aco_queue_claim(e->queue, &lane, &stage, &item)) {
    if (tid == 0) aco_state_plan_progress(e); /* the main thread: MPI may be called here */
    const int64_t it = stage_iteration(e, first, stage);
    const stage_kind kind = stage_kind_of(e, stage);
    if (kind == STAGE_CELLS) {
      run_update_chunk(e, lane, it, item, end, busy);
      continue;
    }
    if (kind == STAGE_INDEX) {
      run_index_part(e, lane, item, busy);
      continue;
    }
    aco_colony *col = &e->colony[lane];
    const int32_t ant = aco_pool_claim_own(e->pool, lane, item);
    if (ant >= 0) run_ant(e, col, it, ant, scratch, busy);
    if (aco_queue_finish(e->queue, lane)) {
      wait_for_lent_ants(e, lane, scratch, busy);
      double t0 = timer_now();
      aco_colony_update_begin(col, e->problem, &e->par, it);
      aco_improve_note(e, col, it);
      busy->update += timer_now() - t0;
      aco_queue_advance(e->queue, lane, e->index_parts > 0 ? e->index_parts : e->update_chunks);
    }
  }
  /* This rank's colonies are at the segment's end: until the node's other colonies reach where
   * the boundary waits for them, build their ants instead of waiting there. */
  const double w0 = timer_now(), built0 = busy->construct + busy->local_search;
  for (int polls = 0; aco_pool_behind(e->pool, meet); polls++)
    help_or_yield(e, meet, polls, scratch, busy);
  busy->wait = timer_now() - w0 - (busy->construct + busy->local_search - built0);
}

void aco_segment_run(aco_engine *e, int64_t first, int64_t end, int64_t meet) {
  for (int t = 0; t < e->threads; t++)
    e->thread_busy[t] = (aco_thread_busy){0.0, 0.0, 0.0, 0.0};
  for (int32_t lane = 0; lane < e->local_colonies; lane++)
    aco_pool_open(e->pool, lane, e, first);
  aco_queue_reset(e->queue, e->par.ants);
  int team = 1;
  const double t0 = MPI_Wtime();
#pragma omp parallel num_threads(e->threads)
  {
#pragma omp single nowait
    team = omp_get_num_threads();
    segment_work(e, first, end, meet);
  }
  /* The main thread's wait for the node's other colonies is the rank's wait for other ranks. */
  const double waited = e->thread_busy[0].wait > 0.0 ? e->thread_busy[0].wait : 0.0;
  const double wall = fmax(0.0, MPI_Wtime() - t0 - waited);
  timer_add_seconds(&e->timers, TIMER_WAIT, waited);
  double construct = 0.0, ls = 0.0, update = 0.0; /* thread-seconds, only with timers on */
  for (int t = 0; t < e->threads; t++) {
    construct += e->thread_busy[t].construct;
    ls += e->thread_busy[t].local_search;
    update += e->thread_busy[t].update;
  }
  /* The segment's wall time, split in the proportion of the threads' busy time. */
  const double busy = construct + ls + update;
  const double f_construct = busy > 0.0 ? construct / busy : 1.0;
  const double f_update = busy > 0.0 ? update / busy : 0.0;
  timer_add_seconds(&e->timers, TIMER_CONSTRUCT, wall * f_construct);
  timer_add_seconds(&e->timers, TIMER_LOCAL_SEARCH, busy > 0.0 ? wall * ls / busy : 0.0);
  timer_add_seconds(&e->timers, TIMER_UPDATE, wall * f_update);
  if (timer_enabled()) {
    e->ant_busy += busy;
    e->ant_capacity += wall * team;
  }
  e->time_construct += wall * (1.0 - f_update);
  e->time_update += wall * f_update;
}
