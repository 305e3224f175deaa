/* ckpt_fault: ANTROUTE_FAULT switches that let tests kill or fail a checkpoint write on purpose. */
#include "ckpt_fault.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_count = 0;

void ckpt_fault_new_write(void) { write_count++; }

int ckpt_fault_hit(const char *point, MPI_Comm comm) {
  const char *spec = getenv("ANTROUTE_FAULT");
  if (!spec || !spec[0]) return 0;
  size_t len = strlen(point);
  if (strncmp(spec, point, len) != 0 || (spec[len] != '\0' && spec[len] != ':')) return 0;
  long nth = spec[len] == ':' ? strtol(spec + len + 1, NULL, 10) : 1;
  if (nth != write_count) return 0;
  const char *only = getenv("ANTROUTE_FAULT_RANK");
  if (only && only[0]) {
    int rank = 0;
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS) return 0; /* a test switch: no fault then */
    if (strtol(only, NULL, 10) != rank) return 0;
  }
  return 1;
}

void ckpt_fault_exit_if(const char *point, MPI_Comm comm) {
  if (!ckpt_fault_hit(point, comm)) return;
  fprintf(stderr, "antroute: ANTROUTE_FAULT=%s: exiting with status %d (fault injection)\n", point,
          CKPT_FAULT_EXIT);
  fflush(stderr);
  _exit(CKPT_FAULT_EXIT);
}
