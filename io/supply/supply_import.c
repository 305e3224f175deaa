/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_import: the seven supply-chain CSV tables -> supply_net, with every field and reference
 * checked.
 *
 * Tables are read in dependency order (plants, their ports, lanes, stock, VMI, orders) so that a
 * reference can be checked when it is read and reported with its line. Codes get dense indices in
 * order of first appearance while reading; at the end every code table is sorted and all index
 * columns are renumbered, so the result does not depend on the row order of the files.
 */
#include "supply_import.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ar_path.h"
#include "csv.h"
#include "strdict.h"

enum { PATH_MAX_LEN = 4096 };

typedef struct {
  char dir[PATH_MAX_LEN];
  int strict;
  supply_warnings *warnings;
  supply_net *net;
  strdict plants, ports, carriers, carrier_types, customers, products;
  strdict lanes;  /* 6-field lane key -> lane index */
  strdict lanes5; /* lane key without mode -> index into lane5_first (historical lookup) */
  int32_t *lane5_first;
  long *lane_line;  /* first FreightRates line of each lane */
  long *plant_line; /* WhCosts line of each plant */
  long *order_line;
} import_ctx;

/* --- Small helpers ---------------------------------------------------------------------------- */

static void *alloc_array(long n, size_t elem) { return malloc((n > 0 ? (size_t)n : 1) * elem); }

static void add_warning(import_ctx *c, const char *text) {
  if (!c->warnings) return;
  if (c->warnings->count < SC_WARNINGS_KEPT)
    snprintf(c->warnings->text[c->warnings->count], SC_WARNING_LEN, "%s", text);
  c->warnings->count++;
}

