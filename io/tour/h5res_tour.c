/* h5res_tour: /best of a tour results file. /best/tour (0-based visiting order) and /best/cost
 * are a fixed interface: tests, the contract checks and `antroute report` read them. */
#include "h5res_tour.h"
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
  if (MPI_Bcast(&time, 1, MPI_DOUBLE, 0, in.comm) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Bcast failed writing /best");
  hid_t g = -1;
  hsize_t dn[1] = {(hsize_t)tp->n};
  ar_status st = h5u_group_create(file, "best", &g);
  /* tour and cost carry no attributes of their own: `h5dump -d /best/tour -y -O /dev/null`
   * must print exactly the numbers (scripts rely on it); their description lives on /best. */
  if (st == AR_OK)
    st = h5u_write(g, "tour", H5T_NATIVE_INT32, 1, dn, root ? in.best : NULL, NULL, NULL);
  if (st == AR_OK)
    st = h5u_write(g, "cost", H5T_NATIVE_INT64, 0, NULL, root ? &cost : NULL, NULL, NULL);
  if (st == AR_OK)
    st = h5u_attr_write_str(g, "tour",
                            "0-based node indices in visiting order (the tour returns "
                            "to the first node)");
  if (st == AR_OK)
    st = h5u_attr_write_str(g, "cost",
                            "length of the tour in TSPLIB integer distance, "
                            "recomputed from scratch before writing");
  if (st == AR_OK)
    st = h5u_write(g, "colony", H5T_NATIVE_INT32, 0, NULL, root ? &colony : NULL, NULL,
                   "the colony that found it");
  if (st == AR_OK)
    st = h5u_write(g, "iteration", H5T_NATIVE_INT64, 0, NULL, root ? &iteration : NULL, NULL,
                   "the iteration (0-based) in which it was found; -1: the colony's first tour");
  if (st == AR_OK)
    st = h5u_write(g, "time", H5T_NATIVE_DOUBLE, 0, NULL, root ? &time : NULL, "s",
                   "seconds since the start when it became known (at an epoch end)");
  if (st == AR_OK && info->optimum > 0) {
    st = h5u_attr_write_i64(g, "optimum", info->optimum);
    if (st == AR_OK)
      st = h5u_attr_write_f64(g, "gap_percent",
                              100.0 * (double)(cost - info->optimum) / (double)info->optimum);
  }
  st = h5u_group_close(g, st);
  return st;
}

ar_status h5res_write_tour_bound(hid_t file, const aco_engine *e, const tour_lower_bound *b,
                                 int computed_by_solve) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  int root = in.rank == 0;
  double best = in.best_cost.key[0];
  double gap = best > 0 ? 100.0 * (best - (double)b->value) / best : 0.0;
  hid_t g = H5Gopen2(file, "best", H5P_DEFAULT);
  if (g < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot open /best", h5u_file_name(file));
  ar_status st =
      h5u_write(g, "lower_bound", H5T_NATIVE_INT64, 0, NULL, root ? &b->value : NULL,
                "TSPLIB integer distance", "a proven lower bound on every tour's length");
  if (st == AR_OK)
    st =
        h5u_write(g, "gap_to_bound", H5T_NATIVE_DOUBLE, 0, NULL, root ? &gap : NULL, "percent",
                  "100 (cost - lower_bound) / cost: how far the best tour can be from the optimum");
  hid_t d = st == AR_OK ? H5Dopen2(g, "lower_bound", H5P_DEFAULT) : -1;
  if (st == AR_OK && d < 0)
    st = ar_fail(AR_ERR_HDF5, "%s: cannot reopen /best/lower_bound", h5u_file_name(file));
  if (st == AR_OK) st = h5u_attr_write_str(d, "method", b->method);
  if (st == AR_OK) st = h5u_attr_write_i64(d, "ascent_steps", b->ascent_steps);
  if (st == AR_OK) st = h5u_attr_write_i64(d, "exact_checks", b->exact_checks);
  if (st == AR_OK) st = h5u_attr_write_f64(d, "seconds", b->seconds);
  if (st == AR_OK)
    st = h5u_attr_write_str(d, "computed_by", computed_by_solve ? "solve" : "import");
  if (d >= 0) H5Dclose(d);
  H5Gclose(g);
  return st;
}
