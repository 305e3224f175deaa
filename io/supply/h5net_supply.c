/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply: write and collectively read the /supply group of a network file.
 *
 * The layout is declared once (h5net_supply_fields.h: every column's path, type, unit and
 * meaning), and both the writer and the reader walk the declarations, so the two cannot drift
 * apart. Values are validated after
 * everything is read, with messages naming the dataset and row.
 */
#include "h5net_supply.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "h5field.h"
#include "h5meta.h"
#include "h5net_supply_fields.h"
#include "h5u.h"

#define NET(field) offsetof(supply_net, field)

static const h5field *const F = h5net_supply_fields;

/* Where each declared column (h5net_supply_fields.h) lives in a supply_net, and the names of its
 * codes (enumerations). */
typedef struct {
  size_t offset; /* offsetof(supply_net, <pointer to the column>) */
  const char *codes;
} column_place;

#define AS_PLACE(g, c, t, m, u, d, k) {NET(m), k},
static const column_place places[H5NET_SUPPLY_FIELDS] = {H5NET_SUPPLY_COLUMNS(AS_PLACE)};
#undef AS_PLACE

/* A table: a group of /supply whose columns are the declarations from `first` to the next
 * table's first. */
typedef struct {
  const char *group;
  size_t count_offset; /* offsetof(supply_net, <int32_t row count>) */
  const char *description;
  int first;
} table_spec;

static const table_spec tables[] = {
    {"plants", NET(plants.n), "plants (WhCosts, WhCapacities)", H5NET_SUPPLY_plants_code},
    {"ports", NET(ports.n), "ports", H5NET_SUPPLY_ports_code},
    {"carriers", NET(carriers.n), "carriers (lanes and historical routing)",
     H5NET_SUPPLY_carriers_code},
    {"carrier_types", NET(carrier_types.n), "carrier types", H5NET_SUPPLY_carrier_types_code},
    {"customers", NET(customers.n), "customers", H5NET_SUPPLY_customers_code},
    {"products", NET(products.n), "products stocked by at least one plant",
     H5NET_SUPPLY_products_code},
    {"plant_ports", NET(n_plant_ports), "PlantPorts rows: the ports each plant ships from",
     H5NET_SUPPLY_plant_ports_plant},
    {"products_per_plant", NET(n_stock), "ProductsPerPlant rows",
     H5NET_SUPPLY_products_per_plant_plant},
    {"vmi", NET(n_vmi), "VmiCustomers rows", H5NET_SUPPLY_vmi_plant},
    {"lanes", NET(n_lanes),
     "lanes: one per (carrier, orig port, dest port, service level, mode, transit days)",
     H5NET_SUPPLY_lanes_carrier},
    {"bands", NET(n_bands), "weight bands: FreightRates rows in file order",
     H5NET_SUPPLY_bands_lane},
    {"orders", NET(n_orders), "orders in file order, with their historical routing",
     H5NET_SUPPLY_orders_id},
};
enum { NTABLES = (int)(sizeof tables / sizeof tables[0]) };

/* One past the last column of table t. */
static int table_end(int t) { return t + 1 < NTABLES ? tables[t + 1].first : H5NET_SUPPLY_FIELDS; }

static int32_t *count_at(supply_net *net, size_t offset) {
  return (int32_t *)(void *)((char *)net + offset);
}
static void **column_at(supply_net *net, size_t offset) {
  return (void **)(void *)((char *)net + offset);
}

/* --- Writing ---------------------------------------------------------------------------------- */