/* A problem the data set itself has (see docs/formats.md): a warning, or an error when strict. */
static ar_status warn_row(import_ctx *c, const csv_reader *r, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static ar_status warn_row(import_ctx *c, const csv_reader *r, int col, const char *fmt, ...) {
  char what[SC_WARNING_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  ar_status st = csv_fail(r, col, "%s", what);
  if (c->strict) return st;
  add_warning(c, ar_error_message());
  ar_error_clear();
  return AR_OK;
}

static ar_status open_table(import_ctx *c, const char *file, const char *const *columns, int n,
                            int *cols, csv_reader **r) {
  char path[PATH_MAX_LEN + 64];
  snprintf(path, sizeof path, "%s/%s", c->dir, file);
  struct stat sb;
  if (stat(path, &sb) != 0 && errno == ENOENT)
    return ar_fail(AR_ERR_INPUT,
                   "%s: file is missing (a supply-chain directory holds WhCosts.csv, "
                   "WhCapacities.csv, PlantPorts.csv, FreightRates.csv, ProductsPerPlant.csv, "
                   "VmiCustomers.csv and OrderList.csv)",
                   path);
  ar_status st = csv_open(path, r);
  if (st != AR_OK) return st;
  st = csv_require_columns(*r, columns, n, cols);
  if (st != AR_OK) {
    csv_close(*r);
    *r = NULL;
  }
  return st;
}

static ar_status get_code(const csv_reader *r, int col, char *buf) {
  return csv_get_code(r, col, buf, SC_CODE_MAX + 1);
}

static ar_status get_nonneg_double(const csv_reader *r, int col, double *v) {
  ar_status st = csv_get_double(r, col, v);
  if (st == AR_OK && *v < 0) return csv_fail(r, col, "%g is negative", *v);
  return st;
}

static ar_status get_nonneg_int(const csv_reader *r, int col, int64_t max, int64_t *v) {
  ar_status st = csv_get_int64(r, col, INT64_MIN, INT64_MAX, v);
  if (st != AR_OK) return st;
  if (*v < 0) return csv_fail(r, col, "%lld is negative", (long long)*v);
  if (*v > max) return csv_fail(r, col, "%lld is larger than %lld", (long long)*v, (long long)max);
  return AR_OK;
}

static ar_status known_code(const csv_reader *r, int col, const strdict *d, const char *what,
                            const char *where, int32_t *index) {
  char code[SC_CODE_MAX + 1];
  ar_status st = get_code(r, col, code);
  if (st != AR_OK) return st;
  *index = strdict_find(d, code);
  if (*index < 0) return csv_fail(r, col, "unknown %s '%s' (not in %s)", what, code, where);
  return AR_OK;
}

static ar_status add_code(const csv_reader *r, int col, strdict *d, int32_t *index) {
  char code[SC_CODE_MAX + 1];
  ar_status st = get_code(r, col, code);
  if (st == AR_OK) st = strdict_add(d, code, index, NULL);
  return st;
}

/* --- Plants: WhCosts and WhCapacities --------------------------------------------------------- */

static ar_status read_costs(import_ctx *c) {
  static const char *const names[] = {"Plant_Code", "Cost_Per_Unit"};
  int col[2];
  csv_reader *r;
  ar_status st = open_table(c, "WhCosts.csv", names, 2, col, &r);
  if (st != AR_OK) return st;
  supply_net *net = c->net;
  long cap = csv_max_rows(r);
  net->plant_cost_per_unit = alloc_array(cap, sizeof(double));
  net->plant_capacity = alloc_array(cap, sizeof(int32_t));
  c->plant_line = alloc_array(cap, sizeof(long));
  if (!net->plant_cost_per_unit || !net->plant_capacity || !c->plant_line)
    st = ar_fail(AR_ERR_NOMEM, "out of memory reading %s", csv_name(r));
  int have = 0;
  while (st == AR_OK && (st = csv_next(r, &have)) == AR_OK && have) {
    char code[SC_CODE_MAX + 1];
    int32_t p;
    int added;
    double cost;
    if ((st = get_code(r, col[0], code)) != AR_OK) break;
    if ((st = strdict_add(&c->plants, code, &p, &added)) != AR_OK) break;
    if (!added) {
      st = csv_fail(r, col[0], "plant '%s' appears twice (first on line %ld)", code,
                    c->plant_line[p]);
      break;
    }
    if ((st = get_nonneg_double(r, col[1], &cost)) != AR_OK) break;
    net->plant_cost_per_unit[p] = cost;
    net->plant_capacity[p] = -1; /* until WhCapacities gives it */
    c->plant_line[p] = csv_line(r);
  }
  if (st == AR_OK && c->plants.n == 0) st = csv_fail(r, -1, "no plants (the table has no rows)");
  csv_close(r);
  return st;
}

static ar_status read_capacities(import_ctx *c) {
  static const char *const names[] = {"Plant_Code", "Daily_Capacity"};
  int col[2];
  csv_reader *r;
  ar_status st = open_table(c, "WhCapacities.csv", names, 2, col, &r);
  if (st != AR_OK) return st;
  supply_net *net = c->net;
  int have = 0;
  while ((st = csv_next(r, &have)) == AR_OK && have) {
    int32_t p;
    int64_t capacity;
    if ((st = known_code(r, col[0], &c->plants, "plant", "WhCosts.csv", &p)) != AR_OK) break;
    if (net->plant_capacity[p] >= 0) {
      st = csv_fail(r, col[0], "plant '%s' appears twice", c->plants.keys[p]);
      break;
    }
    if ((st = get_nonneg_int(r, col[1], INT32_MAX, &capacity)) != AR_OK) break;
    net->plant_capacity[p] = (int32_t)capacity;
  }
  csv_close(r);
  if (st != AR_OK) return st;
  for (int32_t p = 0; p < c->plants.n; p++)
    if (net->plant_capacity[p] < 0)
      return ar_fail(AR_ERR_INPUT,
                     "%s/WhCosts.csv:%ld: column Plant_Code: plant '%s' has no row in "
                     "WhCapacities.csv",
                     c->dir, c->plant_line[p], c->plants.keys[p]);
  return AR_OK;
}

/* --- Plant relations: PlantPorts, ProductsPerPlant, VmiCustomers ------------------------------ */

/* Reads (Plant_Code, other) rows into plant[]/other[]; other codes are added to dict. Rows naming
 * a plant that has no cost (ProductsPerPlant's CND9) and repeated rows are skipped with a
 * warning. */
static ar_status read_plant_relation(import_ctx *c, const char *file, const char *other_column,
                                     strdict *dict, int32_t *count, int32_t **plant_out,
                                     int32_t **other_out) {
  const char *const names[] = {"Plant_Code", other_column};
  int col[2];
  csv_reader *r;
  ar_status st = open_table(c, file, names, 2, col, &r);
  if (st != AR_OK) return st;
  long cap = csv_max_rows(r);
  int32_t *plant = alloc_array(cap, sizeof *plant);
  int32_t *other = alloc_array(cap, sizeof *other);
  int32_t n = 0;
  strdict seen;
  strdict_init(&seen);
  if (!plant || !other) st = ar_fail(AR_ERR_NOMEM, "out of memory reading %s", csv_name(r));
  int have = 0;
  while (st == AR_OK && (st = csv_next(r, &have)) == AR_OK && have) {
    char code[SC_CODE_MAX + 1], other_code[SC_CODE_MAX + 1], key[64];
    int32_t p, o, pair;
    int added;
    if ((st = get_code(r, col[0], code)) != AR_OK) break;
    if ((st = get_code(r, col[1], other_code)) != AR_OK) break;
    p = strdict_find(&c->plants, code);
    if (p < 0) {
      st = warn_row(c, r, col[0], "unknown plant '%s' (not in WhCosts.csv); row skipped", code);
      continue;
    }
    if ((st = strdict_add(dict, other_code, &o, NULL)) != AR_OK) break;
    snprintf(key, sizeof key, "%d,%d", p, o);
    if ((st = strdict_add(&seen, key, &pair, &added)) != AR_OK) break;
    if (!added) {
      st = warn_row(c, r, col[1], "repeats an earlier row; row skipped");
      continue;
    }
    plant[n] = p;
    other[n] = o;
    n++;
  }
  strdict_free(&seen);
  csv_close(r);
  if (st != AR_OK) {
    free(plant);
    free(other);
    return st;
  }
  *count = n;
  *plant_out = plant;
  *other_out = other;
  return AR_OK;
}

/* --- Lanes and bands: FreightRates ------------------------------------------------------------ */

enum {
  FR_CARRIER,
  FR_ORIG,
  FR_DEST,
  FR_MIN_W,
  FR_MAX_W,
  FR_SERVICE,
  FR_MIN_COST,
  FR_RATE,
  FR_MODE,
  FR_TPT,
  FR_CARRIER_TYPE,
  FR_COLUMNS
};

/* One FreightRates row, checked. */
typedef struct {
  char carrier[SC_CODE_MAX + 1], orig[SC_CODE_MAX + 1], dest[SC_CODE_MAX + 1];
  int8_t service, mode;
  int64_t tpt;
  double min_w, max_w, min_cost, rate;
} freight_row;

static ar_status parse_freight_row(csv_reader *r, const int *col, freight_row *f) {
  char text[SC_CODE_MAX + 1];
  ar_status st;
  if ((st = get_code(r, col[FR_CARRIER], f->carrier)) != AR_OK ||
      (st = get_code(r, col[FR_ORIG], f->orig)) != AR_OK ||
      (st = get_code(r, col[FR_DEST], f->dest)) != AR_OK ||
      (st = get_code(r, col[FR_SERVICE], text)) != AR_OK)
    return st;
  if (supply_service_parse(text, &f->service) != 0 || f->service == SC_SERVICE_CRF)
    return csv_fail(r, col[FR_SERVICE], "'%s' is not a lane service level (DTD or DTP)", text);
  if ((st = get_code(r, col[FR_MODE], text)) != AR_OK) return st;
  if (supply_mode_parse(text, &f->mode) != 0)
    return csv_fail(r, col[FR_MODE], "'%s' is not a transport mode (AIR or GROUND)", text);
  if ((st = get_nonneg_int(r, col[FR_TPT], SC_TPT_MAX, &f->tpt)) != AR_OK ||
      (st = get_nonneg_double(r, col[FR_MIN_W], &f->min_w)) != AR_OK ||
      (st = get_nonneg_double(r, col[FR_MAX_W], &f->max_w)) != AR_OK ||
      (st = get_nonneg_double(r, col[FR_MIN_COST], &f->min_cost)) != AR_OK ||
      (st = get_nonneg_double(r, col[FR_RATE], &f->rate)) != AR_OK)
    return st;
  if (f->max_w < f->min_w)
    return csv_fail(r, col[FR_MAX_W], "max weight %g is below the min weight %g", f->max_w,
                    f->min_w);
  return AR_OK;
}

/* The row's lane (a new one the first time its key is seen) and its weight band. */
static ar_status add_freight_row(import_ctx *c, csv_reader *r, const int *col,
                                 const freight_row *f) {
  supply_net *net = c->net;
  char key[4 * SC_CODE_MAX + 64];
  int32_t icarrier, iorig, idest, itype, lane, lane5;
  int added;
  ar_status st;
  if ((st = strdict_add(&c->carriers, f->carrier, &icarrier, NULL)) != AR_OK ||
      (st = strdict_add(&c->ports, f->orig, &iorig, NULL)) != AR_OK ||
      (st = strdict_add(&c->ports, f->dest, &idest, NULL)) != AR_OK ||
      (st = add_code(r, col[FR_CARRIER_TYPE], &c->carrier_types, &itype)) != AR_OK)
    return st;
  snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%d\x1f%d\x1f%lld", f->carrier, f->orig, f->dest,
           f->service, f->mode, (long long)f->tpt);
  if ((st = strdict_add(&c->lanes, key, &lane, &added)) != AR_OK) return st;
  if (added) {
    net->lane_carrier[lane] = icarrier;
    net->lane_orig_port[lane] = iorig;
    net->lane_dest_port[lane] = idest;
    net->lane_carrier_type[lane] = itype;
    net->lane_service[lane] = f->service;
    net->lane_mode[lane] = f->mode;
    net->lane_tpt_days[lane] = (int32_t)f->tpt;
    c->lane_line[lane] = csv_line(r);
    net->n_lanes = lane + 1;
    /* The historical routing names no mode: remember the first lane of each 5-field key. */
    snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%d\x1f%lld", f->carrier, f->orig, f->dest,
             f->service, (long long)f->tpt);
    if ((st = strdict_add(&c->lanes5, key, &lane5, &added)) != AR_OK) return st;
    if (added) c->lane5_first[lane5] = lane;
  } else if (net->lane_carrier_type[lane] != itype) {
    return csv_fail(r, col[FR_CARRIER_TYPE],
                    "carrier type '%s' differs from '%s' on line %ld for the same lane",
                    c->carrier_types.keys[itype],
                    c->carrier_types.keys[net->lane_carrier_type[lane]], c->lane_line[lane]);
  }
  int32_t b = net->n_bands++;
  net->band_lane[b] = lane;
  net->band_min_weight[b] = f->min_w;
  net->band_max_weight[b] = f->max_w;
  net->band_min_cost[b] = f->min_cost;
  net->band_rate[b] = f->rate;
  return AR_OK;
}

