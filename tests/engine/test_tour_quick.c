/* Development driver (not registered as a test): solves a TSPLIB coordinate file or a random
 * instance and prints the result. */
#include <math.h>
#include <omp.h>

#include "engine_fixture.h"
#include "test_util.h"

static int read_tsp(const char *path, tour_net *t) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char line[512];
  memset(t, 0, sizeof *t);
  t->optimum = -1;
  int in_coords = 0, i = 0;
  while (fgets(line, sizeof line, f)) {
    if (!in_coords) {
      char key[64], val[128];
      if (sscanf(line, " %63[^: ] : %127s", key, val) == 2) {
        if (!strcmp(key, "DIMENSION")) {
          t->n = atoi(val);
          t->x = malloc(sizeof(double) * t->n);
          t->y = malloc(sizeof(double) * t->n);
        }
        if (!strcmp(key, "EDGE_WEIGHT_TYPE")) tour_metric_parse(val, &t->metric);
        if (!strcmp(key, "NAME")) snprintf(t->name, sizeof t->name, "%s", val);
      }
      if (!strncmp(line, "NODE_COORD_SECTION", 18)) in_coords = 1;
    } else {
      int id;
      double x, y;
      if (sscanf(line, "%d %lf %lf", &id, &x, &y) == 3 && i < t->n) {
        t->x[i] = x;
        t->y[i] = y;
        i++;
      }
    }
  }
  fclose(f);
  return i == t->n ? 0 : -1;
}

int test_run(int argc, char **argv) {
  if (argc < 2) return 77;
  tour_net t;
  int64_t iters = argc > 2 ? atoll(argv[2]) : 200;
  if (read_tsp(argv[1], &t) != 0) t = fixture_random_euc(atoi(argv[1]), 7);
  tour_options to = tour_options_default();
  aco_params par = aco_params_default();
  par.iterations = iters > 0 ? iters : 0;
  par.time_limit = iters > 0 ? 0 : -iters;
  const char *e;
  if ((e = getenv("ANTS"))) par.ants = atoi(e);
  if ((e = getenv("RHO"))) par.rho = atof(e);
  if ((e = getenv("BETA"))) par.beta = atof(e);
  if ((e = getenv("PBEST"))) par.p_best = atof(e);
  if ((e = getenv("PGBEST"))) par.p_gbest = atof(e);
  if ((e = getenv("NEWEDGES"))) to.new_edges = atoi(e);
  if ((e = getenv("CAND"))) to.candidates = atoi(e);
  if ((e = getenv("LSK"))) to.ls_neighbours = atoi(e);
  if ((e = getenv("LS"))) to.ls = (tour_ls_kind)atoi(e);
  if ((e = getenv("SEED"))) par.seed = (uint64_t)atoll(e);
  if ((e = getenv("RESTART"))) par.restart_iterations = atoll(e);
  if ((e = getenv("ACS"))) par.algorithm = ACO_ACS;
  if ((e = getenv("Q0"))) par.q0 = atof(e);
  if ((e = getenv("COLONIES"))) par.colonies = atoi(e);
  int32_t *tour = malloc(sizeof(int32_t) * t.n);
  int64_t len = 0;
  double t0 = omp_get_wtime();
  tour_problem tp;
  aco_problem p;
  ar_status st = tour_problem_create(&t, &to, &tp, &p);
  aco_engine *eng = NULL;
  if (st == AR_OK) st = aco_engine_create(&p, &par, MPI_COMM_SELF, &eng);
  double t1 = omp_get_wtime();
  if (st == AR_OK) st = aco_engine_run(eng, NULL);
  aco_engine_info in;
  aco_engine_get_info(eng, &in);
  len = (int64_t)in.best_cost.key[0];
  printf("%s n=%d len %lld setup %.2f run %.2f it %lld best_it %lld\n", t.name, t.n, (long long)len,
         t1 - t0, omp_get_wtime() - t1, (long long)in.iteration, (long long)in.best_iteration);
  aco_engine_free(eng);
  tour_problem_free(&tp);
  CHECK(st == AR_OK);
  free(tour);
  tour_net_free(&t);
  return 0;
}
