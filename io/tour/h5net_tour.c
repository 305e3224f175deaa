/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_tour: write and read the tour part of the network file (see h5net_tour.h). */
#include "h5net_tour.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5field.h"
#include "h5meta.h"
#include "h5net_tour_fields.h"
#include "h5u.h"
#include "tour_alpha.h"
#include "tsplib_parse.h"

static const h5field *const F = h5net_tour_fields;

/* --- Writing ---------------------------------------------------------------------------------- */

static ar_status check_before_write(const tour_net *t, const char *path) {
  if (t->n < 3 || t->n > TOUR_MAX_N || (unsigned)t->metric > TOUR_METRIC_EXPLICIT)
    return ar_fail(AR_ERR_INTERNAL, "%s: refusing to write a tour instance with n = %d", path,
                   t->n);
  if (t->metric == TOUR_METRIC_EXPLICIT ? !t->weights : (!t->x || !t->y))
    return ar_fail(AR_ERR_INTERNAL, "%s: the %s instance has no %s", path,
                   tour_metric_name(t->metric),
                   t->metric == TOUR_METRIC_EXPLICIT ? "weights" : "coordinates");
  /* The reader refuses a contradicting optimum: never write a file it would refuse. */
  return tour_net_check_optimum(t, path);
}

static ar_status write_coords(hid_t group, const tour_net *t) {
  double *xy = malloc((size_t)t->n * 2 * sizeof *xy);
  if (!xy)
    return ar_fail(AR_ERR_NOMEM, "out of memory writing %s (%d nodes)", F[H5NET_TOUR_F_COORDS].path,
                   t->n);
  for (int32_t i = 0; i < t->n; i++) {
    xy[2 * i] = t->x[i];
    xy[2 * i + 1] = t->y[i];
  }
  hsize_t dims[2] = {(hsize_t)t->n, 2};
  /* GEO coordinates are degrees.minutes: their unit says so. */
  h5field coords = F[H5NET_TOUR_F_COORDS];
  if (t->metric == TOUR_METRIC_GEO)
    coords.unit = "TSPLIB GEO DDD.MM (degrees.minutes): x = latitude, y = longitude";
  ar_status st = h5field_write(group, &coords, dims, xy);
  free(xy);
  return st;
}

/* Writes field f with data, then opens it for its attributes (*dset: close with
 * h5u_dataset_close). */