static ar_status read_freight(import_ctx *c) {
  static const char *const names[FR_COLUMNS] = {
      "Carrier",  "Orig_Port", "Dest_Port", "Min_Weight_Quant", "Max_Weight_Quant", "Service_Level",
      "Min_Cost", "Rate",      "Mode_DSC",  "TPT_Day_Count",    "Carrier_Type"};
  int col[FR_COLUMNS];
  csv_reader *r;
  ar_status st = open_table(c, "FreightRates.csv", names, FR_COLUMNS, col, &r);
  if (st != AR_OK) return st;
  long cap = csv_max_rows(r);
  st = supply_net_alloc_lanes(c->net, cap, cap);
  c->lane_line = alloc_array(cap, sizeof(long));
  c->lane5_first = alloc_array(cap, sizeof(int32_t));
  if (st != AR_OK || !c->lane_line || !c->lane5_first)
    st = ar_fail(AR_ERR_NOMEM, "out of memory reading %s", csv_name(r));
  int have = 0;
  while (st == AR_OK && (st = csv_next(r, &have)) == AR_OK && have) {
    freight_row f;
    st = parse_freight_row(r, col, &f);
    if (st == AR_OK) st = add_freight_row(c, r, col, &f);
  }
  csv_close(r);
  return st;
}

