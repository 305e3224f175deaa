/* solve_memory: the memory estimate of `antroute solve`, before anything big is allocated.
 *
 * Each rank adds what it holds now (its resident set: the network, the model, MPI and HDF5) to
 * what the search will allocate: the engine (aco_estimate.h) and the problem kind
 * (tour_estimate.h; supply_estimate.h for the biggest month). It compares the sum with what it
 * may use (ar_memory.h: MemAvailable per rank of the node, the cgroup, Slurm, --max-memory).
 * Rank 0 prints "memory: needs about N MB per rank ..."; when any rank's need exceeds its
 * limit, every rank stops with AR_ERR_NOMEM (exit 5) and a message naming the estimate, the
 * limit and the parameter to lower. The estimate and the limit go into the results file's /run
 * attributes (memory_estimate_bytes, memory_limit_bytes, memory_limit, memory_peak_bytes).
 */
#ifndef AR_SOLVE_MEMORY_H
#define AR_SOLVE_MEMORY_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>

#include "aco_params.h"
#include "param.h"
#include "supply_model.h"
#include "supply_month.h"
#include "tour_net.h"
#include "tour_problem.h"

/* Entry for a solve parameter table (both kinds). */
#define SOLVE_MEMORY_PARAMS                                                                        \
  {                                                                                                \
    "max-memory", 0, PARAM_STRING, NULL, NULL, 1, 0, "SIZE",                                       \
        "stop (exit 5) before the search if a rank would need more than SIZE (4G, 512M; a bare "   \
        "number is MB); the free memory of the node, the cgroup and Slurm limit it too",           \
        0                                                                                          \
  }

typedef struct {
  uint64_t need;      /* this rank's estimate, bytes */
  uint64_t need_max;  /* the largest estimate of any rank */
  uint64_t limit_min; /* the smallest limit of any rank (UINT64_MAX: none) */
  char limit_source[256];
} solve_memory;

/* Collective. The tour kind's estimate with the engine parameters par (before
 * tour_problem_create). AR_ERR_NOMEM when it does not fit, AR_ERR_USAGE for a bad --max-memory;
 * every rank returns the same status (shared message). */
ar_status solve_memory_tour(const param_set *ps, const tour_net *net, const tour_options *to,
                            const aco_params *par, MPI_Comm comm, solve_memory *mem);

/* Collective. The order-routing kind's estimate for its biggest month (after the model and the
 * months are built, before the first month's problem). */
ar_status solve_memory_supply(const param_set *ps, const supply_model *m, const supply_months *mo,
                              MPI_Comm comm, solve_memory *mem);

/* Collective on the results file: the /run attributes above (memory_peak_bytes: the largest
 * VmHWM of any rank so far). */
ar_status solve_memory_record(hid_t results, const solve_memory *mem, MPI_Comm comm);

#endif