static ar_status write_open(hid_t group, const h5field *f, const hsize_t *dims, const void *data,
                            hid_t *dset) {
  ar_status st = h5field_write(group, f, dims, data);
  if (st != AR_OK) return st;
  *dset = H5Dopen2(group, f->path, H5P_DEFAULT);
  if (*dset < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot reopen %s", h5u_file_name(group), f->path);
  return AR_OK;
}

static ar_status write_known_tour(hid_t group, const tour_net *t, const char *tour_source) {
  hsize_t dims[1] = {(hsize_t)t->n};
  hid_t dset;
  ar_status st = write_open(group, &F[H5NET_TOUR_F_KNOWN_TOUR], dims, t->known_tour, &dset);
  if (st != AR_OK) return st;
  st = h5field_attr_i64(dset, &F[H5NET_TOUR_F_KNOWN_LENGTH], tour_length(t, t->known_tour));
  if (st == AR_OK)
    st = h5field_attr_str(dset, &F[H5NET_TOUR_F_KNOWN_SOURCE], tour_source ? tour_source : "");
  return h5u_dataset_close(dset, st);
}

static ar_status write_lower_bound(hid_t group, const tour_lower_bound *b) {
  hsize_t dims[1] = {1};
  hid_t dset;
  ar_status st = write_open(group, &F[H5NET_TOUR_F_LOWER_BOUND], dims, &b->value, &dset);
  if (st != AR_OK) return st;
  st = h5field_attr_str(dset, &F[H5NET_TOUR_F_BOUND_METHOD], b->method);
  if (st == AR_OK)
    st = h5field_attr_i64(dset, &F[H5NET_TOUR_F_BOUND_ASCENT_STEPS], b->ascent_steps);
  if (st == AR_OK)
    st = h5field_attr_i64(dset, &F[H5NET_TOUR_F_BOUND_EXACT_CHECKS], b->exact_checks);
  if (st == AR_OK)
    st = h5field_attr_i64(dset, &F[H5NET_TOUR_F_BOUND_SPARSE_EDGES], b->sparse_edges);
  if (st == AR_OK) st = h5field_attr_f64(dset, &F[H5NET_TOUR_F_BOUND_SECONDS], b->seconds);
  return h5u_dataset_close(dset, st);
}

static ar_status write_alpha(hid_t group, const tour_net *t) {
  const tour_alpha_penalties *a = &t->alpha;
  hsize_t dims[1] = {(hsize_t)t->n};
  hid_t dset;
  ar_status st = write_open(group, &F[H5NET_TOUR_F_ALPHA_PI], dims, a->pi, &dset);
  if (st != AR_OK) return st;
  st = h5field_attr_i64(dset, &F[H5NET_TOUR_F_ALPHA_STEPS], a->steps);
  if (st == AR_OK) st = h5field_attr_i64(dset, &F[H5NET_TOUR_F_ALPHA_SCALE], a->scale);
  st = h5u_dataset_close(dset, st);
  hsize_t edges[2] = {(hsize_t)t->n - 1, 2};
  if (st == AR_OK) st = h5field_write(group, &F[H5NET_TOUR_F_ALPHA_TREE], edges, a->tree);
  return st;
}

static ar_status write_contents(hid_t file, const tour_net *t, const param_set *ps,
                                const char *source, const char *tour_source) {
  ar_status st = h5meta_write(file, H5META_NETWORK, H5NET_TOUR_VERSION, ps);
  if (st == AR_OK) st = h5field_attr_str(file, &F[H5NET_TOUR_F_KIND], H5NET_TOUR_KIND);
  if (st == AR_OK) st = h5field_attr_str(file, &F[H5NET_TOUR_F_NAME], t->name);
  if (st == AR_OK) st = h5field_attr_str(file, &F[H5NET_TOUR_F_SOURCE], source ? source : "");
  if (st == AR_OK) st = h5field_attr_str(file, &F[H5NET_TOUR_F_COMMENT], t->comment);
  if (st != AR_OK) return st;
  hid_t group;
  st = h5u_group_create(file, "tour", &group);
  if (st != AR_OK) return st;
  st = h5field_attr_i64(group, &F[H5NET_TOUR_F_N], t->n);
  if (st == AR_OK)
    st = h5field_attr_str(group, &F[H5NET_TOUR_F_METRIC], tour_metric_name(t->metric));
  if (st == AR_OK) st = h5field_attr_i64(group, &F[H5NET_TOUR_F_DIRECTED], t->directed ? 1 : 0);
  if (st == AR_OK)
    st = h5field_attr_i64(group, &F[H5NET_TOUR_F_OPTIMUM], t->optimum >= 0 ? t->optimum : -1);
  if (st == AR_OK)
    st = h5field_attr_str(group, &F[H5NET_TOUR_F_DISTANCE_UNITS], H5NET_DISTANCE_UNITS);
  if (st == AR_OK && t->metric != TOUR_METRIC_EXPLICIT) st = write_coords(group, t);
  if (st == AR_OK && t->metric == TOUR_METRIC_EXPLICIT) {
    hsize_t dims[2] = {(hsize_t)t->n, (hsize_t)t->n};
    st = h5field_write(group, &F[H5NET_TOUR_F_WEIGHTS], dims, t->weights);
  }
  if (st == AR_OK && t->known_tour) st = write_known_tour(group, t, tour_source);
  if (st == AR_OK && t->lower.computed) st = write_lower_bound(group, &t->lower);
  if (st == AR_OK && t->alpha.pi && t->alpha.tree) st = write_alpha(group, t);
  return h5u_group_close(group, st);
}

ar_status h5net_tour_write_from(const tour_net *t, const char *path, const param_set *ps,
                                const char *source, const char *tour_source) {
  ar_status st = check_before_write(t, path);
  if (st != AR_OK) return st;
  h5u_output out;
  st = h5u_output_create(&out, path, MPI_COMM_SELF);
  if (st != AR_OK) return st;
  st = write_contents(out.file, t, ps, source, tour_source);
  if (st != AR_OK) {
    h5u_output_abort(&out);
    return st;
  }
  return h5u_output_commit(&out);
}

ar_status h5net_tour_write(const tour_net *t, const char *path, const param_set *ps) {
  const char *source = ps && ps->npositional > 0 ? ps->positional[0] : "";
  return h5net_tour_write_from(t, path, ps, source, NULL);
}

/* --- Reading ---------------------------------------------------------------------------------- */

/* Appends where an error happened to the current message ("... (on /tour)"). */
static ar_status error_on(ar_status st, const char *where) {
  char msg[1024];
  snprintf(msg, sizeof msg, "%s", ar_error_message());
  return ar_fail(st, "%s (on %s)", msg, where);
}

/* The shape of a dataset when it exists with the given rank (else 0, and h5u_read() then says
 * what is wrong): lets a wrong shape be reported as such before anything is read. */
static int peek_dims(hid_t file, const char *path, int rank, hsize_t *dims) {
  if (!h5u_link_exists(file, path)) return 0;
  hid_t dset = H5Dopen2(file, path, H5P_DEFAULT);
  if (dset < 0) return 0;
  hid_t space = H5Dget_space(dset);
  int ok = space >= 0 && H5Sget_simple_extent_ndims(space) == rank &&
           H5Sget_simple_extent_dims(space, dims, NULL) == rank;
  if (space >= 0) H5Sclose(space);
  H5Dclose(dset);
  return ok;
}

static ar_status read_header(hid_t file, tour_net *t) {
  const char *name = h5u_file_name(file);
  char metric[64];
  /* The kind was judged by the caller (h5net_open_kind, or src/app's header check): a wing that
   * extends tours (io/road's stops files) keeps the /tour layout under its own kind. */
  ar_status st = AR_OK;
  if (h5field_exists(file, &F[H5NET_TOUR_F_NAME]))
    st = h5field_attr_read_str(file, &F[H5NET_TOUR_F_NAME], t->name, sizeof t->name);
  if (st == AR_OK && h5field_exists(file, &F[H5NET_TOUR_F_COMMENT]))
    st = h5field_attr_read_str(file, &F[H5NET_TOUR_F_COMMENT], t->comment, sizeof t->comment);
  hid_t group;
  if (st == AR_OK) st = h5u_group_open(file, "/tour", &group);
  if (st != AR_OK) return st;
  int64_t n = 0, directed = 0, optimum = -1;
  st = h5u_attr_read_i64(group, h5field_leaf(&F[H5NET_TOUR_F_N]), &n);
  if (st == AR_OK)
    st = h5u_attr_read_str(group, h5field_leaf(&F[H5NET_TOUR_F_METRIC]), metric, sizeof metric);
  if (st == AR_OK)
    st = h5u_attr_read_i64(group, h5field_leaf(&F[H5NET_TOUR_F_DIRECTED]), &directed);
  if (st == AR_OK) st = h5u_attr_read_i64(group, h5field_leaf(&F[H5NET_TOUR_F_OPTIMUM]), &optimum);
  /* The unit the results name for their costs (a stops file's seconds or metres). */
  const char *units = h5field_leaf(&F[H5NET_TOUR_F_DISTANCE_UNITS]);
  if (st == AR_OK && h5u_attr_exists(group, units))
    st = h5u_attr_read_str(group, units, t->distance_units, sizeof t->distance_units);
  H5Gclose(group);
  if (st != AR_OK) return error_on(st, "group /tour");
  if (n < 3 || n > TOUR_MAX_N)
    return ar_fail(AR_ERR_INPUT, "%s: /tour attribute n = %lld is out of range (3..%d)", name,
                   (long long)n, (int)TOUR_MAX_N);
  if (tour_metric_parse(metric, &t->metric) != 0)
    return ar_fail(AR_ERR_INPUT,
                   "%s: /tour attribute metric '%s' is unknown (EUC_2D, CEIL_2D, ATT, GEO, "
                   "EXPLICIT)",
                   name, metric);
  if (directed != 0 && directed != 1)
    return ar_fail(AR_ERR_INPUT, "%s: /tour attribute directed = %lld, expected 0 or 1", name,
                   (long long)directed);
  if (directed && t->metric != TOUR_METRIC_EXPLICIT)
    return ar_fail(AR_ERR_INPUT, "%s: /tour is directed but its metric %s is symmetric", name,
                   metric);
  if (optimum < -1)
    return ar_fail(AR_ERR_INPUT, "%s: /tour attribute optimum = %lld (expected -1 or a length)",
                   name, (long long)optimum);
  if (t->metric == TOUR_METRIC_EXPLICIT && n > TOUR_EXPLICIT_MAX_N)
    return ar_fail(AR_ERR_INPUT,
                   "%s: /tour has n = %lld, too many for explicit weights (at most %d)", name,
                   (long long)n, (int)TOUR_EXPLICIT_MAX_N);
  t->n = (int32_t)n;
  t->directed = (int)directed;
  t->optimum = optimum;
  return AR_OK;
}

static ar_status shape_error(hid_t file, const char *dset, const hsize_t *dims, int rank,
                             const char *want) {
  char got[96];
  if (rank == 1)
    snprintf(got, sizeof got, "[%llu]", (unsigned long long)dims[0]);
  else
    snprintf(got, sizeof got, "[%llu][%llu]", (unsigned long long)dims[0],
             (unsigned long long)dims[1]);
  return ar_fail(AR_ERR_INPUT, "%s: dataset %s has shape %s, expected %s", h5u_file_name(file),
                 dset, got, want);
}

/* Reads dataset dset, of rank 1 or 2, into *data (the caller frees it) as type; its shape must be
 * [d0] or [d0][d1], else the error names the shape found and the one expected, with what d0 is
 * when `d0_is` names it ("[52][2] (n = 52)"). */
static ar_status read_shaped(hid_t file, const char *dset, hid_t type, int rank, hsize_t d0,
                             hsize_t d1, const char *d0_is, void **data) {
  char want[96];
  int at = rank == 2 ? snprintf(want, sizeof want, "[%llu][%llu]", (unsigned long long)d0,
                                (unsigned long long)d1)
                     : snprintf(want, sizeof want, "[%llu]", (unsigned long long)d0);
  if (d0_is && at > 0 && (size_t)at < sizeof want)
    snprintf(want + at, sizeof want - (size_t)at, " (%s = %llu)", d0_is, (unsigned long long)d0);
  hsize_t dims[2] = {0, 0};
  *data = NULL;
  if (peek_dims(file, dset, rank, dims) && (dims[0] != d0 || (rank == 2 && dims[1] != d1)))
    return shape_error(file, dset, dims, rank, want);
  ar_status st = h5u_read(file, dset, type, rank, dims, rank == 2 ? (uint64_t)d0 * d1 : d0, data);
  if (st != AR_OK) return st;
  /* The shape as read decides (a damaged header may not have shown it to peek_dims). */
  if (dims[0] != d0 || (rank == 2 && dims[1] != d1)) {
    free(*data);
    *data = NULL;
    return shape_error(file, dset, dims, rank, want);
  }
  return AR_OK;
}

static ar_status read_coords(hid_t file, tour_net *t) {
  const char *dset = F[H5NET_TOUR_F_COORDS].path;
  void *data;
  ar_status st = read_shaped(file, dset, H5T_NATIVE_DOUBLE, 2, (hsize_t)t->n, 2, "n", &data);
  if (st != AR_OK) return st;
  double *xy = data;
  t->x = malloc((size_t)t->n * sizeof *t->x);
  t->y = malloc((size_t)t->n * sizeof *t->y);
  if (!t->x || !t->y) {
    free(xy);
    return ar_fail(AR_ERR_NOMEM, "out of memory reading %s", dset);
  }
  const char *name = h5u_file_name(file);
  for (int32_t i = 0; i < t->n; i++) {
    double x = xy[2 * i], y = xy[2 * i + 1];
    const char *bad = NULL;
    if (!isfinite(x) || !isfinite(y))
      bad = "is not finite";
    else if (fabs(x) > TSPLIB_COORD_MAX || fabs(y) > TSPLIB_COORD_MAX)
      bad = "is beyond +-1e9";
    else if (t->metric == TOUR_METRIC_GEO && (fabs(x) > 90.0 || fabs(y) > 180.0))
      bad = "is not a GEO latitude/longitude";
    if (bad) {
      free(xy);
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: (%g, %g) %s", name, dset, (int)i, x, y,
                     bad);
    }
    t->x[i] = x;
    t->y[i] = y;
  }
  free(xy);
  return AR_OK;
}

