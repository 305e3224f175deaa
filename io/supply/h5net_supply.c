/* h5net_supply: write and collectively read the /supply group of a network file.
 *
 * The layout is described once, in the tables below (group, columns, types, units), and both the
 * writer and the reader walk them, so the two cannot drift apart. Values are validated after
 * everything is read, with messages naming the dataset and row.
 */
#include "h5net_supply.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "h5meta.h"
#include "h5u.h"

typedef enum { COL_I8, COL_I32, COL_I64, COL_F64, COL_STR } col_type;

typedef struct {
  const char *name; /* dataset name inside the table's group */
  col_type type;
  size_t offset; /* offsetof(supply_net, <pointer to the column>) */
  const char *units;
  const char *description;
  const char *codes; /* enumerations: meaning of each value */
} column_spec;

typedef struct {
  const char *group;
  size_t count_offset; /* offsetof(supply_net, <int32_t row count>) */
  const char *description;
  const column_spec *columns;
  int ncolumns;
} table_spec;

#define NET(field) offsetof(supply_net, field)
#define COLUMNS(a) a, (int)(sizeof a / sizeof a[0])

static const char service_codes[] = "0=DTD (door to door), 1=DTP (door to port), "
                                    "2=CRF (customer-arranged freight)";
static const char mode_codes[] = "0=AIR, 1=GROUND";

#define CODE_TABLE(var, field, what)                                                               \
  static const column_spec var[] = {                                                               \
      {"code", COL_STR, NET(field.code), NULL, what " codes, sorted; row i is index i", NULL}}

CODE_TABLE(port_code, ports, "port");
CODE_TABLE(carrier_code, carriers, "carrier");
CODE_TABLE(carrier_type_code, carrier_types, "carrier type");
CODE_TABLE(customer_code, customers, "customer");
CODE_TABLE(product_code, products, "product");

static const column_spec plant_columns[] = {
    {"code", COL_STR, NET(plants.code), NULL, "plant codes, sorted; row i is plant i", NULL},
    {"cost_per_unit", COL_F64, NET(plant_cost_per_unit), "USD/unit", "warehouse cost per unit",
     NULL},
    {"daily_capacity", COL_I32, NET(plant_capacity), "orders/day",
     "orders the plant can handle per day", NULL},
};

static const column_spec plant_port_columns[] = {
    {"plant", COL_I32, NET(pp_plant), "index", "plant (row of /supply/plants)", NULL},
    {"port", COL_I32, NET(pp_port), "index", "a port the plant ships from (row of /supply/ports)",
     NULL},
};

static const column_spec stock_columns[] = {
    {"plant", COL_I32, NET(stock_plant), "index", "plant (row of /supply/plants)", NULL},
    {"product", COL_I32, NET(stock_product), "index",
     "a product the plant stocks (row of /supply/products)", NULL},
};

static const column_spec vmi_columns[] = {
    {"plant", COL_I32, NET(vmi_plant), "index",
     "a VMI plant (row of /supply/plants): serves only its listed customers", NULL},
    {"customer", COL_I32, NET(vmi_customer), "index", "a customer it may serve", NULL},
};

static const column_spec lane_columns[] = {
    {"carrier", COL_I32, NET(lane_carrier), "index", "row of /supply/carriers", NULL},
    {"orig_port", COL_I32, NET(lane_orig_port), "index", "origin port (row of /supply/ports)",
     NULL},
    {"dest_port", COL_I32, NET(lane_dest_port), "index", "destination port", NULL},
    {"service_level", COL_I8, NET(lane_service), "code", "service level", service_codes},
    {"mode", COL_I8, NET(lane_mode), "code", "transport mode", mode_codes},
    {"tpt_days", COL_I32, NET(lane_tpt_days), "days", "transit time", NULL},
    {"carrier_type", COL_I32, NET(lane_carrier_type), "index", "row of /supply/carrier_types",
     NULL},
};

static const column_spec band_columns[] = {
    {"lane", COL_I32, NET(band_lane), "index", "the lane of this rate row (row of /supply/lanes)",
     NULL},
    {"min_weight", COL_F64, NET(band_min_weight), "kg", "lowest weight of the band", NULL},
    {"max_weight", COL_F64, NET(band_max_weight), "kg", "highest weight of the band", NULL},
    {"min_cost", COL_F64, NET(band_min_cost), "USD", "minimum charge", NULL},
    {"rate", COL_F64, NET(band_rate), "USD/kg (AIR), USD/truck (GROUND)", "freight rate", NULL},
};

