/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_stops: write and read the stops file (see h5net_stops.h). */
#include "h5net_stops.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5meta.h"
#include "h5net.h"
#include "h5net_tour.h"
#include "h5u.h"

void road_stop_set_free(road_stop_set *s) {
  road_stops_free(&s->stops);
  free(s->node);
  free(s->node_id);
  free(s->snap_metres);
  memset(s, 0, sizeof *s);
}

/* --- Writing ---------------------------------------------------------------------------------- */

static ar_status write_root(hid_t file, const road_stop_set *s, const param_set *ps) {
  char name[256], comment[1400];
  const char *base = strrchr(s->stops_csv, '/');
  snprintf(name, sizeof name, "%s", base ? base + 1 : s->stops_csv);
  char *dot = strrchr(name, '.');
  if (dot && dot != name) *dot = '\0';
  snprintf(comment, sizeof comment, "%d stops of %s on the road network %s; %s in %s",
           (int)s->stops.n, s->stops_csv, s->roads, road_cost_name(s->cost),
           road_cost_units(s->cost));
  ar_status st = h5meta_write(file, H5META_NETWORK, H5NET_STOPS_VERSION, ps);
  if (st == AR_OK) st = h5u_attr_write_str(file, "kind", H5NET_STOPS_KIND);
  if (st == AR_OK) st = h5u_attr_write_str(file, "name", name);
  if (st == AR_OK) st = h5u_attr_write_str(file, "source", s->stops_csv);
  if (st == AR_OK) st = h5u_attr_write_str(file, "comment", comment);
  if (st == AR_OK) st = h5u_attr_write_str(file, "attribution", s->attribution);
  return st;
}

static ar_status write_tour(hid_t file, const road_stop_set *s, int32_t first, int32_t count,
                            const int32_t *rows) {
  hid_t group;
  ar_status st = h5u_group_create(file, "tour", &group);
  if (st != AR_OK) return st;
  char units[96];
  snprintf(units, sizeof units, "%s (road %s, rounded per leg)", road_cost_units(s->cost),
           road_cost_name(s->cost));
  st = h5u_attr_write_i64(group, "n", s->stops.n);
  if (st == AR_OK) st = h5u_attr_write_str(group, "metric", "EXPLICIT");
  if (st == AR_OK) st = h5u_attr_write_i64(group, "directed", 1);
  if (st == AR_OK) st = h5u_attr_write_i64(group, "optimum", -1);
  if (st == AR_OK) st = h5u_attr_write_str(group, "distance_units", units);
  hid_t dset = -1;
  hsize_t dims[2] = {(hsize_t)s->stops.n, (hsize_t)s->stops.n};
  if (st == AR_OK) st = h5u_dataset_create(group, "weights", H5T_NATIVE_INT32, 2, dims, &dset);
  if (st == AR_OK)
    st = h5u_write_rows(dset, H5T_NATIVE_INT32, (hsize_t)first, (hsize_t)count, rows);
  if (dset >= 0) st = h5u_dataset_close(dset, st);
  if (st == AR_OK) st = h5u_dataset_attr_write_str(group, "weights", "units", units);
  if (st == AR_OK)
    st = h5u_dataset_attr_write_str(group, "weights", "description",
                                    "weights[i][j] = shortest-path cost from stop i to stop j "
                                    "(rows of the stops CSV, 0-based)");
  return h5u_group_close(group, st);
}

static ar_status write_road_attrs(hid_t group, const road_stop_set *s) {
  ar_status st = h5u_attr_write_str(group, "cost", road_cost_name(s->cost));
  if (st == AR_OK) st = h5u_attr_write_str(group, "cost_units", road_cost_units(s->cost));
  if (st == AR_OK)
    st = h5u_attr_write_str(group, "rounding",
                            "each leg's exact path cost rounded to the nearest whole unit");
  if (st == AR_OK) st = h5u_attr_write_str(group, "roads", s->roads);
  if (st == AR_OK) st = h5u_attr_write_str(group, "roads_name", s->roads_name);
  if (st == AR_OK) st = h5u_attr_write_str(group, "roads_digest", s->roads_digest);
  if (st == AR_OK) st = h5u_attr_write_f64(group, "max_snap_metres", s->max_snap);
  if (st == AR_OK)
    st = h5u_attr_write_f64(group, "snap_max_metres", s->snap_metres[s->snap_max_stop]);
  if (st == AR_OK) st = h5u_attr_write_i64(group, "snap_max_stop", s->snap_max_stop);
  if (st == AR_OK) st = h5u_attr_write_str(group, "stops_csv", s->stops_csv);
  return st;
}

