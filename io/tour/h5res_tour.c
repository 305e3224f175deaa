/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_tour: /best of a tour results file. /best/tour (0-based visiting order) and /best/cost
 * are a fixed interface: tests, the contract checks and `antroute report` read them. */
#include "h5res_tour.h"
#include "ar_agree.h"
#include "h5field.h"
#include "h5res_tour_fields.h"
#include "h5u.h"

ar_status h5res_write_tour_best(hid_t file, const aco_engine *e, const tour_problem *tp,
                                const h5res_info *info) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  int root = in.rank == 0;
  int64_t cost = (int64_t)in.best_cost.key[0];
  int32_t colony = in.best_colony;
  int64_t iteration = in.best_iteration;
  double time = in.best_time;
  /* Times differ between ranks; rank 0's are the ones written. */
  ar_status st = ar_mpi_check(MPI_Bcast(&time, 1, MPI_DOUBLE, 0, in.comm),
                              "MPI_Bcast of the best tour's time, writing /best");
  if (st != AR_OK) return st;
  hid_t g = -1;
  hsize_t dn[1] = {(hsize_t)tp->n};
  st = h5u_group_create(file, "best", &g);
  const h5field *F = h5res_tour_fields;
  /* tour and cost carry no attributes of their own: `h5dump -d /best/tour -y -O /dev/null`
   * must print exactly the numbers (scripts rely on it); their meaning lives on /best. */
  h5field costf = h5field_with_unit(&F[H5RES_TOUR_COST], info->cost_units);
  h5field optimum = h5field_with_unit(&F[H5RES_TOUR_OPTIMUM], info->cost_units);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_TOUR_TOUR], dn, root ? in.best : NULL);
  if (st == AR_OK) st = h5field_write(g, &costf, NULL, root ? &cost : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_TOUR_COLONY], NULL, root ? &colony : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_TOUR_ITERATION], NULL, root ? &iteration : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_TOUR_TIME], NULL, root ? &time : NULL);
  if (st == AR_OK && info->optimum > 0) {
    st = h5field_attr_i64(g, &optimum, info->optimum);
    if (st == AR_OK)
      st = h5field_attr_f64(g, &F[H5RES_TOUR_GAP_PERCENT],
                            100.0 * (double)(cost - info->optimum) / (double)info->optimum);
  }
  st = h5u_group_close(g, st);
  return st;
}

ar_status h5res_write_tour_bound(hid_t file, const aco_engine *e, const tour_lower_bound *b,
                                 int computed_by_solve, const char *cost_units) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  int root = in.rank == 0;
  double best = in.best_cost.key[0];
  double gap = best > 0 ? 100.0 * (best - (double)b->value) / best : 0.0;
  hid_t g = H5Gopen2(file, "best", H5P_DEFAULT);
  if (g < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot open /best", h5u_file_name(file));
  const h5field *F = h5res_tour_fields;
  h5field lower = h5field_with_unit(&F[H5RES_TOUR_LOWER_BOUND], cost_units);
  ar_status st = h5field_write(g, &lower, NULL, root ? &b->value : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_TOUR_GAP_TO_BOUND], NULL, root ? &gap : NULL);
  const char *bound = h5field_leaf(&F[H5RES_TOUR_LOWER_BOUND]);
  hid_t d = st == AR_OK ? H5Dopen2(g, bound, H5P_DEFAULT) : -1;
  if (st == AR_OK && d < 0)
    st = ar_fail(AR_ERR_HDF5, "%s: cannot reopen %s", h5u_file_name(file),
                 F[H5RES_TOUR_LOWER_BOUND].path);
  if (st == AR_OK) st = h5field_attr_str(d, &F[H5RES_TOUR_BOUND_METHOD], b->method);
  if (st == AR_OK) st = h5field_attr_i64(d, &F[H5RES_TOUR_BOUND_ASCENT_STEPS], b->ascent_steps);
  if (st == AR_OK) st = h5field_attr_i64(d, &F[H5RES_TOUR_BOUND_EXACT_CHECKS], b->exact_checks);
  if (st == AR_OK) st = h5field_attr_f64(d, &F[H5RES_TOUR_BOUND_SECONDS], b->seconds);
  if (st == AR_OK)
    st = h5field_attr_str(d, &F[H5RES_TOUR_BOUND_COMPUTED_BY],
                          computed_by_solve ? "solve" : "import");
  if (d >= 0) H5Dclose(d);
  H5Gclose(g);
  return st;
}