static ar_status read_weights(hid_t file, tour_net *t) {
  const char *dset = F[H5NET_TOUR_F_WEIGHTS].path;
  uint64_t n = (uint64_t)t->n;
  void *data;
  ar_status st = read_shaped(file, dset, H5T_NATIVE_INT32, 2, n, n, "n", &data);
  if (st != AR_OK) return st;
  t->weights = data;
  for (uint64_t k = 0; k < n * n; k++) {
    if (t->weights[k] < 0)
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %llu column %llu: negative weight %d",
                     h5u_file_name(file), dset, (unsigned long long)(k / n),
                     (unsigned long long)(k % n), (int)t->weights[k]);
    if (!t->directed && t->weights[k] != t->weights[(k % n) * n + k / n])
      return ar_fail(AR_ERR_INPUT,
                     "%s: dataset %s row %llu column %llu: the network is undirected but the "
                     "matrix is not symmetric",
                     h5u_file_name(file), dset, (unsigned long long)(k / n),
                     (unsigned long long)(k % n));
  }
  return AR_OK;
}

static ar_status read_known_tour(hid_t file, tour_net *t) {
  const char *dset = F[H5NET_TOUR_F_KNOWN_TOUR].path;
  const char *name = h5u_file_name(file);
  void *data;
  ar_status st = read_shaped(file, dset, H5T_NATIVE_INT32, 1, (hsize_t)t->n, 0, "n", &data);
  if (st != AR_OK) return st;
  t->known_tour = data;
  unsigned char *seen = calloc((size_t)t->n, 1);
  if (!seen) return ar_fail(AR_ERR_NOMEM, "out of memory checking %s", dset);
  for (int32_t k = 0; k < t->n; k++) {
    int32_t v = t->known_tour[k];
    const char *bad = v < 0 || v >= t->n ? "is not a node index (0..n-1)"
                      : seen[v]          ? "appears twice"
                                         : NULL;
    if (bad) {
      free(seen);
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: node %d %s", name, dset, (int)k, (int)v,
                     bad);
    }
    seen[v] = 1;
  }
  free(seen);
  /* The stored length must be what the tour measures (a stale or edited file shows here). */
  hid_t d = H5Dopen2(file, dset, H5P_DEFAULT);
  if (d < 0) return ar_fail(AR_ERR_INPUT, "%s: cannot reopen %s", name, dset);
  int64_t stored = 0;
  st = h5u_attr_read_i64(d, h5field_leaf(&F[H5NET_TOUR_F_KNOWN_LENGTH]), &stored);
  H5Dclose(d);
  if (st != AR_OK) return error_on(st, dset);
  int64_t measured = tour_length(t, t->known_tour);
  if (stored != measured)
    return ar_fail(AR_ERR_INPUT,
                   "%s: dataset %s: attribute length = %lld but the tour measures %lld", name, dset,
                   (long long)stored, (long long)measured);
  if (t->optimum >= 0 && measured < t->optimum)
    return ar_fail(AR_ERR_INPUT,
                   "%s: dataset %s measures %lld, shorter than the optimum %lld stored on /tour",
                   name, dset, (long long)measured, (long long)t->optimum);
  return AR_OK;
}