static ar_status write_table(hid_t parent, int t, supply_net *net) {
  hid_t group;
  ar_status st = h5u_group_create(parent, tables[t].group, &group);
  if (st != AR_OK) return st;
  st = h5u_attr_write_str(group, "description", tables[t].description);
  hsize_t n = (hsize_t)*count_at(net, tables[t].count_offset);
  for (int c = tables[t].first; st == AR_OK && c < table_end(t); c++) {
    void *data = *column_at(net, places[c].offset);
    /* An empty table may have no array. */
    static const char *const none[1] = {""};
    static const double dummy[1] = {0};
    const void *have = data ? data : F[c].type == H5FIELD_STR ? (const void *)none : dummy;
    st = h5field_write(group, &F[c], &n, have);
    if (st == AR_OK && places[c].codes)
      st = h5u_dataset_attr_write_str(group, h5field_leaf(&F[c]), "codes", places[c].codes);
  }
  return h5u_group_close(group, st);
}

ar_status h5net_supply_write(const supply_net *net, const char *path, const param_set *ps) {
  h5u_output out;
  ar_status st = h5u_output_create(&out, path, MPI_COMM_SELF);
  if (st != AR_OK) return st;
  st = h5meta_write(out.file, H5META_NETWORK, H5NET_SUPPLY_VERSION, ps);
  if (st == AR_OK) st = h5u_attr_write_str(out.file, "kind", H5NET_SUPPLY_KIND);
  if (st == AR_OK) /* provenance: the command's input (the CSV directory), as the tour writer */
    st = h5u_attr_write_str(out.file, "source", ps && ps->npositional > 0 ? ps->positional[0] : "");
  hid_t supply = -1;
  if (st == AR_OK) st = h5u_group_create(out.file, "supply", &supply);
  if (st == AR_OK)
    st = h5u_attr_write_str(supply, "description",
                            "supply-chain network: plants, ports, lanes with weight bands, orders "
                            "(see docs/formats.md)");
  for (int t = 0; st == AR_OK && t < NTABLES; t++)
    st = write_table(supply, t, (supply_net *)net); /* only read through */
  st = h5u_group_close(supply, st);
  if (st != AR_OK) {
    h5u_output_abort(&out);
    return st;
  }
  return h5u_output_commit(&out);
}

/* --- Reading ---------------------------------------------------------------------------------- */

static ar_status read_table(hid_t file, int t, supply_net *net) {
  const char *name = h5u_file_name(file);
  const char *first = NULL;
  int64_t rows = -1;
  for (int c = tables[t].first; c < table_end(t); c++) {
    const char *path = F[c].path;
    int strings = F[c].type == H5FIELD_STR;
    hsize_t dims[1] = {0};
    void *data = NULL;
    ar_status st;
    if (strings) {
      char **list = NULL;
      st = h5u_read_strings(file, path, SC_ROWS_MAX, dims, &list);
      data = list;
    } else {
      st = h5u_read(file, path, h5field_native(F[c].type), 1, dims, SC_ROWS_MAX, &data);
    }
    if (st != AR_OK) return st;
    *column_at(net, places[c].offset) = data; /* owned by net from here on (freed on failure) */
    if (rows < 0) {
      rows = (int64_t)dims[0];
      first = path;
      *count_at(net, tables[t].count_offset) = (int32_t)rows;
    } else if ((int64_t)dims[0] != rows) {
      if (strings) h5u_free_strings(data, dims[0]);
      if (strings) *column_at(net, places[c].offset) = NULL;
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s has %llu rows, but %s has %lld", name, path,
                     (unsigned long long)dims[0], first, (long long)rows);
    }
  }
  return AR_OK;
}

/* Each check reports the first bad row: "FILE: dataset PATH row R: what". */
static ar_status check_index(hid_t file, const char *path, const int32_t *v, int32_t n,
                             int32_t limit, const char *what, int allow_none) {
  for (int32_t i = 0; i < n; i++)
    if (v[i] >= limit || v[i] < (allow_none ? -1 : 0))
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: %d is not a %s index (%d %ss%s)",
                     h5u_file_name(file), path, i, v[i], what, limit, what,
                     allow_none ? "; -1 means none" : "");
  return AR_OK;
}