/* --- Orders: OrderList ------------------------------------------------------------------------ */

enum {
  OL_ID,
  OL_DATE,
  OL_ORIG,
  OL_CARRIER,
  OL_TPT,
  OL_SERVICE,
  OL_AHEAD,
  OL_LATE,
  OL_CUSTOMER,
  OL_PRODUCT,
  OL_PLANT,
  OL_DEST,
  OL_UNITS,
  OL_WEIGHT,
  OL_COLUMNS
};

static ar_status alloc_orders(supply_net *net, long cap) {
  net->order_id = alloc_array(cap, sizeof(int64_t));
  net->order_date = alloc_array(cap, sizeof(int32_t));
  net->order_ship_ahead = alloc_array(cap, sizeof(int32_t));
  net->order_ship_late = alloc_array(cap, sizeof(int32_t));
  net->order_customer = alloc_array(cap, sizeof(int32_t));
  net->order_product = alloc_array(cap, sizeof(int32_t));
  net->order_dest_port = alloc_array(cap, sizeof(int32_t));
  net->order_service = alloc_array(cap, sizeof(int8_t));
  net->order_units = alloc_array(cap, sizeof(int32_t));
  net->order_weight = alloc_array(cap, sizeof(double));
  net->hist_plant = alloc_array(cap, sizeof(int32_t));
  net->hist_port = alloc_array(cap, sizeof(int32_t));
  net->hist_carrier = alloc_array(cap, sizeof(int32_t));
  net->hist_tpt_days = alloc_array(cap, sizeof(int32_t));
  net->hist_lane = alloc_array(cap, sizeof(int32_t));
  if (!net->order_id || !net->order_date || !net->order_ship_ahead || !net->order_ship_late ||
      !net->order_customer || !net->order_product || !net->order_dest_port || !net->order_service ||
      !net->order_units || !net->order_weight || !net->hist_plant || !net->hist_port ||
      !net->hist_carrier || !net->hist_tpt_days || !net->hist_lane)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %ld orders", cap);
  return AR_OK;
}

