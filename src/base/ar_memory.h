/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_memory: how much memory a rank may use, and how much it uses now.
 *
 * The limit of a rank is the smallest of (docs/cli.md, "Memory"):
 *   MemAvailable (/proc/meminfo) divided among the ranks on its node (MPI_COMM_TYPE_SHARED),
 *     plus what the rank already holds (it is not available, but it is the rank's);
 *   the cgroup limit (v2: memory.max of the process's cgroup and its parents; v1:
 *     memory.limit_in_bytes) divided among the node's ranks;
 *   Slurm's SLURM_MEM_PER_NODE (MB) divided among the node's ranks, or SLURM_MEM_PER_CPU (MB) x
 *     SLURM_CPUS_PER_TASK;
 *   --max-memory (per rank).
 * Each source that cannot be read is skipped; with none, there is no limit.
 */
#ifndef AR_MEMORY_H
#define AR_MEMORY_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "ar_error.h"

typedef struct {
  uint64_t bytes;   /* what this rank may use; UINT64_MAX: no limit found */
  int node_ranks;   /* ranks sharing this rank's node */
  char source[256]; /* which limit it is, for messages ("MemAvailable 7.6 GB / 2 ranks") */
} ar_memory_limit;

/* Parses a size: a number with an optional binary unit K, M, G or T (a trailing B or iB is
 * allowed); a bare number is megabytes. AR_ERR_USAGE naming `what` (the option) otherwise. */
ar_status ar_memory_parse(const char *text, const char *what, uint64_t *bytes);

/* Collective over comm. The limit of the calling rank; max_memory is --max-memory in bytes (0:
 * not given). AR_ERR_MPI if the node's communicator cannot be made. */
ar_status ar_memory_limit_get(MPI_Comm comm, uint64_t max_memory, ar_memory_limit *out);

/* The resident set of this process (VmRSS) and its peak so far (VmHWM), bytes; 0 if unknown. */
uint64_t ar_memory_resident(void);
uint64_t ar_memory_peak(void);

/* "12.3 GB", "512 MB", "64 KB", "100 B" (decimal units, for messages). */
void ar_memory_format(uint64_t bytes, char *buf, size_t cap);

/* --- The sources, from files given by path (for tests with recorded files) ----------------- */

/* MemAvailable of a meminfo file, bytes; 0 if absent. */
uint64_t ar_memory_meminfo_available(const char *meminfo);

/* The cgroup memory limit of the process whose cgroup file (/proc/self/cgroup) is `cgroup`,
 * with the hierarchy mounted at `root` (/sys/fs/cgroup): v2 memory.max of its cgroup and its
 * parents (the smallest), else v1 memory.limit_in_bytes. 0: none (or "max"). */
uint64_t ar_memory_cgroup_limit(const char *cgroup, const char *root);

/* Slurm's limit per rank from SLURM_MEM_PER_NODE / SLURM_MEM_PER_CPU and SLURM_CPUS_PER_TASK in
 * the environment; 0: none. */
uint64_t ar_memory_slurm_limit(int node_ranks);

#endif
