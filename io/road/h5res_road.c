/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_road: the /route group of a road tour's results (see h5res_road.h). */
#include "h5res_road.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5field.h"
#include "h5u.h"
#include "inspect_scalar.h"

static ar_status write_attrs(hid_t g, const road_route *r, const road_stop_set *s,
                             const char *node_ids) {
  ar_status st = h5u_attr_write_str(g, "cost", road_cost_name(s->cost));
  if (st == AR_OK) st = h5u_attr_write_str(g, "cost_units", road_cost_units(s->cost));
  if (st == AR_OK) st = h5u_attr_write_f64(g, "metres", r->metres);
  if (st == AR_OK) st = h5u_attr_write_f64(g, "seconds", r->seconds);
  /* Their units and meanings beside them (docs/formats.md, "Units"). */
  if (st == AR_OK)
    st = h5field_attr_annotate(g, "metres", "m", "length of the whole route over the roads");
  if (st == AR_OK)
    st = h5field_attr_annotate(g, "seconds", "s", "travel time of the whole route over the roads");
  if (st == AR_OK)
    st =
        h5field_attr_annotate(g, "cost", NULL, "what the tour minimised: \"time\" or \"distance\"");
  if (st == AR_OK) st = h5field_attr_annotate(g, "roads", NULL, "the road network file");
  if (st == AR_OK)
    st = h5field_attr_annotate(g, "roads_digest", NULL, "digest of the road network's contents");
  if (st == AR_OK)
    st = h5field_attr_annotate(g, "node_ids", NULL, "what /route/node_id means: \"osm\", ...");
  if (st == AR_OK) st = h5u_attr_write_str(g, "roads", s->roads);
  if (st == AR_OK) st = h5u_attr_write_str(g, "roads_digest", s->roads_digest);
  if (st == AR_OK) st = h5u_attr_write_str(g, "node_ids", node_ids);
  return st;
}

static ar_status write_path(hid_t g, const road_route *r, const road_graph *gr, int root) {
  hsize_t p[1] = {(hsize_t)r->nodes};
  int64_t *ids = malloc((size_t)r->nodes * sizeof *ids);
  double *lat = gr->lat ? malloc((size_t)r->nodes * sizeof *lat) : NULL;
  double *lon = gr->lat ? malloc((size_t)r->nodes * sizeof *lon) : NULL;
  ar_status st = ids && (!gr->lat || (lat && lon)) ? AR_OK : ar_fail(AR_ERR_NOMEM, "out of memory");
  for (int64_t i = 0; st == AR_OK && i < r->nodes; i++) {
    ids[i] = gr->node_id[r->node[i]];
    if (lat) lat[i] = gr->lat[r->node[i]];
    if (lon) lon[i] = gr->lon[r->node[i]];
  }
  if (st == AR_OK)
    st = h5u_write(g, "node", H5T_NATIVE_INT32, 1, p, root ? r->node : NULL, "node index",
                   "the route's road nodes (rows of the road file), the first stop's at both ends");
  if (st == AR_OK)
    st = h5u_write(g, "node_id", H5T_NATIVE_INT64, 1, p, root ? ids : NULL, "id",
                   "the source's id of each node on the route (see the attribute node_ids)");
  if (st == AR_OK && lat)
    st = h5u_write(g, "lat", H5T_NATIVE_DOUBLE, 1, p, root ? lat : NULL, "degrees north",
                   "latitude of each node on the route");
  if (st == AR_OK && lon)
    st = h5u_write(g, "lon", H5T_NATIVE_DOUBLE, 1, p, root ? lon : NULL, "degrees east",
                   "longitude of each node on the route");
  free(ids);
  free(lat);
  free(lon);
  return st;
}