/* The stored bound, checked against what is known: never above the optimum or a known tour. */
static ar_status read_lower_bound(hid_t file, tour_net *t) {
  const char *dset = F[H5NET_TOUR_F_LOWER_BOUND].path, *name = h5u_file_name(file);
  void *data;
  ar_status st = read_shaped(file, dset, H5T_NATIVE_INT64, 1, 1, 0, NULL, &data);
  if (st != AR_OK) return st;
  tour_lower_bound *b = &t->lower;
  b->value = *(int64_t *)data;
  free(data);
  hid_t d = H5Dopen2(file, dset, H5P_DEFAULT);
  if (d < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot reopen %s", name, dset);
  /* Read through the dataset: one open for the five attributes. */
  st = h5u_attr_read_str(d, h5field_leaf(&F[H5NET_TOUR_F_BOUND_METHOD]), b->method,
                         sizeof b->method);
  if (st == AR_OK)
    st = h5u_attr_read_i64(d, h5field_leaf(&F[H5NET_TOUR_F_BOUND_ASCENT_STEPS]), &b->ascent_steps);
  if (st == AR_OK)
    st = h5u_attr_read_i64(d, h5field_leaf(&F[H5NET_TOUR_F_BOUND_EXACT_CHECKS]), &b->exact_checks);
  if (st == AR_OK)
    st = h5u_attr_read_i64(d, h5field_leaf(&F[H5NET_TOUR_F_BOUND_SPARSE_EDGES]), &b->sparse_edges);
  if (st == AR_OK)
    st = h5u_attr_read_f64(d, h5field_leaf(&F[H5NET_TOUR_F_BOUND_SECONDS]), &b->seconds);
  H5Dclose(d);
  if (st != AR_OK) return error_on(st, dset);
  if (t->optimum >= 0 && b->value > t->optimum)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s = %lld is above the optimum %lld stored on /tour",
                   name, dset, (long long)b->value, (long long)t->optimum);
  if (t->known_tour && b->value > tour_length(t, t->known_tour))
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s = %lld is above the known tour's length %lld",
                   name, dset, (long long)b->value, (long long)tour_length(t, t->known_tour));
  b->computed = 1;
  return AR_OK;
}