static ar_status write_road(hid_t file, const road_stop_set *s) {
  hid_t group;
  ar_status st = h5u_group_create(file, "road", &group);
  if (st != AR_OK) return st;
  hsize_t n[1] = {(hsize_t)s->stops.n};
  st = write_road_attrs(group, s);
  if (st == AR_OK)
    st = h5u_write_strings(group, "stop_id", (const char *const *)s->stops.id, n[0],
                           "the stop ids of the CSV, in its row order");
  if (st == AR_OK)
    st = h5u_write(group, "stop_line", H5T_NATIVE_INT64, 1, n, s->stops.line, "line",
                   "the CSV line of each stop (the header is line 1)");
  if (st == AR_OK)
    st = h5u_write(group, "stop_lat", H5T_NATIVE_DOUBLE, 1, n, s->stops.lat, "degrees north",
                   "the stop's latitude as given");
  if (st == AR_OK)
    st = h5u_write(group, "stop_lon", H5T_NATIVE_DOUBLE, 1, n, s->stops.lon, "degrees east",
                   "the stop's longitude as given");
  if (st == AR_OK)
    st = h5u_write(group, "stop_node", H5T_NATIVE_INT32, 1, n, s->node, "node index",
                   "the road node the stop snapped to (a row of the road file's /road/lat)");
  if (st == AR_OK)
    st = h5u_write(group, "stop_node_id", H5T_NATIVE_INT64, 1, n, s->node_id, "id",
                   "that node's source id (/road/node_id of the road file)");
  if (st == AR_OK)
    st = h5u_write(group, "snap_metres", H5T_NATIVE_DOUBLE, 1, n, s->snap_metres, "m",
                   "great-circle distance from the stop to its road node");
  return h5u_group_close(group, st);
}

ar_status h5net_stops_write(const char *path, MPI_Comm comm, const road_stop_set *set,
                            int32_t first, int32_t count, const int32_t *rows,
                            const param_set *ps) {
  h5u_output out;
  ar_status st = h5u_output_create(&out, path, comm);
  if (st != AR_OK) return st;
  st = write_root(out.file, set, ps);
  if (st == AR_OK) st = write_tour(out.file, set, first, count, rows);
  if (st == AR_OK) st = write_road(out.file, set);
  st = ar_agree(comm, st);
  if (st != AR_OK) {
    h5u_output_abort(&out);
    return st;
  }
  return h5u_output_commit(&out);
}

/* --- Reading ---------------------------------------------------------------------------------- */

static ar_status read_n(hid_t file, const char *path, hid_t type, int32_t n, void **data) {
  hsize_t dims[1] = {0};
  ar_status st = h5u_read(file, path, type, 1, dims, (uint64_t)n, data);
  if (st == AR_OK && dims[0] != (hsize_t)n) {
    free(*data);
    *data = NULL;
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %llu rows, expected %d (the stops)",
                 h5u_file_name(file), path, (unsigned long long)dims[0], (int)n);
  }
  return st;
}

static ar_status read_road_attrs(hid_t file, road_stop_set *s) {
  hid_t g;
  ar_status st = h5u_group_open(file, "/road", &g);
  if (st != AR_OK) return st;
  char cost[32] = "";
  st = h5u_attr_read_str(g, "cost", cost, sizeof cost);
  if (st == AR_OK) st = h5u_attr_read_str(g, "roads", s->roads, sizeof s->roads);
  if (st == AR_OK) st = h5u_attr_read_str(g, "roads_name", s->roads_name, sizeof s->roads_name);
  if (st == AR_OK)
    st = h5u_attr_read_str(g, "roads_digest", s->roads_digest, sizeof s->roads_digest);
  if (st == AR_OK) st = h5u_attr_read_f64(g, "max_snap_metres", &s->max_snap);
  int64_t far = 0;
  if (st == AR_OK) st = h5u_attr_read_i64(g, "snap_max_stop", &far);
  if (st == AR_OK) st = h5u_attr_read_str(g, "stops_csv", s->stops_csv, sizeof s->stops_csv);
  H5Gclose(g);
  if (st == AR_OK && h5u_attr_exists(file, "attribution"))
    st = h5u_attr_read_str(file, "attribution", s->attribution, sizeof s->attribution);
  if (st != AR_OK) return st;
  if (road_cost_parse(cost, &s->cost) != 0)
    return ar_fail(AR_ERR_INPUT, "%s: /road attribute cost '%s' is neither 'time' nor 'distance'",
                   h5u_file_name(file), cost);
  if (far < 0 || far >= s->stops.n)
    return ar_fail(AR_ERR_INPUT, "%s: /road attribute snap_max_stop = %lld is not a stop",
                   h5u_file_name(file), (long long)far);
  s->snap_max_stop = (int32_t)far;
  return AR_OK;
}