static const column_spec order_columns[] = {
    {"id", COL_I64, NET(order_id), NULL, "order id (unique)", NULL},
    {"date", COL_I32, NET(order_date), "days since 1970-01-01", "order date", NULL},
    {"ship_ahead_days", COL_I32, NET(order_ship_ahead), "days",
     "the order may ship this many days before its date", NULL},
    {"ship_late_days", COL_I32, NET(order_ship_late), "days",
     "the order may ship this many days after its date", NULL},
    {"customer", COL_I32, NET(order_customer), "index", "row of /supply/customers", NULL},
    {"product", COL_I32, NET(order_product), "index", "row of /supply/products", NULL},
    {"dest_port", COL_I32, NET(order_dest_port), "index", "destination port", NULL},
    {"service_level", COL_I8, NET(order_service), "code", "service level the customer asked for",
     service_codes},
    {"units", COL_I32, NET(order_units), "units", "unit quantity", NULL},
    {"weight", COL_F64, NET(order_weight), "kg", "order weight", NULL},
    {"hist_plant", COL_I32, NET(hist_plant), "index", "historical plant", NULL},
    {"hist_port", COL_I32, NET(hist_port), "index", "historical origin port", NULL},
    {"hist_carrier", COL_I32, NET(hist_carrier), "index", "historical carrier", NULL},
    {"hist_tpt_days", COL_I32, NET(hist_tpt_days), "days", "historical transit time", NULL},
    {"hist_lane", COL_I32, NET(hist_lane), "index",
     "lane matching the historical carrier, ports, service level and transit time; -1: none "
     "(CRF or no match)",
     NULL},
};

static const table_spec tables[] = {
    {"plants", NET(plants.n), "plants (WhCosts, WhCapacities)", COLUMNS(plant_columns)},
    {"ports", NET(ports.n), "ports", COLUMNS(port_code)},
    {"carriers", NET(carriers.n), "carriers (lanes and historical routing)", COLUMNS(carrier_code)},
    {"carrier_types", NET(carrier_types.n), "carrier types", COLUMNS(carrier_type_code)},
    {"customers", NET(customers.n), "customers", COLUMNS(customer_code)},
    {"products", NET(products.n), "products stocked by at least one plant", COLUMNS(product_code)},
    {"plant_ports", NET(n_plant_ports), "PlantPorts rows: the ports each plant ships from",
     COLUMNS(plant_port_columns)},
    {"products_per_plant", NET(n_stock), "ProductsPerPlant rows", COLUMNS(stock_columns)},
    {"vmi", NET(n_vmi), "VmiCustomers rows", COLUMNS(vmi_columns)},
    {"lanes", NET(n_lanes),
     "lanes: one per (carrier, orig port, dest port, service level, mode, transit days)",
     COLUMNS(lane_columns)},
    {"bands", NET(n_bands), "weight bands: FreightRates rows in file order", COLUMNS(band_columns)},
    {"orders", NET(n_orders), "orders in file order, with their historical routing",
     COLUMNS(order_columns)},
};
enum { NTABLES = (int)(sizeof tables / sizeof tables[0]) };

static int32_t *count_at(supply_net *net, size_t offset) {
  return (int32_t *)(void *)((char *)net + offset);
}
static void **column_at(supply_net *net, size_t offset) {
  return (void **)(void *)((char *)net + offset);
}

static hid_t mem_type(col_type type) {
  switch (type) {
  case COL_I8: return H5T_NATIVE_INT8;
  case COL_I32: return H5T_NATIVE_INT32;
  case COL_I64: return H5T_NATIVE_INT64;
  case COL_F64: return H5T_NATIVE_DOUBLE;
  case COL_STR: return H5T_C_S1;
  }
  return H5T_NATIVE_INT32;
}

/* --- Writing ---------------------------------------------------------------------------------- */