/* The stored penalties of alpha-nearness and their tree (h5net_tour_fields.c), checked: shapes,
 * attributes in range, a penalty within the ascent's room, tree edges that span 0..n-1. */
static ar_status read_alpha(hid_t file, tour_net *t) {
  const char *pdset = F[H5NET_TOUR_F_ALPHA_PI].path, *tdset = F[H5NET_TOUR_F_ALPHA_TREE].path;
  const char *name = h5u_file_name(file);
  if (!h5field_exists(file, &F[H5NET_TOUR_F_ALPHA_TREE]))
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s is there but %s is missing", name, pdset, tdset);
  tour_alpha_penalties *a = &t->alpha;
  void *data;
  ar_status st = read_shaped(file, pdset, H5T_NATIVE_INT64, 1, (hsize_t)t->n, 0, "n", &data);
  if (st != AR_OK) return st;
  a->pi = data;
  st = read_shaped(file, tdset, H5T_NATIVE_INT32, 2, (hsize_t)t->n - 1, 2, "n - 1", &data);
  if (st != AR_OK) return st;
  a->tree = data;
  hid_t d = H5Dopen2(file, pdset, H5P_DEFAULT);
  if (d < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot reopen %s", name, pdset);
  int64_t steps = 0, scale = 0;
  st = h5u_attr_read_i64(d, h5field_leaf(&F[H5NET_TOUR_F_ALPHA_STEPS]), &steps);
  if (st == AR_OK) st = h5u_attr_read_i64(d, h5field_leaf(&F[H5NET_TOUR_F_ALPHA_SCALE]), &scale);
  H5Dclose(d);
  if (st != AR_OK) return error_on(st, pdset);
  if (steps < 1 || steps > TOUR_ALPHA_WORK || scale < 1)
    return ar_fail(AR_ERR_INPUT,
                   "%s: dataset %s: attribute steps = %lld (expected 1..%d) or scale = %lld "
                   "(expected 1 or more) is out of range",
                   name, pdset, (long long)steps, (int)TOUR_ALPHA_WORK, (long long)scale);
  a->steps = (int32_t)steps;
  a->scale = scale;
  int64_t at = tour_net_alpha_pi_fault(t->n, a->pi);
  if (at >= 0)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %lld: penalty %lld is out of range", name,
                   pdset, (long long)at, (long long)a->pi[at]);
  const char *why = NULL;
  at = tour_net_alpha_tree_fault(t->n, a->tree, &why);
  if (at == -2) return ar_fail(AR_ERR_NOMEM, "%s: dataset %s %s", name, tdset, why);
  if (at >= 0)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %lld: edge (%d, %d) %s", name, tdset,
                   (long long)at, (int)a->tree[2 * at], (int)a->tree[2 * at + 1], why);
  return AR_OK;
}

