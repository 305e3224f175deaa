/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_agree: agreement of all ranks on a status (lowest failing rank's status and message). */
#include "ar_agree.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

enum { AGREE_MESSAGE_MAX = 2048 };

ar_status ar_mpi_check(int rc, const char *what) {
  if (rc == MPI_SUCCESS) return AR_OK;
  char text[MPI_MAX_ERROR_STRING] = "";
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS) text[0] = '\0';
  return ar_fail(AR_ERR_MPI, "%s failed%s%s", what, text[0] ? ": " : "", text);
}

ar_status ar_mpi_errors_return(MPI_Comm comm) {
  return ar_mpi_check(MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN),
                      "MPI_Comm_set_errhandler(MPI_ERRORS_RETURN)");
}

ar_status ar_agree_tagged(MPI_Comm comm, ar_status st, int *tag) {
  int rank = 0, size = 1;
  ar_status mpi = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank, agreeing on a status");
  if (mpi == AR_OK)
    mpi = ar_mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size, agreeing on a status");
  if (mpi != AR_OK) return mpi;
  if (size == 1) return st;
  int mine = st != AR_OK ? rank : INT_MAX, lowest = INT_MAX;
  mpi = ar_mpi_check(MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, comm),
                     "MPI_Allreduce of the lowest failing rank, agreeing on a status");
  if (mpi != AR_OK) return mpi;
  if (lowest == INT_MAX) return AR_OK;
  struct {
    int code, tag;
    char text[AGREE_MESSAGE_MAX];
  } msg;
  memset(&msg, 0, sizeof msg);
  if (rank == lowest) {
    msg.code = (int)st;
    msg.tag = tag ? *tag : 0;
    strncpy(msg.text, ar_error_message(), sizeof msg.text - 1);
  }
  char what[96];
  snprintf(what, sizeof what, "MPI_Bcast of the failure of rank %d", lowest);
  mpi = ar_mpi_check(MPI_Bcast(&msg, (int)sizeof msg, MPI_BYTE, lowest, comm), what);
  if (mpi != AR_OK) return mpi;
  msg.text[sizeof msg.text - 1] = '\0';
  if (tag) *tag = msg.tag;
  /* A failure that started on another rank than 0 names that rank. */
  ar_status agreed = lowest != 0 ? ar_fail((ar_status)msg.code, "rank %d: %s", lowest, msg.text)
                                 : ar_fail((ar_status)msg.code, "%s", msg.text);
  ar_error_mark_shared();
  return agreed;
}

ar_status ar_agree(MPI_Comm comm, ar_status st) { return ar_agree_tagged(comm, st, NULL); }