static ar_status write_legs(hid_t g, const road_route *r, const road_stop_set *s, int root) {
  hsize_t n1[1] = {(hsize_t)r->legs + 1}, n[1] = {(hsize_t)r->legs};
  ar_status st =
      h5u_write(g, "leg_offsets", H5T_NATIVE_INT64, 1, n1, root ? r->leg_offset : NULL,
                "node position", "leg k runs from node[leg_offsets[k]] to node[leg_offsets[k+1]]");
  if (st == AR_OK)
    st = h5u_write(g, "leg_metres", H5T_NATIVE_DOUBLE, 1, n, root ? r->leg_metres : NULL, "m",
                   "length of each leg");
  if (st == AR_OK)
    st = h5u_write(g, "leg_seconds", H5T_NATIVE_DOUBLE, 1, n, root ? r->leg_seconds : NULL, "s",
                   "travel time of each leg");
  if (st == AR_OK)
    st = h5u_write_strings(g, "stop_id", (const char *const *)s->stops.id, n[0],
                           "the stops' ids, in CSV row order");
  if (st == AR_OK)
    st = h5u_write(g, "stop_lat", H5T_NATIVE_DOUBLE, 1, n, root ? s->stops.lat : NULL,
                   "degrees north", "the stops' CSV latitudes, in CSV row order");
  if (st == AR_OK)
    st = h5u_write(g, "stop_lon", H5T_NATIVE_DOUBLE, 1, n, root ? s->stops.lon : NULL,
                   "degrees east", "the stops' CSV longitudes, in CSV row order");
  return st;
}

ar_status h5res_road_write(hid_t file, const road_route *r, const road_graph *g,
                           const road_stop_set *s, const char *node_ids, int root) {
  hid_t grp = -1;
  ar_status st = h5u_group_create(file, "route", &grp);
  if (st != AR_OK) return st;
  st = write_attrs(grp, r, s, node_ids);
  if (st == AR_OK) st = write_path(grp, r, g, root);
  if (st == AR_OK) st = write_legs(grp, r, s, root);
  return h5u_group_close(grp, st);
}

/* --- Reading ---------------------------------------------------------------------------------- */

void h5res_road_route_free(h5res_road_route *rr) {
  free(rr->tour);
  free(rr->node_id);
  free(rr->lat);
  free(rr->lon);
  free(rr->leg_offset);
  if (rr->stop_id) h5u_free_strings(rr->stop_id, (hsize_t)rr->n);
  free(rr->stop_lat);
  free(rr->stop_lon);
  memset(rr, 0, sizeof *rr);
}

/* A 1-D dataset of exactly want rows (want < 0: any), read whole. */
static ar_status read_1d(hid_t f, const char *path, hid_t type, int64_t want, int64_t *rows,
                         void **data) {
  hsize_t dims[1] = {0};
  ar_status st = h5u_read(f, path, type, 1, dims, (uint64_t)1 << 34, data);
  if (st == AR_OK && want >= 0 && dims[0] != (hsize_t)want)
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %llu rows, expected %lld", h5u_file_name(f),
                 path, (unsigned long long)dims[0], (long long)want);
  if (st == AR_OK && rows) *rows = (int64_t)dims[0];
  return st;
}

static ar_status read_attrs(hid_t f, h5res_road_route *rr) {
  hid_t g;
  ar_status st = h5u_group_open(f, "route", &g);
  if (st != AR_OK) return st;
  st = h5u_attr_read_str(g, "cost", rr->cost, sizeof rr->cost);
  if (st == AR_OK) st = h5u_attr_read_str(g, "cost_units", rr->cost_units, sizeof rr->cost_units);
  if (st == AR_OK) st = h5u_attr_read_str(g, "roads", rr->roads, sizeof rr->roads);
  if (st == AR_OK) st = h5u_attr_read_f64(g, "metres", &rr->metres);
  if (st == AR_OK) st = h5u_attr_read_f64(g, "seconds", &rr->seconds);
  H5Gclose(g); /* only read */
  if (st == AR_OK && h5u_attr_exists(f, "input"))
    st = h5u_attr_read_str(f, "input", rr->input, sizeof rr->input);
  return st;
}