static ar_status read_order_row(import_ctx *c, const csv_reader *r, const int *col, int32_t k) {
  supply_net *net = c->net;
  const char *ports_from = "PlantPorts.csv or FreightRates.csv";
  char text[SC_CODE_MAX + 1], carrier[SC_CODE_MAX + 1];
  int64_t v;
  double w;
  int32_t day;
  ar_status st;
  if ((st = csv_get_int64(r, col[OL_ID], INT64_MIN, INT64_MAX, &v)) != AR_OK) return st;
  net->order_id[k] = v;
  if ((st = get_code(r, col[OL_DATE], text)) != AR_OK) return st;
  if (supply_date_parse(text, &day) != 0)
    return csv_fail(r, col[OL_DATE], "'%s' is not a date (expected M/D/YY, M/D/YYYY or YYYY-MM-DD)",
                    text);
  net->order_date[k] = day;
  if ((st = known_code(r, col[OL_ORIG], &c->ports, "port", ports_from, &net->hist_port[k])) !=
      AR_OK)
    return st;
  if ((st = get_code(r, col[OL_CARRIER], carrier)) != AR_OK) return st;
  if ((st = strdict_add(&c->carriers, carrier, &net->hist_carrier[k], NULL)) != AR_OK) return st;
  if ((st = get_nonneg_int(r, col[OL_TPT], SC_TPT_MAX, &v)) != AR_OK) return st;
  net->hist_tpt_days[k] = (int32_t)v;
  if ((st = get_code(r, col[OL_SERVICE], text)) != AR_OK) return st;
  if (supply_service_parse(text, &net->order_service[k]) != 0)
    return csv_fail(r, col[OL_SERVICE], "'%s' is not a service level (DTD, DTP or CRF)", text);
  if ((st = get_nonneg_int(r, col[OL_AHEAD], SC_SHIP_WINDOW_MAX, &v)) != AR_OK) return st;
  net->order_ship_ahead[k] = (int32_t)v;
  if ((st = get_nonneg_int(r, col[OL_LATE], SC_SHIP_WINDOW_MAX, &v)) != AR_OK) return st;
  net->order_ship_late[k] = (int32_t)v;
  if ((st = add_code(r, col[OL_CUSTOMER], &c->customers, &net->order_customer[k])) != AR_OK)
    return st;
  if ((st = get_code(r, col[OL_PRODUCT], text)) != AR_OK) return st;
  net->order_product[k] = strdict_find(&c->products, text);
  if (net->order_product[k] < 0)
    return csv_fail(r, col[OL_PRODUCT],
                    "product '%s' is not stocked at any plant (not in ProductsPerPlant.csv)", text);
  if ((st = known_code(r, col[OL_PLANT], &c->plants, "plant", "WhCosts.csv",
                       &net->hist_plant[k])) != AR_OK)
    return st;
  if ((st = known_code(r, col[OL_DEST], &c->ports, "port", ports_from, &net->order_dest_port[k])) !=
      AR_OK)
    return st;
  if ((st = get_nonneg_int(r, col[OL_UNITS], INT32_MAX, &v)) != AR_OK) return st;
  net->order_units[k] = (int32_t)v;
  if ((st = get_nonneg_double(r, col[OL_WEIGHT], &w)) != AR_OK) return st;
  net->order_weight[k] = w;

  net->hist_lane[k] = -1;
  if (net->order_service[k] != SC_SERVICE_CRF) {
    char key[4 * SC_CODE_MAX + 64];
    snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%d\x1f%d", carrier,
             c->ports.keys[net->hist_port[k]], c->ports.keys[net->order_dest_port[k]],
             net->order_service[k], net->hist_tpt_days[k]);
    int32_t lane5 = strdict_find(&c->lanes5, key);
    if (lane5 >= 0)
      net->hist_lane[k] = c->lane5_first[lane5];
    else
      return warn_row(c, r, col[OL_CARRIER],
                      "no FreightRates lane has this order's carrier, ports, service level and "
                      "TPT; its historical route has no lane");
  }
  return AR_OK;
}

