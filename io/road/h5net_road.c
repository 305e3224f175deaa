/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_road: write and read the road network file (see h5net_road.h). */
#include "h5net_road.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5meta.h"
#include "h5u.h"
#include "road_geo.h"

void h5net_road_digest_text(const road_graph *g, char *buf, size_t cap) {
  snprintf(buf, cap, "fnv1a64:%016" PRIx64, road_graph_digest(g));
}

/* --- Writing ---------------------------------------------------------------------------------- */

static ar_status write_root(hid_t file, const road_graph *g, const road_net_info *info,
                            const param_set *ps) {
  char digest[64];
  h5net_road_digest_text(g, digest, sizeof digest);
  ar_status st = h5meta_write(file, H5META_NETWORK, H5NET_ROAD_VERSION, ps);
  if (st == AR_OK) st = h5u_attr_write_str(file, "kind", H5NET_ROAD_KIND);
  if (st == AR_OK) st = h5u_attr_write_str(file, "name", info->name);
  if (st == AR_OK) st = h5u_attr_write_str(file, "source", info->source);
  if (st == AR_OK) st = h5u_attr_write_str(file, "attribution", info->attribution);
  if (st == AR_OK) st = h5u_attr_write_str(file, "node_ids", info->node_ids);
  if (st == AR_OK) st = h5u_attr_write_str(file, "digest", digest);
  return st;
}

static ar_status write_arrays(hid_t group, const road_graph *g) {
  hsize_t n1[1] = {(hsize_t)g->n + 1}, n[1] = {(hsize_t)g->n}, m[1] = {(hsize_t)g->m};
  ar_status st = h5u_write(group, "offsets", H5T_NATIVE_INT64, 1, n1, g->offsets, "arc index",
                           "arcs of node u: offsets[u] .. offsets[u+1]-1");
  if (st == AR_OK)
    st = h5u_write(group, "heads", H5T_NATIVE_INT32, 1, m, g->heads, "node index",
                   "the node each arc goes to");
  if (st == AR_OK)
    st = h5u_write(group, "metres", H5T_NATIVE_DOUBLE, 1, m, g->metres, "m",
                   "arc length (great-circle between its nodes for OSM)");
  if (st == AR_OK)
    st = h5u_write(group, "seconds", H5T_NATIVE_DOUBLE, 1, m, g->seconds, "s",
                   "arc travel time at the way's speed");
  if (st == AR_OK && g->lat) {
    st = h5u_write(group, "lat", H5T_NATIVE_DOUBLE, 1, n, g->lat, "degrees north", "latitude");
    if (st == AR_OK)
      st = h5u_write(group, "lon", H5T_NATIVE_DOUBLE, 1, n, g->lon, "degrees east", "longitude");
  }
  if (st == AR_OK)
    st = h5u_write(group, "node_id", H5T_NATIVE_INT64, 1, n, g->node_id, "id",
                   "the source's id of each node (see the root attribute node_ids)");
  return st;
}

static ar_status write_contents(hid_t file, const road_graph *g, const road_net_info *info,
                                const param_set *ps) {
  ar_status st = write_root(file, g, info, ps);
  if (st != AR_OK) return st;
  hid_t group;
  st = h5u_group_create(file, "road", &group);
  if (st != AR_OK) return st;
  st = h5u_attr_write_i64(group, "nodes", g->n);
  if (st == AR_OK) st = h5u_attr_write_i64(group, "arcs", g->m);
  if (st == AR_OK) st = h5u_attr_write_i64(group, "dropped_nodes", info->dropped_nodes);
  if (st == AR_OK)
    st = h5u_attr_write_str(group, "description",
                            "directed road graph in CSR form: one arc per direction of travel");
  if (st == AR_OK) st = write_arrays(group, g);
  return h5u_group_close(group, st);
}

ar_status h5net_road_write(const road_graph *g, const road_net_info *info, const char *path,
                           const param_set *ps) {
  h5u_output out;
  ar_status st = h5u_output_create(&out, path, MPI_COMM_SELF);
  if (st != AR_OK) return st;
  st = write_contents(out.file, g, info, ps);
  if (st != AR_OK) {
    h5u_output_abort(&out);
    return st;
  }
  return h5u_output_commit(&out);
}

/* --- Reading ---------------------------------------------------------------------------------- */