static ar_status write_table(hid_t parent, const table_spec *t, supply_net *net) {
  hid_t group;
  ar_status st = h5u_group_create(parent, t->group, &group);
  if (st != AR_OK) return st;
  st = h5u_attr_write_str(group, "description", t->description);
  hsize_t n = (hsize_t)*count_at(net, t->count_offset);
  for (int c = 0; st == AR_OK && c < t->ncolumns; c++) {
    const column_spec *col = &t->columns[c];
    void *data = *column_at(net, col->offset);
    if (col->type == COL_STR) {
      static const char *const none[1] = {""};
      st = h5u_write_strings(group, col->name, data ? (const char *const *)data : none, n,
                             col->description);
      continue;
    }
    static const double dummy[1] = {0}; /* an empty table may have no array */
    st = h5u_write(group, col->name, mem_type(col->type), 1, &n, data ? data : (void *)dummy,
                   col->units, col->description);
    if (st == AR_OK && col->codes)
      st = h5u_dataset_attr_write_str(group, col->name, "codes", col->codes);
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
    st = write_table(supply, &tables[t], (supply_net *)net); /* only read through */
  st = h5u_group_close(supply, st);
  if (st != AR_OK) {
    h5u_output_abort(&out);
    return st;
  }
  return h5u_output_commit(&out);
}

/* --- Reading ---------------------------------------------------------------------------------- */

static ar_status read_table(hid_t file, const table_spec *t, supply_net *net) {
  const char *name = h5u_file_name(file);
  char path[128], first[128] = "";
  int64_t rows = -1;
  for (int c = 0; c < t->ncolumns; c++) {
    const column_spec *col = &t->columns[c];
    snprintf(path, sizeof path, "/supply/%s/%s", t->group, col->name);
    hsize_t dims[1] = {0};
    void *data = NULL;
    ar_status st;
    if (col->type == COL_STR) {
      char **strings = NULL;
      st = h5u_read_strings(file, path, SC_ROWS_MAX, dims, &strings);
      data = strings;
    } else {
      st = h5u_read(file, path, mem_type(col->type), 1, dims, SC_ROWS_MAX, &data);
    }
    if (st != AR_OK) return st;
    *column_at(net, col->offset) = data; /* owned by net from here on (freed on failure) */
    if (rows < 0) {
      rows = (int64_t)dims[0];
      snprintf(first, sizeof first, "%s", path);
      *count_at(net, t->count_offset) = (int32_t)rows;
    } else if ((int64_t)dims[0] != rows) {
      if (col->type == COL_STR) h5u_free_strings(data, dims[0]);
      if (col->type == COL_STR) *column_at(net, col->offset) = NULL;
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
  return ar_fail(AR_ERR_INPUT,
                 "%s: dataset /supply/orders/id row %d: duplicate order id %lld "
                 "(also row %d)",
                 h5u_file_name(file), row, (long long)net->order_id[row], first);
}

static ar_status validate(hid_t file, const supply_net *net) {
  const char *name = h5u_file_name(file);
  const int32_t np = net->plants.n, nq = net->ports.n, nc = net->carriers.n;
  ar_status st = AR_OK;
#define RUN(call)                                                                                  \
  do {                                                                                             \
    if ((st = (call)) != AR_OK) return st;                                                         \
  } while (0)
  RUN(check_codes_sorted(file, "/supply/plants/code", &net->plants));
  RUN(check_codes_sorted(file, "/supply/ports/code", &net->ports));
  RUN(check_codes_sorted(file, "/supply/carriers/code", &net->carriers));
  RUN(check_codes_sorted(file, "/supply/carrier_types/code", &net->carrier_types));
  RUN(check_codes_sorted(file, "/supply/customers/code", &net->customers));
  RUN(check_codes_sorted(file, "/supply/products/code", &net->products));
  if (np == 0) return ar_fail(AR_ERR_INPUT, "%s: dataset /supply/plants/code is empty", name);
  RUN(check_nonneg(file, "/supply/plants/cost_per_unit", net->plant_cost_per_unit, np));
  RUN(check_range_i32(file, "/supply/plants/daily_capacity", net->plant_capacity, np, 0,
                      INT32_MAX));

  RUN(check_index(file, "/supply/plant_ports/plant", net->pp_plant, net->n_plant_ports, np, "plant",
                  0));
  RUN(check_index(file, "/supply/plant_ports/port", net->pp_port, net->n_plant_ports, nq, "port",
                  0));
  RUN(check_index(file, "/supply/products_per_plant/plant", net->stock_plant, net->n_stock, np,
                  "plant", 0));
  RUN(check_index(file, "/supply/products_per_plant/product", net->stock_product, net->n_stock,
                  net->products.n, "product", 0));
  RUN(check_index(file, "/supply/vmi/plant", net->vmi_plant, net->n_vmi, np, "plant", 0));
  RUN(check_index(file, "/supply/vmi/customer", net->vmi_customer, net->n_vmi, net->customers.n,
                  "customer", 0));

  const int32_t nl = net->n_lanes;
  RUN(check_index(file, "/supply/lanes/carrier", net->lane_carrier, nl, nc, "carrier", 0));
  RUN(check_index(file, "/supply/lanes/orig_port", net->lane_orig_port, nl, nq, "port", 0));
  RUN(check_index(file, "/supply/lanes/dest_port", net->lane_dest_port, nl, nq, "port", 0));
  RUN(check_code(file, "/supply/lanes/service_level", net->lane_service, nl, SC_SERVICE_DTD,
                 SC_SERVICE_DTP, "0=DTD, 1=DTP; lanes are never CRF"));
  RUN(check_code(file, "/supply/lanes/mode", net->lane_mode, nl, 0, SC_MODE_COUNT - 1, mode_codes));
  RUN(check_range_i32(file, "/supply/lanes/tpt_days", net->lane_tpt_days, nl, 0, SC_TPT_MAX));
  RUN(check_index(file, "/supply/lanes/carrier_type", net->lane_carrier_type, nl,
                  net->carrier_types.n, "carrier type", 0));

  const int32_t nb = net->n_bands;
  RUN(check_index(file, "/supply/bands/lane", net->band_lane, nb, nl, "lane", 0));
  RUN(check_nonneg(file, "/supply/bands/min_weight", net->band_min_weight, nb));
  RUN(check_nonneg(file, "/supply/bands/max_weight", net->band_max_weight, nb));
  RUN(check_nonneg(file, "/supply/bands/min_cost", net->band_min_cost, nb));
  RUN(check_nonneg(file, "/supply/bands/rate", net->band_rate, nb));
  for (int32_t b = 0; b < nb; b++)
    if (net->band_max_weight[b] < net->band_min_weight[b])
      return ar_fail(AR_ERR_INPUT,
                     "%s: dataset /supply/bands/max_weight row %d: %g is below min_weight %g", name,
                     b, net->band_max_weight[b], net->band_min_weight[b]);

  const int32_t no = net->n_orders;
  RUN(check_dates(file, "/supply/orders/date", net->order_date, no));
  RUN(check_range_i32(file, "/supply/orders/ship_ahead_days", net->order_ship_ahead, no, 0,
                      SC_SHIP_WINDOW_MAX));
  RUN(check_range_i32(file, "/supply/orders/ship_late_days", net->order_ship_late, no, 0,
                      SC_SHIP_WINDOW_MAX));
  RUN(check_index(file, "/supply/orders/customer", net->order_customer, no, net->customers.n,
                  "customer", 0));
  RUN(check_index(file, "/supply/orders/product", net->order_product, no, net->products.n,
                  "product", 0));
  RUN(check_index(file, "/supply/orders/dest_port", net->order_dest_port, no, nq, "port", 0));
  RUN(check_code(file, "/supply/orders/service_level", net->order_service, no, 0,
                 SC_SERVICE_COUNT - 1, service_codes));
  RUN(check_range_i32(file, "/supply/orders/units", net->order_units, no, 0, INT32_MAX));
  RUN(check_nonneg(file, "/supply/orders/weight", net->order_weight, no));
  RUN(check_index(file, "/supply/orders/hist_plant", net->hist_plant, no, np, "plant", 0));
  RUN(check_index(file, "/supply/orders/hist_port", net->hist_port, no, nq, "port", 0));
  RUN(check_index(file, "/supply/orders/hist_carrier", net->hist_carrier, no, nc, "carrier", 0));
  RUN(check_range_i32(file, "/supply/orders/hist_tpt_days", net->hist_tpt_days, no, 0, SC_TPT_MAX));
  RUN(check_index(file, "/supply/orders/hist_lane", net->hist_lane, no, nl, "lane", 1));
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
    st = read_table(file, &tables[t], net);
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
