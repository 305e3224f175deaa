/* aco_engine: colonies of ants over MPI ranks and OpenMP threads, meeting at epoch ends.
 *
 * The C colonies are split in contiguous blocks over the R ranks of the communicator (rank r
 * owns colonies [r*C/R, (r+1)*C/R)); R > C is a usage error on every rank. In each iteration the
 * ants of all the rank's colonies are built on the OpenMP threads (every ant from its own
 * counter-based stream), then each colony updates its trails in a fixed order. Every
 * epoch_iterations iterations (an "epoch") the ranks meet: an MPI_Allreduce finds the
 * best (cost, colony) pair, ties going to the lowest colony, and only the rank owning that colony
 * broadcasts its solution; with migrate, colonies adopt it. The answer therefore depends only on
 * (problem, parameters, seed, colonies), never on ranks or threads.
 *
 * Stopping: after `iterations` iterations, or when rank 0 sees the time limit passed (it decides
 * at iteration boundaries and broadcasts, so all ranks stop together), or when a hook asks.
 *
 * The state lives in aco_engine_state.h (private to src/engine once every caller uses the
 * accessors); the colony blocks in aco_block.h.
 */
#ifndef AR_ACO_ENGINE_H
#define AR_ACO_ENGINE_H

#include <mpi.h>
#include <stdint.h>

#include "aco_block.h"
#include "aco_engine_state.h" /* until the driver uses accessors only */
#include "aco_hooks.h"
#include "aco_params.h"
#include "aco_record.h"
#include "problem.h"

/* Collective over comm. Checks the parameters, allocates everything (colonies, scratch for
 * omp_get_max_threads() threads, records), builds each local colony's initial solution and
 * trails. Fails on every rank alike (AR_ERR_USAGE for R > C or bad parameters, AR_ERR_NOMEM). */
ar_status aco_engine_create(const aco_problem *problem, const aco_params *par, MPI_Comm comm,
                            aco_engine **out);

/* Collective. Runs iterations until a stopping rule fires, with an exchange at each epoch end
 * and a final one. On return every rank holds the global best in e->best / e->best_cost, and
 * rank 0 holds every colony's best per epoch in e->colony_best. */
ar_status aco_engine_run(aco_engine *e, const aco_hooks *hooks);

/* Seconds since the start of the search (including earlier runs). */
double aco_engine_elapsed(const aco_engine *e);
/* CPU seconds this process (all its threads) used since the start of aco_engine_run: on a
 * shared machine, cpu / (elapsed x threads) is the share of the cores the run really got. */
double aco_engine_cpu_seconds(const aco_engine *e);

void aco_engine_free(aco_engine *e);

#endif
