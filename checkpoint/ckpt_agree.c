/* ckpt_agree: agreement on a failure across ranks (lowest failing rank's status and message). */
#include "ckpt_agree.h"

#include <string.h>

enum { AGREE_MESSAGE_MAX = 2048 };

ar_status ckpt_agree(ar_status st, MPI_Comm comm) {
  int rank = 0, size = 1;
  if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &size) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Comm_rank/size failed while agreeing on a status");
  int mine = st != AR_OK ? rank : size, first_failing = size;
  if (MPI_Allreduce(&mine, &first_failing, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Allreduce failed while agreeing on a status");
  if (first_failing == size) return AR_OK;
  struct {
    int code;
    char text[AGREE_MESSAGE_MAX];
  } msg;
  memset(&msg, 0, sizeof msg);
  if (rank == first_failing) {
    msg.code = (int)st;
    strncpy(msg.text, ar_error_message(), sizeof msg.text - 1);
  }
  if (MPI_Bcast(&msg, (int)sizeof msg, MPI_BYTE, first_failing, comm) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Bcast failed while agreeing on a status");
  ar_status agreed = ar_fail((ar_status)msg.code, "%s", msg.text);
  ar_error_mark_shared();
  return agreed;
}
