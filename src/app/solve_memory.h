/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_memory: the memory estimate of `antroute solve`, before anything big is allocated.
 *
 * Each rank adds what it holds now (its resident set: the network, the model, MPI and HDF5) to
 * what the search will allocate, as named parts (wing_memory.h: the engine of the kind's biggest
 * phase and the kind's own, which each kind adds in its solve_kind.memory callback).
 * The sum is compared with what the rank may use (ar_memory.h: MemAvailable per rank of the node,
 * the cgroup, Slurm, --max-memory). Rank 0 prints "memory: needs about N per rank ..."; when any
 * rank's need exceeds its limit, every rank stops with AR_ERR_NOMEM (exit 5) and a message
 * naming the estimate, the limit and the parameter to lower (that of the biggest part). The
 * estimate and the limit go into the results file's /run attributes (memory_estimate_bytes,
 * memory_limit_bytes, memory_limit, memory_peak_bytes).
 */
#ifndef AR_SOLVE_MEMORY_H
#define AR_SOLVE_MEMORY_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>

#include "param.h"
#include "wing_memory.h"

/* The memory option, declared once in solve_memory.c (solve's table appends it). */
extern const param_def solve_memory_param_defs[];
extern const int solve_memory_ndefs;

typedef struct {
  uint64_t need;      /* this rank's estimate, bytes */
  uint64_t need_max;  /* the largest estimate of any rank */
  uint64_t limit_min; /* the smallest limit of any rank (UINT64_MAX: none) */
  char limit_source[256];
} solve_memory;

/* Collective. Adds what the rank holds now to parts, gets the limit (--max-memory of ps), prints
 * the estimate on rank 0 unless quiet, and agrees: AR_ERR_NOMEM when a rank does not fit,
 * AR_ERR_USAGE for a bad --max-memory; every rank returns the same status (shared message). */
ar_status solve_memory_check(const param_set *ps, const wing_memory_parts *parts, int quiet,
                             MPI_Comm comm, solve_memory *mem);

/* Collective on the results file: the /run attributes above (memory_peak_bytes: the largest
 * VmHWM of any rank so far). AR_ERR_HDF5 naming the file and the attribute, AR_ERR_MPI. */
ar_status solve_memory_record(hid_t results, const solve_memory *mem, MPI_Comm comm);

#endif
