/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_inspect: a short summary of a tour results file (`antroute inspect RESULTS.h5`). */
#include <stdlib.h>
#include <string.h>

#include "h5field.h"
#include "h5res_fields.h"
#include "h5res_tour_fields.h"
#include "h5u.h"
#include "inspect_scalar.h"
#include "tour_net.h"
#include "wing_tour_inspect.h"

ar_status wing_tour_inspect_results(hid_t file, FILE *out) {
  char kind[64] = "?", instance[256] = "?", input[1024] = "?", algorithm[32] = "?",
       stopped[32] = "?";
  int64_t optimum = -1, colonies = 0, ants = 0, iterations = 0, epochs = 0, ranks = 0, threads = 0,
          epoch_it = 0;
  double seconds = 0, ips = 0, tps = 0;
  const h5field *R = h5res_run_fields, *F = h5res_tour_fields;
  ar_status st = h5u_attr_read_str(file, h5field_leaf(&R[H5RES_KIND]), kind, sizeof kind);
  if (st == AR_OK)
    st = h5u_attr_read_str(file, h5field_leaf(&R[H5RES_INSTANCE]), instance, sizeof instance);
  if (st == AR_OK) st = h5u_attr_read_str(file, h5field_leaf(&R[H5RES_INPUT]), input, sizeof input);
  if (st == AR_OK) st = h5u_attr_read_i64(file, h5field_leaf(&R[H5RES_OPTIMUM]), &optimum);
  if (st != AR_OK) return st;
  hid_t run = -1, layout = -1;
  st = h5u_group_open(file, "run", &run);
  if (st == AR_OK) st = h5u_attr_read_str(run, "algorithm", algorithm, sizeof algorithm);
  if (st == AR_OK) st = h5u_attr_read_str(run, "stopped_by", stopped, sizeof stopped);
  if (st == AR_OK) st = h5u_attr_read_i64(run, "colonies", &colonies);
  if (st == AR_OK) st = h5u_attr_read_i64(run, "ants", &ants);
  if (st == AR_OK) st = h5u_attr_read_i64(run, "iterations", &iterations);
  if (st == AR_OK) st = h5u_attr_read_i64(run, "epochs", &epochs);
  if (st == AR_OK) st = h5u_attr_read_i64(run, "epoch_iterations", &epoch_it);
  if (st == AR_OK) st = h5u_attr_read_f64(run, "seconds", &seconds);
  if (st == AR_OK) st = h5u_attr_read_f64(run, "iterations_per_second", &ips);
  if (st == AR_OK) st = h5u_attr_read_f64(run, "tours_per_second", &tps);
  if (run >= 0) H5Gclose(run);
  if (st == AR_OK) st = h5u_group_open(file, "layout", &layout);
  if (st == AR_OK) st = h5u_attr_read_i64(layout, "ranks", &ranks);
  if (st == AR_OK) st = h5u_attr_read_i64(layout, "threads_per_rank", &threads);
  if (layout >= 0) H5Gclose(layout);
  int64_t cost = inspect_scalar_i64(file, F[H5RES_TOUR_COST].path, &st);
  int64_t colony = inspect_scalar_i64(file, F[H5RES_TOUR_COLONY].path, &st);
  int64_t found = inspect_scalar_i64(file, F[H5RES_TOUR_ITERATION].path, &st);
  double when = inspect_scalar_f64(file, F[H5RES_TOUR_TIME].path, &st);
  if (st != AR_OK) return st;

  fprintf(out, "kind: %s\ninstance: %s\ninput: %s\n", kind, instance, input);
  if (optimum > 0)
    fprintf(out, "best cost: %lld (optimum %lld, gap %.3f %%)\n", (long long)cost,
            (long long)optimum, 100.0 * (double)(cost - optimum) / (double)optimum);
  else
    fprintf(out, "best cost: %lld (optimum unknown)\n", (long long)cost);
  const h5field *lb = &F[H5RES_TOUR_LOWER_BOUND];
  if (h5field_exists(file, lb)) {
    int64_t bound = inspect_scalar_i64(file, lb->path, &st);
    char method[64] = "?", by[32] = "?";
    const char *m = h5field_leaf(&F[H5RES_TOUR_BOUND_METHOD]);
    const char *c = h5field_leaf(&F[H5RES_TOUR_BOUND_COMPUTED_BY]);
    hid_t d = st == AR_OK ? H5Dopen2(file, lb->path, H5P_DEFAULT) : -1;
    if (d >= 0) {
      if (h5u_attr_exists(d, m)) h5u_attr_read_str(d, m, method, sizeof method);
      if (h5u_attr_exists(d, c)) h5u_attr_read_str(d, c, by, sizeof by);
      H5Dclose(d);
    }
    if (st != AR_OK) return st;
    fprintf(out, "lower bound: %lld (%s, computed by %s), gap to bound %.3f %%\n", (long long)bound,
            method, by, cost > 0 ? 100.0 * (double)(cost - bound) / (double)cost : 0.0);
  }
  if (found < 0)
    fprintf(out, "found: colony %lld, its first tour (before iteration 1), known at %.2f s\n",
            (long long)colony, when);
  else
    fprintf(out, "found: colony %lld, iteration %lld, known at %.2f s\n", (long long)colony,
            (long long)found, when);
  fprintf(out,
          "run: %s, %lld colonies x %lld ants, %lld iterations in %.2f s (%.0f iterations/s, "
          "%.0f tours/s), stopped by %s\n",
          algorithm, (long long)colonies, (long long)ants, (long long)iterations, seconds, ips, tps,
          stopped);
  fprintf(out, "epochs: %lld of %lld iterations\n", (long long)epochs, (long long)epoch_it);
  fprintf(out, "layout: %lld rank(s) x %lld thread(s)\n", (long long)ranks, (long long)threads);

  hsize_t dims[1];
  void *tour = NULL;
  st = h5field_read(file, &F[H5RES_TOUR_TOUR], dims, TOUR_MAX_N, &tour);
  if (st == AR_OK) {
    int perm = tour_is_permutation(tour, (int32_t)dims[0]);
    fprintf(out, "tour: %llu nodes, %s\n", (unsigned long long)dims[0],
            perm == 1 ? "a permutation of 0..n-1" : "NOT a permutation");
    if (perm == 0)
      st = ar_fail(AR_ERR_INPUT, "%s: %s is not a permutation", h5u_file_name(file),
                   F[H5RES_TOUR_TOUR].path);
  }
  free(tour);
  return st;
}
