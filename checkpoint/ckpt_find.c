/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_find: candidate checkpoints of a directory (rank 0 scans, all agree). */
#include "ckpt_find.h"

#include <stdlib.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ckpt_dir.h"
#include "h5u.h"

ar_status ckpt_find_candidates(const char *dir, MPI_Comm comm, FILE *report, int64_t **seqs,
                               int *n) {
  *seqs = NULL;
  *n = 0;
  int rank = 0;
  ar_status rank_st = ar_comm_rank_size(comm, &rank, NULL);
  if (rank_st != AR_OK) return rank_st;
  ckpt_dir_list list = {NULL, 0};
  ar_status st = rank == 0 ? ckpt_dir_scan(dir, &list) : AR_OK;
  st = ar_agree(comm, st);
  if (st != AR_OK) return st;
  int count = 0;
  int64_t *found = NULL;
  if (rank == 0) {
    found = malloc((size_t)(list.n ? list.n : 1) * sizeof *found);
    for (int i = list.n - 1; i >= 0 && found; i--) {
      const ckpt_dir_entry *e = &list.entries[i];
      if (e->kind == CKPT_FILE_FINAL) {
        found[count++] = e->seq;
      } else if (e->kind == CKPT_FILE_TMP && report) {
        char path[H5U_PATH_MAX];
        ckpt_dir_entry_path(path, sizeof path, dir, e);
        fprintf(report,
                "antroute: ignoring %s: an unfinished checkpoint (its write was interrupted)\n",
                path);
      }
    }
    if (report) fflush(report);
    if (!found) st = ar_fail(AR_ERR_NOMEM, "out of memory listing %s", dir);
  }
  ckpt_dir_list_free(&list);
  st = ar_agree(comm, st);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(&count, 1, MPI_INT, 0, comm), "MPI_Bcast of the checkpoint list");
  if (st == AR_OK && rank != 0) {
    found = malloc((size_t)(count ? count : 1) * sizeof *found);
    if (!found) st = ar_fail(AR_ERR_NOMEM, "out of memory listing %s", dir);
  }
  st = ar_agree(comm, st);
  if (st == AR_OK && count > 0)
    st = ar_mpi_check(MPI_Bcast(found, count, MPI_INT64_T, 0, comm),
                      "MPI_Bcast of the checkpoint list");
  if (st != AR_OK) {
    free(found);
    return st;
  }
  *seqs = found;
  *n = count;
  return AR_OK;
}