/* Reads a 1-D dataset that must hold exactly len elements. */
static ar_status read_exact(hid_t file, const char *path, hid_t type, uint64_t len, void **data) {
  hsize_t dims[1] = {0};
  ar_status st = h5u_read(file, path, type, 1, dims, len, data);
  if (st == AR_OK && dims[0] != len) {
    free(*data);
    *data = NULL;
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %llu rows, expected %llu", h5u_file_name(file),
                 path, (unsigned long long)dims[0], (unsigned long long)len);
  }
  return st;
}

static ar_status read_info(hid_t file, road_net_info *info, int64_t *n, int64_t *m) {
  memset(info, 0, sizeof *info);
  const char *name = h5u_file_name(file);
  ar_status st = AR_OK;
  struct {
    const char *attr;
    char *buf;
    size_t cap;
  } strs[] = {{"name", info->name, sizeof info->name},
              {"source", info->source, sizeof info->source},
              {"attribution", info->attribution, sizeof info->attribution},
              {"node_ids", info->node_ids, sizeof info->node_ids}};
  for (size_t i = 0; i < sizeof strs / sizeof strs[0] && st == AR_OK; i++)
    if (h5u_attr_exists(file, strs[i].attr))
      st = h5u_attr_read_str(file, strs[i].attr, strs[i].buf, strs[i].cap);
  hid_t group;
  if (st == AR_OK) st = h5u_group_open(file, "/road", &group);
  if (st != AR_OK) return st;
  st = h5u_attr_read_i64(group, "nodes", n);
  if (st == AR_OK) st = h5u_attr_read_i64(group, "arcs", m);
  if (st == AR_OK && h5u_attr_exists(group, "dropped_nodes"))
    st = h5u_attr_read_i64(group, "dropped_nodes", &info->dropped_nodes);
  H5Gclose(group);
  if (st != AR_OK) return st;
  if (*n < 1 || *n > ROAD_MAX_NODES)
    return ar_fail(AR_ERR_INPUT, "%s: /road attribute nodes = %lld is out of range (1..%lld)", name,
                   (long long)*n, ROAD_MAX_NODES);
  if (*m < 0 || *m > ROAD_MAX_ARCS)
    return ar_fail(AR_ERR_INPUT, "%s: /road attribute arcs = %lld is out of range (0..%lld)", name,
                   (long long)*m, ROAD_MAX_ARCS);
  return AR_OK;
}

static ar_status check_offsets(const char *name, const road_graph *g) {
  const char *d = "/road/offsets";
  if (g->offsets[0] != 0)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s row 0: %lld, expected 0", name, d,
                   (long long)g->offsets[0]);
  for (int32_t u = 0; u < g->n; u++)
    if (g->offsets[u + 1] < g->offsets[u])
      return ar_fail(AR_ERR_INPUT,
                     "%s: dataset %s row %d: %lld is below row %d (%lld): offsets "
                     "must not decrease",
                     name, d, (int)u + 1, (long long)g->offsets[u + 1], (int)u,
                     (long long)g->offsets[u]);
  if (g->offsets[g->n] != g->m)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: %lld, expected the arc count %lld", name,
                   d, (int)g->n, (long long)g->offsets[g->n], (long long)g->m);
  return AR_OK;
}

static ar_status check_arcs(const char *name, const road_graph *g) {
  for (int64_t a = 0; a < g->m; a++)
    if (g->heads[a] < 0 || g->heads[a] >= g->n)
      return ar_fail(AR_ERR_INPUT, "%s: dataset /road/heads row %lld: %d is not a node (0..%d)",
                     name, (long long)a, (int)g->heads[a], (int)g->n - 1);
  const double *w[2] = {g->metres, g->seconds};
  const char *what[2] = {"/road/metres", "/road/seconds"};
  for (int k = 0; k < 2; k++)
    for (int64_t a = 0; a < g->m; a++)
      if (!isfinite(w[k][a]) || w[k][a] < 0)
        return ar_fail(AR_ERR_INPUT,
                       "%s: dataset %s row %lld: %g is not a finite non-negative "
                       "number",
                       name, what[k], (long long)a, w[k][a]);
  return AR_OK;
}