static ar_status check_range_i32(hid_t file, const char *path, const int32_t *v, int32_t n,
                                 int32_t lo, int32_t hi) {
  for (int32_t i = 0; i < n; i++)
    if (v[i] < lo || v[i] > hi)
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: %d is outside [%d, %d]",
                     h5u_file_name(file), path, i, v[i], lo, hi);
  return AR_OK;
}

static ar_status check_dates(hid_t file, const char *path, const int32_t *v, int32_t n) {
  const int32_t lo = supply_date_from_civil(SC_YEAR_MIN, 1, 1);
  const int32_t hi = supply_date_from_civil(SC_YEAR_MAX, 12, 31);
  for (int32_t i = 0; i < n; i++)
    if (v[i] < lo || v[i] > hi) {
      char date[32] = "far away";
      if (v[i] > -1000000 && v[i] < 1000000) supply_date_format(v[i], date, sizeof date);
      return ar_fail(AR_ERR_INPUT,
                     "%s: dataset %s row %d: %d days since 1970-01-01 (%s) is outside the years "
                     "%d to %d",
                     h5u_file_name(file), path, i, v[i], date, SC_YEAR_MIN, SC_YEAR_MAX);
    }
  return AR_OK;
}

static ar_status check_code(hid_t file, const char *path, const int8_t *v, int32_t n, int lo,
                            int hi, const char *codes) {
  for (int32_t i = 0; i < n; i++)
    if (v[i] < lo || v[i] > hi)
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: %d is not a valid code (%s)",
                     h5u_file_name(file), path, i, v[i], codes);
  return AR_OK;
}

static ar_status check_nonneg(hid_t file, const char *path, const double *v, int32_t n) {
  for (int32_t i = 0; i < n; i++)
    if (!isfinite(v[i]) || v[i] < 0)
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: %g is %s", h5u_file_name(file), path, i,
                     v[i], isfinite(v[i]) ? "negative" : "not a finite number");
  return AR_OK;
}

static ar_status check_codes_sorted(hid_t file, const char *path, const supply_names *names) {
  for (int32_t i = 0; i < names->n; i++) {
    if (names->code[i][0] == '\0')
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: empty code", h5u_file_name(file), path,
                     i);
    if (i > 0 && strcmp(names->code[i - 1], names->code[i]) >= 0)
      return ar_fail(AR_ERR_INPUT,
                     "%s: dataset %s row %d: '%s' is not after '%s' (codes must be sorted and "
                     "unique)",
                     h5u_file_name(file), path, i, names->code[i], names->code[i - 1]);
  }
  return AR_OK;
}

static ar_status check_unique_ids(hid_t file, const supply_net *net) {
  int32_t row, first;
  ar_status st = supply_net_duplicate_id(net, &row, &first);
  if (st != AR_OK) return st;
  if (row < 0) return AR_OK;
  return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: duplicate order id %lld (also row %d)",
                 h5u_file_name(file), F[H5NET_SUPPLY_orders_id].path, row,
                 (long long)net->order_id[row], first);
}