static ar_status check_unique_ids(import_ctx *c) {
  supply_net *net = c->net;
  int32_t worst, first;
  ar_status st = supply_net_duplicate_id(net, &worst, &first);
  if (st != AR_OK) return st;
  if (worst < 0) return AR_OK;
  return ar_fail(AR_ERR_INPUT,
                 "%s/OrderList.csv:%ld: column Order_ID: duplicate order id %lld (first on line "
                 "%ld)",
                 c->dir, c->order_line[worst], (long long)net->order_id[worst],
                 c->order_line[first]);
}

static ar_status read_orders(import_ctx *c) {
  static const char *const names[OL_COLUMNS] = {"Order_ID",
                                                "Order_Date",
                                                "Orig_Port",
                                                "Carrier",
                                                "TPT_Day_Count",
                                                "Service_Level",
                                                "Ship_Ahead_Day_Count",
                                                "Ship_Late_Day_Count",
                                                "Customer",
                                                "Product_ID",
                                                "Plant_Code",
                                                "Dest_Port",
                                                "Unit_Quant",
                                                "Weight"};
  int col[OL_COLUMNS];
  csv_reader *r;
  ar_status st = open_table(c, "OrderList.csv", names, OL_COLUMNS, col, &r);
  if (st != AR_OK) return st;
  long cap = csv_max_rows(r);
  if (cap > SC_ROWS_MAX) cap = SC_ROWS_MAX;
  st = alloc_orders(c->net, cap);
  c->order_line = alloc_array(cap, sizeof(long));
  if (st == AR_OK && !c->order_line) st = ar_fail(AR_ERR_NOMEM, "out of memory reading orders");
  int have = 0;
  while (st == AR_OK && (st = csv_next(r, &have)) == AR_OK && have) {
    int32_t k = c->net->n_orders;
    if (k >= cap) {
      st = csv_fail(r, -1, "more than %ld orders", cap);
      break;
    }
    c->order_line[k] = csv_line(r);
    if ((st = read_order_row(c, r, col, k)) != AR_OK) break;
    c->net->n_orders = k + 1;
  }
  if (st == AR_OK && c->net->n_orders == 0)
    st = csv_fail(r, -1, "no orders (the table has no rows)");
  csv_close(r);
  if (st == AR_OK) st = check_unique_ids(c);
  return st;
}