ar_status h5net_tour_read_file(hid_t file, tour_net *t) {
  memset(t, 0, sizeof *t);
  t->optimum = -1;
  ar_status st = read_header(file, t);
  if (st == AR_OK) {
    if (t->metric == TOUR_METRIC_EXPLICIT)
      st = read_weights(file, t);
    else
      st = read_coords(file, t);
  }
  if (st == AR_OK && h5field_exists(file, &F[H5NET_TOUR_F_KNOWN_TOUR]))
    st = read_known_tour(file, t);
  if (st == AR_OK && h5field_exists(file, &F[H5NET_TOUR_F_LOWER_BOUND]))
    st = read_lower_bound(file, t);
  if (st == AR_OK && h5field_exists(file, &F[H5NET_TOUR_F_ALPHA_PI])) st = read_alpha(file, t);
  if (st == AR_OK) st = tour_net_check_optimum(t, h5u_file_name(file));
  if (st != AR_OK) {
    tour_net_free(t);
    memset(t, 0, sizeof *t);
    t->optimum = -1;
  }
  return st;
}

ar_status h5net_tour_read(const char *path, MPI_Comm comm, tour_net *t) {
  memset(t, 0, sizeof *t);
  t->optimum = -1;
  hid_t file;
  ar_status st = h5net_open_kind(path, comm, H5NET_TOUR_KIND, H5NET_TOUR_VERSION, &file);
  if (st == AR_OK) {
    st = h5net_tour_read_file(file, t);
    h5u_close(file);
  }
  st = ar_agree(comm, st); /* no rank goes on alone */
  if (st != AR_OK) {
    tour_net_free(t);
    memset(t, 0, sizeof *t);
    t->optimum = -1;
  }
  return st;
}