/* /best/tour a permutation of the stops; the legs' offsets increasing within the path. */
static ar_status check_route(hid_t f, const h5res_road_route *rr) {
  const char *name = h5u_file_name(f);
  char *seen = calloc((size_t)rr->n, 1);
  if (!seen) return ar_fail(AR_ERR_NOMEM, "out of memory");
  ar_status st = AR_OK;
  for (int32_t i = 0; i < rr->n && st == AR_OK; i++) {
    int32_t v = rr->tour[i];
    if (v < 0 || v >= rr->n || seen[v])
      st = ar_fail(AR_ERR_INPUT, "%s: dataset /best/tour row %d: %d is not a stop or repeats one",
                   name, (int)i, (int)v);
    else
      seen[v] = 1;
  }
  free(seen);
  for (int32_t k = 0; k <= rr->n && st == AR_OK; k++) {
    int64_t o = rr->leg_offset[k], before = k ? rr->leg_offset[k - 1] : 0;
    if (o < before || o >= rr->nodes || (k == rr->n && o != rr->nodes - 1))
      st = ar_fail(AR_ERR_INPUT,
                   "%s: dataset /route/leg_offsets row %d: %lld is not a position "
                   "on the path of %lld nodes",
                   name, (int)k, (long long)o, (long long)rr->nodes);
  }
  return st;
}

static ar_status read_contents(hid_t f, h5res_road_route *rr) {
  int64_t n = 0;
  void *p = NULL;
  ar_status st = read_1d(f, "best/tour", H5T_NATIVE_INT32, -1, &n, &p);
  rr->tour = p;
  rr->n = (int32_t)n;
  if (st == AR_OK) rr->best_cost = inspect_scalar_i64(f, "best/cost", &st);
  if (st == AR_OK) st = read_attrs(f, rr);
  if (st == AR_OK) st = read_1d(f, "route/node_id", H5T_NATIVE_INT64, -1, &rr->nodes, &p);
  if (st == AR_OK) rr->node_id = p;
  if (st == AR_OK && h5u_link_exists(f, "route/lat")) {
    st = read_1d(f, "route/lat", H5T_NATIVE_DOUBLE, rr->nodes, NULL, &p);
    rr->lat = st == AR_OK ? p : NULL;
    if (st == AR_OK) st = read_1d(f, "route/lon", H5T_NATIVE_DOUBLE, rr->nodes, NULL, &p);
    rr->lon = st == AR_OK ? p : NULL;
  }
  if (st == AR_OK) st = read_1d(f, "route/leg_offsets", H5T_NATIVE_INT64, n + 1, NULL, &p);
  if (st == AR_OK) rr->leg_offset = p;
  hsize_t ids = 0;
  if (st == AR_OK) st = h5u_read_strings(f, "route/stop_id", (uint64_t)n, &ids, &rr->stop_id);
  if (st == AR_OK && ids != (hsize_t)n)
    st = ar_fail(AR_ERR_INPUT, "%s: dataset /route/stop_id has %llu rows, expected %lld",
                 h5u_file_name(f), (unsigned long long)ids, (long long)n);
  if (st == AR_OK) st = read_1d(f, "route/stop_lat", H5T_NATIVE_DOUBLE, n, NULL, &p);
  if (st == AR_OK) rr->stop_lat = p;
  if (st == AR_OK) st = read_1d(f, "route/stop_lon", H5T_NATIVE_DOUBLE, n, NULL, &p);
  if (st == AR_OK) rr->stop_lon = p;
  if (st == AR_OK && (n < 1 || rr->nodes < 1))
    st = ar_fail(AR_ERR_INPUT, "%s: the route is empty", h5u_file_name(f));
  if (st == AR_OK) st = check_route(f, rr);
  return st;
}

ar_status h5res_road_read(const char *path, h5res_road_route *rr) {
  memset(rr, 0, sizeof *rr);
  hid_t f;
  ar_status st = h5u_open_read(path, MPI_COMM_SELF, &f);
  if (st != AR_OK) return st;
  if (!h5u_link_exists(f, "route"))
    st = ar_fail(AR_ERR_INPUT, "%s: has no /route group (not the results of a road tour)", path);
  if (st == AR_OK) st = read_contents(f, rr);
  h5u_close(f);
  if (st != AR_OK) h5res_road_route_free(rr);
  return st;
}
