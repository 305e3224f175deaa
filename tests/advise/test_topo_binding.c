/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_binding_report and topo_bind_threads on this machine, under mpirun -np 2 --bind-to none
 * (the ctest launcher): first the threads float (an "unbound" warning and a table line per
 * thread), then --bind divides the node between the two ranks. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "topo_bind.h"
#include "topo_binding.h"
#include "topo_load.h"
#include "topo_shape.h"

static char *report(int rank, int *nwarnings) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = rank == 0 ? open_memstream(&text, &len) : NULL;
  CHECK(topo_binding_report(MPI_COMM_WORLD, mem, nwarnings) == AR_OK);
  if (mem) fclose(mem);
  if (text) fputs(text, stdout);
  return text;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  hwloc_topology_t topo = NULL;
  CHECK(topo_load(TOPO_SOURCE_THIS_MACHINE, NULL, &topo) == AR_OK);
  if (!topo) return 1;
  topo_shape shape;
  CHECK(topo_shape_of(topo, "this machine", &shape) == AR_OK);

  /* Unbound: every thread may run anywhere on the node. */
  omp_set_num_threads(2);
  int nwarnings = -1;
  char *text = report(rank, &nwarnings);
  CHECK(nwarnings >= 1);
  if (rank == 0) {
    CHECK(text && strstr(text, "binding report: 2 ranks on 1 node, 2 OpenMP threads per rank"));
    /* One table line per thread: rank, host, thread, package, cores, PUs. */
    int lines = 0;
    for (const char *p = text; p && (p = strstr(p, "\n     ")); p++)
      lines++;
    CHECK_EQ_INT(lines, 4);
    if (shape.pus > 1) CHECK(text && strstr(text, "threads are not bound"));
  }
  free(text);

  /* --bind: the node is divided between the ranks, one thread each: no warning left. */
  if (shape.pus >= size) {
    omp_set_num_threads(1);
    CHECK(topo_bind_threads(MPI_COMM_WORLD, topo, TOPO_BIND_AUTO) == AR_OK);
    text = report(rank, &nwarnings);
    CHECK_EQ_INT(nwarnings, 0);
    if (rank == 0) CHECK(text && !strstr(text, "warning:"));
    free(text);
  }
  hwloc_topology_destroy(topo);
  return 0;
}
