/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_memory: estimate, limit and verdict before the search (see solve_memory.h). */
#include "solve_memory.h"
#include "ar_comm.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "aco_estimate.h"
#include "ar_agree.h"
#include "ar_memory.h"
#include "h5field.h"
#include "h5res_fields.h"
#include "h5u.h"

const param_def solve_memory_param_defs[] = {
    {.name = "max-memory",
     .type = PARAM_STRING,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .arg_name = "SIZE",
     .help = "stop (exit 5) before the search if a rank would need more than SIZE (4G, 512M; a "
             "bare number is MB); the free memory of the node, the cgroup and Slurm limit it too"},
};
const int solve_memory_ndefs =
    (int)(sizeof solve_memory_param_defs / sizeof solve_memory_param_defs[0]);

static const wing_memory_part *largest(const wing_memory_parts *ps) {
  const wing_memory_part *big = NULL;
  for (int i = 0; i < ps->n; i++)
    if (!big || ps->p[i].bytes > big->bytes) big = &ps->p[i];
  return big;
}

/* "100 colonies x 12 KB (...), records of 2 epochs 5 MB, ..., held now 30 MB" */
static void describe(const wing_memory_parts *ps, uint64_t resident, char *buf, size_t cap) {
  char size[32];
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < ps->n && len < cap; i++) {
    ar_memory_format(ps->p[i].bytes, size, sizeof size);
    len += (size_t)snprintf(buf + len, cap - len, "%s%s %s", i ? ", " : "", ps->p[i].what,
                            i == 0 && strstr(ps->p[i].what, " x ") ? "= " : "");
    if (len < cap) len += (size_t)snprintf(buf + len, cap - len, "%s", size);
  }
  ar_memory_format(resident, size, sizeof size);
  if (len < cap) snprintf(buf + len, cap - len, "%sheld now %s", ps->n ? ", " : "", size);
}

ar_status solve_memory_check(const param_set *ps, const wing_memory_parts *pt, int quiet,
                             MPI_Comm comm, solve_memory *mem) {
  memset(mem, 0, sizeof *mem);
  uint64_t max_memory = 0;
  const char *opt = param_str(ps, "max-memory");
  ar_status st = opt ? ar_memory_parse(opt, "--max-memory", &max_memory) : AR_OK;
  ar_memory_limit lim = {UINT64_MAX, 1, ""};
  if (st == AR_OK) st = ar_memory_limit_get(comm, max_memory, &lim);
  st = ar_agree(comm, st);
  if (st != AR_OK) return st;
  uint64_t resident = ar_memory_resident();
  mem->need = aco_estimate_add(resident, wing_memory_total(pt));
  unsigned long long mine[2] = {mem->need, UINT64_MAX - lim.bytes}, all[2];
  st = ar_mpi_check(MPI_Allreduce(mine, all, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm),
                    "MPI_Allreduce of the memory estimates");
  if (st != AR_OK) return ar_agree(comm, st);
  mem->need_max = all[0];
  mem->limit_min = UINT64_MAX - all[1];
  snprintf(mem->limit_source, sizeof mem->limit_source, "%s", lim.source);
  int rank = 0;
  (void)ar_comm_rank_size(comm, &rank, NULL); /* only chooses who prints; 0 on failure */
  char need[32], limit[32], detail[1024];
  ar_memory_format(mem->need, need, sizeof need);
  ar_memory_format(lim.bytes, limit, sizeof limit);
  describe(pt, resident, detail, sizeof detail);
  if (rank == 0 && !quiet) {
    char most[32];
    ar_memory_format(mem->need_max, most, sizeof most);
    if (param_flag(ps, "verbose"))
      printf("memory: needs about %s per rank (rank 0: %s); a rank may use %s (%s)\n", most, detail,
             lim.bytes == UINT64_MAX ? "any amount" : limit, lim.source);
    else if (lim.bytes == UINT64_MAX) /* one short line: the parts with --verbose */
      printf("memory: %s estimated per rank (no limit known)\n", most);
    else
      printf("memory: %s estimated per rank (limit %s, %s)\n", most, limit, lim.source);
    fflush(stdout);
  }
  if (mem->need > lim.bytes) {
    const wing_memory_part *big = largest(pt);
    st = ar_fail(AR_ERR_NOMEM,
                 "needs about %s per rank (%s) but may use %s (%s): %s, or run on nodes with "
                 "more memory",
                 need, detail, limit, lim.source, big ? big->advice : "use more memory");
  }
  return ar_agree(comm, st);
}

ar_status solve_memory_record(hid_t results, const solve_memory *mem, MPI_Comm comm) {
  unsigned long long peak = ar_memory_peak(), peak_max = peak;
  ar_status st =
      ar_mpi_check(MPI_Allreduce(&peak, &peak_max, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm),
                   "MPI_Allreduce of the peak memory");
  if (st != AR_OK) return st;
  /* Attributes of a parallel file take the same value on every rank: rank 0's description. */
  char source[sizeof mem->limit_source];
  snprintf(source, sizeof source, "%s", mem->limit_source);
  st = ar_mpi_check(MPI_Bcast(source, (int)sizeof source, MPI_CHAR, 0, comm),
                    "MPI_Bcast of the memory limit");
  if (st != AR_OK) return st;
  hid_t run;
  st = h5u_group_open(results, "/run", &run);
  if (st != AR_OK) return st;
  const h5field *F = h5res_run_fields; /* each with its unit and description beside it */
  st = h5field_attr_i64(run, &F[H5RES_RUN_MEMORY_ESTIMATE], (int64_t)mem->need_max);
  if (st == AR_OK)
    st = h5field_attr_i64(run, &F[H5RES_RUN_MEMORY_LIMIT_BYTES],
                          mem->limit_min == UINT64_MAX ? -1 : (int64_t)mem->limit_min);
  if (st == AR_OK) st = h5field_attr_str(run, &F[H5RES_RUN_MEMORY_LIMIT], source);
  if (st == AR_OK) st = h5field_attr_i64(run, &F[H5RES_RUN_MEMORY_PEAK], (int64_t)peak_max);
  H5Gclose(run);
  return st;
}