static ar_status check_stops(hid_t file, const road_stop_set *s) {
  const char *name = h5u_file_name(file);
  for (int32_t i = 0; i < s->stops.n; i++) {
    if (s->node[i] < 0)
      return ar_fail(AR_ERR_INPUT, "%s: dataset /road/stop_node row %d: %d is not a node", name,
                     (int)i, (int)s->node[i]);
    if (!isfinite(s->snap_metres[i]) || s->snap_metres[i] < 0)
      return ar_fail(AR_ERR_INPUT, "%s: dataset /road/snap_metres row %d: %g is not a distance",
                     name, (int)i, s->snap_metres[i]);
  }
  return AR_OK;
}

static ar_status read_stops(hid_t file, road_stop_set *s) {
  int64_t n = 0;
  hid_t g;
  ar_status st = h5u_group_open(file, "/tour", &g);
  if (st != AR_OK) return st;
  st = h5u_attr_read_i64(g, "n", &n);
  H5Gclose(g);
  if (st != AR_OK) return st;
  if (n < 3 || n > ROAD_STOPS_MAX)
    return ar_fail(AR_ERR_INPUT, "%s: /tour attribute n = %lld is not a number of stops (3..%d)",
                   h5u_file_name(file), (long long)n, ROAD_STOPS_MAX);
  s->stops.n = (int32_t)n;
  hsize_t count = 0;
  st = h5u_read_strings(file, "/road/stop_id", (uint64_t)n, &count, &s->stops.id);
  if (st == AR_OK && count != (hsize_t)n) {
    h5u_free_strings(s->stops.id, count);
    s->stops.id = NULL;
    st = ar_fail(AR_ERR_INPUT, "%s: dataset /road/stop_id has %llu rows, expected %lld",
                 h5u_file_name(file), (unsigned long long)count, (long long)n);
  }
  void *p[6] = {NULL};
  if (st == AR_OK) st = read_n(file, "/road/stop_line", H5T_NATIVE_INT64, s->stops.n, &p[0]);
  if (st == AR_OK) st = read_n(file, "/road/stop_lat", H5T_NATIVE_DOUBLE, s->stops.n, &p[1]);
  if (st == AR_OK) st = read_n(file, "/road/stop_lon", H5T_NATIVE_DOUBLE, s->stops.n, &p[2]);
  if (st == AR_OK) st = read_n(file, "/road/stop_node", H5T_NATIVE_INT32, s->stops.n, &p[3]);
  if (st == AR_OK) st = read_n(file, "/road/stop_node_id", H5T_NATIVE_INT64, s->stops.n, &p[4]);
  if (st == AR_OK) st = read_n(file, "/road/snap_metres", H5T_NATIVE_DOUBLE, s->stops.n, &p[5]);
  s->stops.line = p[0];
  s->stops.lat = p[1];
  s->stops.lon = p[2];
  s->node = p[3];
  s->node_id = p[4];
  s->snap_metres = p[5];
  if (st == AR_OK) st = read_road_attrs(file, s);
  if (st == AR_OK) st = check_stops(file, s);
  return st;
}

ar_status h5net_stops_read_file(hid_t file, road_stop_set *set) {
  memset(set, 0, sizeof *set);
  ar_status st = AR_OK;
  if (!h5u_link_exists(file, "/road"))
    st = ar_fail(AR_ERR_INPUT, "%s: has no /road group (not a stops file of import stops)",
                 h5u_file_name(file));
  if (st == AR_OK) st = read_stops(file, set);
  if (st != AR_OK) road_stop_set_free(set);
  return st;
}

ar_status h5net_stops_read(const char *path, MPI_Comm comm, road_stop_set *set) {
  memset(set, 0, sizeof *set);
  hid_t file;
  ar_status st = h5net_open_kind(path, comm, H5NET_STOPS_KIND, H5NET_STOPS_VERSION, &file);
  if (st == AR_OK) {
    st = h5net_stops_read_file(file, set);
    h5u_close(file);
  }
  st = ar_agree(comm, st);
  if (st != AR_OK) road_stop_set_free(set);
  return st;
}

ar_status h5net_stops_read_tour(const char *path, MPI_Comm comm, tour_net *t) {
  memset(t, 0, sizeof *t);
  hid_t file;
  ar_status st = h5net_open_kind(path, comm, H5NET_STOPS_KIND, H5NET_STOPS_VERSION, &file);
  if (st == AR_OK) {
    st = h5net_tour_read_file(file, t);
    h5u_close(file);
  }
  return ar_agree(comm, st);
}
