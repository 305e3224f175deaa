/* SPDX-License-Identifier: BSD-3-Clause */
/* test_hook_fault: ANTROUTE_FAULT switches that let tests kill or fail a write, or corrupt a
 * result, on purpose (see test_hooks.h). */
#include "test_hooks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_count = 0;

/* The names ANTROUTE_FAULT gives the points of ar_fault_point, in its order. */
static const char *const names[] = {"ckpt-mid-dataset", "ckpt-before-rename", "ckpt-enospc",
                                    "ckpt-no-room-check", "corrupt-best"};

void test_hook_new_write(void) { write_count++; }

int test_hook_fault(ar_fault_point at, MPI_Comm comm) {
  const char *point = names[at];
  const char *spec = getenv("ANTROUTE_FAULT");
  if (!spec || !spec[0]) return 0;
  size_t len = strlen(point);
  if (strncmp(spec, point, len) != 0 || (spec[len] != '\0' && spec[len] != ':')) return 0;
  /* Checkpoint points count the writes; the others hit every time. */
  long nth = spec[len] == ':' ? strtol(spec + len + 1, NULL, 10) : 1;
  if (strncmp(point, "ckpt-", 5) == 0 && nth != write_count) return 0;
  const char *only = getenv("ANTROUTE_FAULT_RANK");
  if (only && only[0]) {
    int rank = 0;
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS) return 0; /* a test switch: no fault then */
    if (strtol(only, NULL, 10) != rank) return 0;
  }
  return 1;
}

void test_hook_fault_exit(ar_fault_point at, MPI_Comm comm) {
  if (!test_hook_fault(at, comm)) return;
  const char *point = names[at];
  fprintf(stderr, "antroute: ANTROUTE_FAULT=%s: exiting with status %d (fault injection)\n", point,
          TEST_FAULT_EXIT);
  fflush(stderr);
  _exit(TEST_FAULT_EXIT);
}
