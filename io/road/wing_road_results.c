/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_results: inspect and report summaries of road tour results (see
 * wing_road_results.h). */
#include "wing_road_results.h"

#include "h5u.h"
#include "wing_tour_inspect.h"
#include "wing_tour_report.h"

/* "route: 12.345 km, 23.4 min over 1234 road nodes (time in s)" and the road file. */
static ar_status route_lines(hid_t file, FILE *out) {
  if (!h5u_link_exists(file, "route"))
    return ar_fail(AR_ERR_INPUT, "%s: has no /route group (a road tour's results have one)",
                   h5u_file_name(file));
  hid_t g;
  ar_status st = h5u_group_open(file, "route", &g);
  if (st != AR_OK) return st;
  double metres = 0, seconds = 0;
  char cost[16] = "?", units[8] = "?", roads[1024] = "?";
  st = h5u_attr_read_f64(g, "metres", &metres);
  if (st == AR_OK) st = h5u_attr_read_f64(g, "seconds", &seconds);
  if (st == AR_OK) st = h5u_attr_read_str(g, "cost", cost, sizeof cost);
  if (st == AR_OK) st = h5u_attr_read_str(g, "cost_units", units, sizeof units);
  if (st == AR_OK) st = h5u_attr_read_str(g, "roads", roads, sizeof roads);
  hsize_t nodes = 0;
  hid_t d = st == AR_OK ? H5Dopen2(g, "node_id", H5P_DEFAULT) : -1;
  if (d >= 0) {
    hid_t space = H5Dget_space(d);
    if (space >= 0) nodes = (hsize_t)H5Sget_simple_extent_npoints(space);
    if (space >= 0) H5Sclose(space);
    H5Dclose(d); /* only read */
  }
  H5Gclose(g); /* only read */
  if (st != AR_OK) return st;
  fprintf(out, "route: %.3f km, %.1f min over %llu road nodes (cost: %s in %s)\n", metres / 1000,
          seconds / 60, (unsigned long long)nodes, cost, units);
  fprintf(out, "roads: %s\n", roads);
  return AR_OK;
}

ar_status wing_road_results_inspect(hid_t file, FILE *out) {
  ar_status st = wing_tour_inspect_results(file, out);
  return st == AR_OK ? route_lines(file, out) : st;
}

ar_status wing_road_results_report(hid_t file, FILE *out, wing_report_facts *facts) {
  ar_status st = wing_tour_report_summary(file, out, facts);
  if (st == AR_OK && route_lines(file, out) != AR_OK) {
    fprintf(out, "route: none (%s)\n", ar_error_message());
    ar_error_clear();
  }
  return st;
}