/* --- Sorting the code tables ------------------------------------------------------------------ */

typedef struct {
  const char *code;
  int32_t old;
} code_index;

static int compare_code(const void *a, const void *b) {
  return strcmp(((const code_index *)a)->code, ((const code_index *)b)->code);
}

/* Moves the dictionary's keys into a sorted code table; new_of_old[i] = sorted index of key i. */
static ar_status sort_codes(strdict *d, supply_names *names, int32_t **new_of_old) {
  int32_t n;
  char **keys = strdict_take_keys(d, &n);
  code_index *order = alloc_array(n, sizeof *order);
  int32_t *map = alloc_array(n, sizeof *map);
  names->code = alloc_array(n, sizeof *names->code);
  names->n = 0;
  if (!order || !map || !names->code) {
    for (int32_t i = 0; i < n; i++)
      free(keys[i]);
    free(keys);
    free(order);
    free(map);
    return ar_fail(AR_ERR_NOMEM, "out of memory sorting codes");
  }
  for (int32_t i = 0; i < n; i++)
    order[i] = (code_index){keys[i], i};
  qsort(order, (size_t)n, sizeof *order, compare_code);
  for (int32_t i = 0; i < n; i++) {
    names->code[i] = keys[order[i].old];
    map[order[i].old] = i;
  }
  names->n = n;
  free(keys);
  free(order);
  *new_of_old = map;
  return AR_OK;
}

static void renumber(int32_t *column, int32_t n, const int32_t *map) {
  for (int32_t i = 0; i < n; i++)
    column[i] = map[column[i]];
}

static ar_status sort_all_codes(import_ctx *c) {
  supply_net *net = c->net;
  int32_t *map = NULL;
  ar_status st = sort_codes(&c->plants, &net->plants, &map);
  if (st != AR_OK) return st;
  {
    /* Plant attributes are indexed by plant: permute them. */
    double *cost = alloc_array(net->plants.n, sizeof *cost);
    int32_t *capacity = alloc_array(net->plants.n, sizeof *capacity);
    if (!cost || !capacity) {
      free(cost);
      free(capacity);
      free(map);
      return ar_fail(AR_ERR_NOMEM, "out of memory sorting plants");
    }
    for (int32_t p = 0; p < net->plants.n; p++) {
      cost[map[p]] = net->plant_cost_per_unit[p];
      capacity[map[p]] = net->plant_capacity[p];
    }
    free(net->plant_cost_per_unit);
    free(net->plant_capacity);
    net->plant_cost_per_unit = cost;
    net->plant_capacity = capacity;
  }
  renumber(net->pp_plant, net->n_plant_ports, map);
  renumber(net->stock_plant, net->n_stock, map);
  renumber(net->vmi_plant, net->n_vmi, map);
  renumber(net->hist_plant, net->n_orders, map);
  free(map);

  if ((st = sort_codes(&c->ports, &net->ports, &map)) != AR_OK) return st;
  renumber(net->pp_port, net->n_plant_ports, map);
  renumber(net->lane_orig_port, net->n_lanes, map);
  renumber(net->lane_dest_port, net->n_lanes, map);
  renumber(net->order_dest_port, net->n_orders, map);
  renumber(net->hist_port, net->n_orders, map);
  free(map);

  if ((st = sort_codes(&c->carriers, &net->carriers, &map)) != AR_OK) return st;
  renumber(net->lane_carrier, net->n_lanes, map);
  renumber(net->hist_carrier, net->n_orders, map);
  free(map);

  if ((st = sort_codes(&c->carrier_types, &net->carrier_types, &map)) != AR_OK) return st;
  renumber(net->lane_carrier_type, net->n_lanes, map);
  free(map);

  if ((st = sort_codes(&c->customers, &net->customers, &map)) != AR_OK) return st;
  renumber(net->vmi_customer, net->n_vmi, map);
  renumber(net->order_customer, net->n_orders, map);
  free(map);

  if ((st = sort_codes(&c->products, &net->products, &map)) != AR_OK) return st;
  renumber(net->stock_product, net->n_stock, map);
  renumber(net->order_product, net->n_orders, map);
  free(map);
  return AR_OK;
}