static ar_status check_coords(const char *name, const road_graph *g) {
  for (int32_t u = 0; u < g->n; u++)
    if (!road_geo_valid(g->lat[u], g->lon[u]))
      return ar_fail(AR_ERR_INPUT,
                     "%s: dataset /road/%s row %d: (%g, %g) is not a latitude in [-90, 90] and a "
                     "longitude in [-180, 180]",
                     name, fabs(g->lat[u]) <= 90 ? "lon" : "lat", (int)u, g->lat[u], g->lon[u]);
  return AR_OK;
}

static ar_status read_coords(hid_t file, road_graph *g) {
  int has_lat = h5u_link_exists(file, "/road/lat"), has_lon = h5u_link_exists(file, "/road/lon");
  if (!has_lat && !has_lon) return AR_OK;
  if (has_lat != has_lon)
    return ar_fail(AR_ERR_INPUT, "%s: dataset /road/%s is missing (lat and lon go together)",
                   h5u_file_name(file), has_lat ? "lon" : "lat");
  void *lat = NULL, *lon = NULL;
  ar_status st = read_exact(file, "/road/lat", H5T_NATIVE_DOUBLE, (uint64_t)g->n, &lat);
  if (st == AR_OK) st = read_exact(file, "/road/lon", H5T_NATIVE_DOUBLE, (uint64_t)g->n, &lon);
  g->lat = lat;
  g->lon = lon;
  if (st == AR_OK) st = check_coords(h5u_file_name(file), g);
  return st;
}

static ar_status read_graph(hid_t file, road_graph *g, road_net_info *info) {
  int64_t n = 0, m = 0;
  ar_status st = read_info(file, info, &n, &m);
  if (st != AR_OK) return st;
  g->n = (int32_t)n;
  g->m = m;
  void *p[4] = {NULL, NULL, NULL, NULL};
  st = read_exact(file, "/road/offsets", H5T_NATIVE_INT64, (uint64_t)n + 1, &p[0]);
  g->offsets = p[0];
  if (st == AR_OK) st = read_exact(file, "/road/heads", H5T_NATIVE_INT32, (uint64_t)m, &p[1]);
  g->heads = p[1];
  if (st == AR_OK) st = read_exact(file, "/road/metres", H5T_NATIVE_DOUBLE, (uint64_t)m, &p[2]);
  g->metres = p[2];
  if (st == AR_OK) st = read_exact(file, "/road/seconds", H5T_NATIVE_DOUBLE, (uint64_t)m, &p[3]);
  g->seconds = p[3];
  const char *name = h5u_file_name(file);
  if (st == AR_OK) st = check_offsets(name, g);
  if (st == AR_OK) st = check_arcs(name, g);
  if (st == AR_OK) st = read_coords(file, g);
  void *ids = NULL;
  if (st == AR_OK) st = read_exact(file, "/road/node_id", H5T_NATIVE_INT64, (uint64_t)n, &ids);
  g->node_id = ids;
  return st;
}

ar_status h5net_road_read_file(hid_t file, road_graph *g, road_net_info *info) {
  road_net_info local;
  memset(g, 0, sizeof *g);
  ar_status st = read_graph(file, g, info ? info : &local);
  if (st != AR_OK) road_graph_free(g);
  /* Empty buffers of a 0-arc graph come back as NULL: give them a valid block. */
  if (st == AR_OK && g->m == 0) {
    g->heads = g->heads ? g->heads : malloc(sizeof *g->heads);
    g->metres = g->metres ? g->metres : malloc(sizeof *g->metres);
    g->seconds = g->seconds ? g->seconds : malloc(sizeof *g->seconds);
    if (!g->heads || !g->metres || !g->seconds) {
      road_graph_free(g);
      st = ar_fail(AR_ERR_NOMEM, "out of memory");
    }
  }
  return st;
}

ar_status h5net_road_read(const char *path, MPI_Comm comm, road_graph *g, road_net_info *info) {
  memset(g, 0, sizeof *g);
  hid_t file;
  ar_status st = h5net_open_kind(path, comm, H5NET_ROAD_KIND, H5NET_ROAD_VERSION, &file);
  if (st == AR_OK) {
    st = h5net_road_read_file(file, g, info);
    h5u_close(file);
  }
  st = ar_agree(comm, st); /* no rank goes on alone */
  if (st != AR_OK) road_graph_free(g);
  return st;
}
