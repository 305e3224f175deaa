/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_input: a non-HDF5 input imported before the solve (see solve_input.h). */
#include "solve_input.h"

#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "app_wings.h"
#include "ar_agree.h"
#include "ar_comm.h"
#include "solve_budget.h"

/* 1 when path is a regular non-empty file without the HDF5 signature. */
static int not_hdf5(const char *path) {
  struct stat sb;
  if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size == 0) return 0;
  return H5Fis_hdf5(path) == 0;
}

/* "tsplib|supply-chain|osm|...": every wing's importers, for the hint. */
static void importer_names(char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < app_wing_count(); i++)
    for (const wing_command *c = app_wing_at(i)->imports; c && c->name; c++)
      if (len < cap) len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? "|" : "", c->name);
}

/* RESULTS.net.h5 beside the results: r.h5 -> r.net.h5, out -> out.net.h5. */
static void network_path(const char *results, char *net, size_t cap) {
  size_t len = strlen(results);
  if (len > 3 && strcmp(results + len - 3, ".h5") == 0) len -= 3;
  snprintf(net, cap, "%.*s.net.h5", (int)len, results);
}

ar_status solve_input_prepare(param_set *ps, char *net, size_t cap) {
  int rank = 0;
  ar_status st = ar_comm_rank_size(MPI_COMM_WORLD, &rank, NULL);
  /* Rank 0 looks and decides: -1 an HDF5 file (or missing: the reader says so), else the wing. */
  int pick[2] = {-1, -1};
  const char *input = ps->positional[0];
  if (st == AR_OK && rank == 0 && not_hdf5(input)) {
    pick[0] = -2;
    for (int i = 0; i < app_wing_count() && pick[0] == -2; i++) {
      const wing *w = app_wing_at(i);
      if (w->solve_recognises && w->solve && w->solve_recognises(input)) pick[0] = i;
    }
    if (pick[0] == -2) {
      char names[256];
      importer_names(names, sizeof names);
      st = ar_fail(AR_ERR_INPUT,
                   "%s is not an HDF5 file; convert it first: antroute import %s FILE -o "
                   "NETWORK.h5 (antroute import --help)",
                   input, names);
    }
  }
  st = ar_agree(MPI_COMM_WORLD, st);
  if (st == AR_OK)
    st = ar_agree(MPI_COMM_WORLD,
                  ar_mpi_check(MPI_Bcast(pick, 2, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Bcast"));
  if (st != AR_OK || pick[0] < 0) return st;
  const wing *w = app_wing_at(pick[0]);
  network_path(param_str(ps, "output"), net, cap);
  char o[] = "-o";
  char *argv[16] = {(char *)w->imports[w->solve_import].name, (char *)input, o, net};
  int argc = 4;
  for (const char *const *a = w->solve_import_budget_args;
       a && *a && argc < 15 && solve_budget_applies(ps); a++)
    argv[argc++] = (char *)*a;
  argv[argc] = NULL;
  st = w->imports[w->solve_import].run(argc, argv);
  if (st == AR_OK) ps->positional[0] = net;
  return st;
}