/* --- The whole directory ---------------------------------------------------------------------- */

static void free_ctx(import_ctx *c) {
  strdict *dicts[] = {&c->plants,    &c->ports,    &c->carriers, &c->carrier_types,
                      &c->customers, &c->products, &c->lanes,    &c->lanes5};
  for (size_t i = 0; i < sizeof dicts / sizeof dicts[0]; i++)
    strdict_free(dicts[i]);
  free(c->lane5_first);
  free(c->lane_line);
  free(c->plant_line);
  free(c->order_line);
}

ar_status supply_import_dir(const char *dir, int strict, supply_net *net,
                            supply_warnings *warnings) {
  import_ctx *c = calloc(1, sizeof *c);
  if (!c) return ar_fail(AR_ERR_NOMEM, "out of memory");
  size_t len = strlen(dir);
  while (len > 1 && dir[len - 1] == '/')
    len--;
  if (len >= sizeof c->dir) {
    free(c);
    return ar_fail(AR_ERR_USAGE, "directory name too long: %s", dir);
  }
  memcpy(c->dir, dir, len);
  c->dir[len] = '\0';
  c->strict = strict;
  c->warnings = warnings;
  if (warnings) warnings->count = 0;
  c->net = net;
  memset(net, 0, sizeof *net);
  strdict *dicts[] = {&c->plants,    &c->ports,    &c->carriers, &c->carrier_types,
                      &c->customers, &c->products, &c->lanes,    &c->lanes5};
  for (size_t i = 0; i < sizeof dicts / sizeof dicts[0]; i++)
    strdict_init(dicts[i]);

  struct stat sb;
  ar_status st = AR_OK;
  if (stat(c->dir, &sb) != 0)
    st = ar_fail(AR_ERR_IO, "cannot open directory %s: %s", c->dir, strerror(errno));
  else if (!S_ISDIR(sb.st_mode))
    st = ar_fail(AR_ERR_USAGE,
                 "%s is not a directory (give the directory that holds the seven CSV tables)",
                 c->dir);
  if (st == AR_OK) st = read_costs(c);
  if (st == AR_OK) st = read_capacities(c);
  if (st == AR_OK)
    st = read_plant_relation(c, "PlantPorts.csv", "Ports", &c->ports, &net->n_plant_ports,
                             &net->pp_plant, &net->pp_port);
  if (st == AR_OK) st = read_freight(c);
  if (st == AR_OK)
    st = read_plant_relation(c, "ProductsPerPlant.csv", "Product_ID", &c->products, &net->n_stock,
                             &net->stock_plant, &net->stock_product);
  if (st == AR_OK)
    st = read_plant_relation(c, "VmiCustomers.csv", "Customer", &c->customers, &net->n_vmi,
                             &net->vmi_plant, &net->vmi_customer);
  if (st == AR_OK) st = read_orders(c);
  if (st == AR_OK) st = sort_all_codes(c);
  if (st == AR_OK) st = supply_net_index(net);
  free_ctx(c);
  free(c);
  if (st != AR_OK) supply_net_free(net);
  return st;
}

ar_status supply_import_check_output(const char *dir, const char *output, const char *what) {
  static const char *const tables[] = {
      "WhCosts.csv",          "WhCapacities.csv", "PlantPorts.csv", "FreightRates.csv",
      "ProductsPerPlant.csv", "VmiCustomers.csv", "OrderList.csv"};
  enum { NTABLES = (int)(sizeof tables / sizeof tables[0]) };
  char paths[NTABLES][4200];
  ar_path_role inputs[NTABLES];
  for (int i = 0; i < NTABLES; i++) {
    snprintf(paths[i], sizeof paths[i], "%s/%s", dir, tables[i]);
    inputs[i] = (ar_path_role){paths[i], "the table"};
  }
  ar_path_role out = {output, what};
  return ar_outputs_check(inputs, NTABLES, &out, 1);
}