static ar_status validate(hid_t file, const supply_net *net) {
  const char *name = h5u_file_name(file);
  const int32_t np = net->plants.n, nq = net->ports.n, nc = net->carriers.n;
  ar_status st = AR_OK;
#define RUN(call)                                                                                  \
  do {                                                                                             \
    if ((st = (call)) != AR_OK) return st;                                                         \
  } while (0)
  RUN(check_codes_sorted(file, F[H5NET_SUPPLY_plants_code].path, &net->plants));
  RUN(check_codes_sorted(file, F[H5NET_SUPPLY_ports_code].path, &net->ports));
  RUN(check_codes_sorted(file, F[H5NET_SUPPLY_carriers_code].path, &net->carriers));
  RUN(check_codes_sorted(file, F[H5NET_SUPPLY_carrier_types_code].path, &net->carrier_types));
  RUN(check_codes_sorted(file, F[H5NET_SUPPLY_customers_code].path, &net->customers));
  RUN(check_codes_sorted(file, F[H5NET_SUPPLY_products_code].path, &net->products));
  if (np == 0)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s is empty", name, F[H5NET_SUPPLY_plants_code].path);
  RUN(check_nonneg(file, F[H5NET_SUPPLY_plants_cost_per_unit].path, net->plant_cost_per_unit, np));
  RUN(check_range_i32(file, F[H5NET_SUPPLY_plants_daily_capacity].path, net->plant_capacity, np, 0,
                      INT32_MAX));

  RUN(check_index(file, F[H5NET_SUPPLY_plant_ports_plant].path, net->pp_plant, net->n_plant_ports,
                  np, "plant", 0));
  RUN(check_index(file, F[H5NET_SUPPLY_plant_ports_port].path, net->pp_port, net->n_plant_ports, nq,
                  "port", 0));
  RUN(check_index(file, F[H5NET_SUPPLY_products_per_plant_plant].path, net->stock_plant,
                  net->n_stock, np, "plant", 0));
  RUN(check_index(file, F[H5NET_SUPPLY_products_per_plant_product].path, net->stock_product,
                  net->n_stock, net->products.n, "product", 0));
  RUN(check_index(file, F[H5NET_SUPPLY_vmi_plant].path, net->vmi_plant, net->n_vmi, np, "plant",
                  0));
  RUN(check_index(file, F[H5NET_SUPPLY_vmi_customer].path, net->vmi_customer, net->n_vmi,
                  net->customers.n, "customer", 0));

  const int32_t nl = net->n_lanes;
  RUN(check_index(file, F[H5NET_SUPPLY_lanes_carrier].path, net->lane_carrier, nl, nc, "carrier",
                  0));
  RUN(check_index(file, F[H5NET_SUPPLY_lanes_orig_port].path, net->lane_orig_port, nl, nq, "port",
                  0));
  RUN(check_index(file, F[H5NET_SUPPLY_lanes_dest_port].path, net->lane_dest_port, nl, nq, "port",
                  0));
  RUN(check_code(file, F[H5NET_SUPPLY_lanes_service_level].path, net->lane_service, nl,
                 SC_SERVICE_DTD, SC_SERVICE_DTP, "0=DTD, 1=DTP; lanes are never CRF"));
  RUN(check_code(file, F[H5NET_SUPPLY_lanes_mode].path, net->lane_mode, nl, 0, SC_MODE_COUNT - 1,
                 H5NET_SUPPLY_MODE_CODES));
  RUN(check_range_i32(file, F[H5NET_SUPPLY_lanes_tpt_days].path, net->lane_tpt_days, nl, 0,
                      SC_TPT_MAX));
  RUN(check_index(file, F[H5NET_SUPPLY_lanes_carrier_type].path, net->lane_carrier_type, nl,
                  net->carrier_types.n, "carrier type", 0));

  const int32_t nb = net->n_bands;
  RUN(check_index(file, F[H5NET_SUPPLY_bands_lane].path, net->band_lane, nb, nl, "lane", 0));
  RUN(check_nonneg(file, F[H5NET_SUPPLY_bands_min_weight].path, net->band_min_weight, nb));
  RUN(check_nonneg(file, F[H5NET_SUPPLY_bands_max_weight].path, net->band_max_weight, nb));
  RUN(check_nonneg(file, F[H5NET_SUPPLY_bands_min_cost].path, net->band_min_cost, nb));
  RUN(check_nonneg(file, F[H5NET_SUPPLY_bands_rate].path, net->band_rate, nb));
  for (int32_t b = 0; b < nb; b++)
    if (net->band_max_weight[b] < net->band_min_weight[b])
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %d: %g is below min_weight %g", name,
                     F[H5NET_SUPPLY_bands_max_weight].path, b, net->band_max_weight[b],
                     net->band_min_weight[b]);

  const int32_t no = net->n_orders;
  RUN(check_dates(file, F[H5NET_SUPPLY_orders_date].path, net->order_date, no));
  RUN(check_range_i32(file, F[H5NET_SUPPLY_orders_ship_ahead_days].path, net->order_ship_ahead, no,
                      0, SC_SHIP_WINDOW_MAX));
  RUN(check_range_i32(file, F[H5NET_SUPPLY_orders_ship_late_days].path, net->order_ship_late, no, 0,
                      SC_SHIP_WINDOW_MAX));
  RUN(check_index(file, F[H5NET_SUPPLY_orders_customer].path, net->order_customer, no,
                  net->customers.n, "customer", 0));
  RUN(check_index(file, F[H5NET_SUPPLY_orders_product].path, net->order_product, no,
                  net->products.n, "product", 0));
  RUN(check_index(file, F[H5NET_SUPPLY_orders_dest_port].path, net->order_dest_port, no, nq, "port",
                  0));
  RUN(check_code(file, F[H5NET_SUPPLY_orders_service_level].path, net->order_service, no, 0,
                 SC_SERVICE_COUNT - 1, H5NET_SUPPLY_SERVICE_CODES));
  RUN(check_range_i32(file, F[H5NET_SUPPLY_orders_units].path, net->order_units, no, 0, INT32_MAX));
  RUN(check_nonneg(file, F[H5NET_SUPPLY_orders_weight].path, net->order_weight, no));
  RUN(check_index(file, F[H5NET_SUPPLY_orders_hist_plant].path, net->hist_plant, no, np, "plant",
                  0));
  RUN(check_index(file, F[H5NET_SUPPLY_orders_hist_port].path, net->hist_port, no, nq, "port", 0));
  RUN(check_index(file, F[H5NET_SUPPLY_orders_hist_carrier].path, net->hist_carrier, no, nc,
                  "carrier", 0));
  RUN(check_range_i32(file, F[H5NET_SUPPLY_orders_hist_tpt_days].path, net->hist_tpt_days, no, 0,
                      SC_TPT_MAX));
  RUN(check_index(file, F[H5NET_SUPPLY_orders_hist_lane].path, net->hist_lane, no, nl, "lane", 1));
  RUN(check_unique_ids(file, net));
