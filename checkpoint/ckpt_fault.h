/* ckpt_fault: fault injection for the checkpoint tests (test-only; see docs/checkpoint.md).
 *
 *   ANTROUTE_FAULT=POINT[:N]   fault at POINT during the N-th checkpoint write of this process
 *                              (default 1, the first)
 *   ANTROUTE_FAULT_RANK=R      only on rank R of the checkpoint's communicator (default: all ranks)
 *
 * Points: "ckpt-mid-dataset" (the process exits with status 99 after writing half of the first
 * distributed dataset), "ckpt-before-rename" (exits with 99 after the file is complete, flushed
 * and closed, before it is renamed into place), "ckpt-enospc" (the first dataset's write is
 * reported as failed with ENOSPC, as on a full disk; the process goes on).
 */
#ifndef AR_CKPT_FAULT_H
#define AR_CKPT_FAULT_H

#include <mpi.h>

enum { CKPT_FAULT_EXIT = 99 };

/* Counts one more checkpoint write (call once at the start of each write). */
void ckpt_fault_new_write(void);

/* True when ANTROUTE_FAULT names `point` for the current write and this rank of comm. */
int ckpt_fault_hit(const char *point, MPI_Comm comm);

/* _exit(CKPT_FAULT_EXIT) when ckpt_fault_hit(point, comm), after a line on stderr. */
void ckpt_fault_exit_if(const char *point, MPI_Comm comm);

#endif
