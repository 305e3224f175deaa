/* SPDX-License-Identifier: BSD-3-Clause */
/* The network file round trip under MPI: rank 0 parses instances and writes them; every rank then
 * reads them back collectively and must get exactly the original. */
#include <errno.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "h5net_tour.h"
#include "test_util.h"
#include "tsplib_parse.h"

static int same_instance(const tour_net *a, const tour_net *b) {
  if (strcmp(a->name, b->name) != 0 || strcmp(a->comment, b->comment) != 0 || a->n != b->n ||
      a->metric != b->metric || a->directed != b->directed || a->optimum != b->optimum)
    return 0;
  size_t n = (size_t)a->n;
  if ((a->x == NULL) != (b->x == NULL) || (a->weights == NULL) != (b->weights == NULL) ||
      (a->known_tour == NULL) != (b->known_tour == NULL))
    return 0;
  if (a->x &&
      (memcmp(a->x, b->x, n * sizeof *a->x) != 0 || memcmp(a->y, b->y, n * sizeof *a->y) != 0))
    return 0;
  if (a->weights && memcmp(a->weights, b->weights, n * n * sizeof *a->weights) != 0) return 0;
  if (a->known_tour && memcmp(a->known_tour, b->known_tour, n * sizeof *a->known_tour) != 0)
    return 0;
  return 1;
}

/* Loads src/inputs/tsplib/NAME.EXT (and NAME.opt.tour when tour is set) on every rank. */
static int load(const char *src, const char *file, const char *tour, int64_t optimum, tour_net *t) {
  char path[4096];
  snprintf(path, sizeof path, "%s/inputs/tsplib/%s", src, file);
  if (tsplib_load_instance(path, t) != AR_OK) {
    fprintf(stderr, "%s\n", ar_error_message());
    return 0;
  }
  t->optimum = optimum;
  if (tour) {
    snprintf(path, sizeof path, "%s/inputs/tsplib/%s", src, tour);
    if (tsplib_load_tour(path, t->n, &t->known_tour) != AR_OK) {
      fprintf(stderr, "%s\n", ar_error_message());
      return 0;
    }
  }
  return 1;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const char *src = getenv("AR_SOURCE_DIR");
  const char *build = getenv("AR_BUILD_DIR");
  if (!src || !build) return 77;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/tests/tmp", build);
  if (rank == 0) {
    mkdir(dir, 0755);
    snprintf(dir, sizeof dir, "%s/tests/tmp/h5net_tour_mpi", build);
    mkdir(dir, 0755);
  }
  snprintf(dir, sizeof dir, "%s/tests/tmp/h5net_tour_mpi", build);

  static const struct {
    const char *file, *tour;
    int64_t optimum;
  } cases[] = {
      {"berlin52.tsp", "berlin52.opt.tour", 7542}, /* EUC_2D with a known tour */
      {"att532.tsp", NULL, 27686},                 /* ATT, no tour */
      {"ft70.atsp", NULL, -1},                     /* ATSP, explicit weights */
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    tour_net orig;
    int loaded = load(src, cases[c].file, cases[c].tour, cases[c].optimum, &orig);
    CHECK(loaded);
    if (!loaded) continue;
    char out[4200];
    snprintf(out, sizeof out, "%s/%s.h5", dir, cases[c].file);
    int wrote = 1;
    if (rank == 0) {
      ar_status st = h5net_tour_write_from(&orig, out, NULL, cases[c].file, cases[c].tour);
      if (st != AR_OK) fprintf(stderr, "write: %s\n", ar_error_message());
      wrote = st == AR_OK;
    }
    MPI_Bcast(&wrote, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(wrote);
    if (!wrote) {
      tour_net_free(&orig);
      continue;
    }
    char kind[32];
    CHECK_EQ_INT(h5net_kind(out, MPI_COMM_WORLD, kind, sizeof kind), AR_OK);
    CHECK(strcmp(kind, "tour") == 0);
    tour_net back;
    ar_status st = h5net_tour_read(out, MPI_COMM_WORLD, &back);
    if (st != AR_OK) fprintf(stderr, "[rank %d] read: %s\n", rank, ar_error_message());
    CHECK_EQ_INT(st, AR_OK);
    if (st == AR_OK) {
      int same = same_instance(&orig, &back);
      if (!same) fprintf(stderr, "[rank %d] %s differs after the round trip\n", rank, out);
      CHECK(same);
      if (cases[c].tour) CHECK_EQ_INT(tour_length(&back, back.known_tour), cases[c].optimum);
      tour_net_free(&back);
    }
    tour_net_free(&orig);
  }

  /* Every rank reports a missing file (and gets an empty instance). */
  char missing[4200];
  snprintf(missing, sizeof missing, "%s/none.h5", dir);
  tour_net none;
  CHECK_EQ_INT(h5net_tour_read(missing, MPI_COMM_WORLD, &none), AR_ERR_IO);
  CHECK(none.x == NULL && none.weights == NULL && none.n == 0);

  /* A write into a missing directory fails without leaving anything behind. */
  if (rank == 0) {
    tour_net t;
    if (load(src, "eil51.tsp", NULL, -1, &t)) {
      char bad[4200];
      snprintf(bad, sizeof bad, "%s/no/such/dir/x.h5", dir);
      CHECK_EQ_INT(h5net_tour_write(&t, bad, NULL), AR_ERR_IO);
      CHECK(access(bad, F_OK) != 0);
      tour_net_free(&t);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  (void)size;
  return 0;
}