#undef RUN
  return st;
}

ar_status h5net_supply_read_file(hid_t file, supply_net *net) {
  memset(net, 0, sizeof *net);
  const char *name = h5u_file_name(file);
  char kind[64] = "";
  if (!h5u_attr_exists(file, "kind"))
    return ar_fail(AR_ERR_INPUT, "%s: no 'kind' attribute on / (not a network file?)", name);
  ar_status st = h5u_attr_read_str(file, "kind", kind, sizeof kind);
  if (st != AR_OK) return st;
  if (strcmp(kind, H5NET_SUPPLY_KIND) != 0)
    return ar_fail(AR_ERR_INPUT, "%s: is a '%s' network, expected a '%s' network", name, kind,
                   H5NET_SUPPLY_KIND);
  if (!h5u_link_exists(file, "/supply"))
    return ar_fail(AR_ERR_INPUT, "%s: group /supply is missing", name);
  for (int t = 0; st == AR_OK && t < NTABLES; t++)
    st = read_table(file, t, net);
  if (st == AR_OK) st = validate(file, net);
  if (st == AR_OK) st = supply_net_index(net);
  if (st != AR_OK) supply_net_free(net);
  return st;
}

ar_status h5net_supply_read(const char *path, MPI_Comm comm, supply_net *net) {
  memset(net, 0, sizeof *net);
  hid_t file;
  ar_status st = h5net_open_kind(path, comm, H5NET_SUPPLY_KIND, H5NET_SUPPLY_VERSION, &file);
  if (st != AR_OK) return st;
  st = h5net_supply_read_file(file, net);
  h5u_close(file);
  return st;
}
