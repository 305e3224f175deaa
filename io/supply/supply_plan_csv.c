/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_plan_csv: read and write plan CSV files (see supply_plan_csv.h). */
#include "supply_plan_csv.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_backup.h"
#include "ar_path.h"
#include "ar_signal.h"
#include "csv.h"
#include "h5res_supply.h"

enum {
  COL_ID,
  COL_PLANT,
  COL_PORT,
  COL_CARRIER,
  COL_SERVICE,
  COL_MODE,
  COL_TPT,
  COL_DAY,
  COL_SERVED,
  NCOL
};
static const char *const col_names[NCOL] = {"Order_ID",      "Plant_Code",    "Orig_Port",
                                            "Carrier",       "Service_Level", "Mode",
                                            "TPT_Day_Count", "Ship_Day",      "Served"};

typedef struct {
  int64_t id;
  int32_t k;
} id_index;

static int compare_id(const void *a, const void *b) {
  const id_index *x = a, *y = b;
  return (x->id > y->id) - (x->id < y->id);
}

static int32_t find_order(const id_index *ids, int32_t n, int64_t id) {
  int32_t lo = 0, hi = n - 1;
  while (lo <= hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (ids[mid].id == id) return ids[mid].k;
    if (ids[mid].id < id)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

/* The trimmed field, or "" (no error when empty). */
static const char *trimmed(const csv_reader *r, int col, char *buf, size_t cap) {
  const char *f = csv_field(r, col);
  while (*f == ' ' || *f == '\t')
    f++;
  size_t len = strlen(f);
  while (len > 0 && (f[len - 1] == ' ' || f[len - 1] == '\t'))
    len--;
  if (len >= cap) len = cap - 1;
  memcpy(buf, f, len);
  buf[len] = '\0';
  return buf;
}

static ar_status known(const csv_reader *r, int col, const supply_names *names, const char *what,
                       int32_t *index) {
  char code[SC_CODE_MAX + 2];
  trimmed(r, col, code, sizeof code);
  if (!code[0]) return csv_fail(r, col, "value is empty (a served order needs a %s)", what);
  *index = supply_names_find(names, code);
  if (*index < 0) return csv_fail(r, col, "unknown %s '%s' (not in the network)", what, code);
  return AR_OK;
}

static ar_status read_lane(const supply_net *net, const csv_reader *r, const int *col, int32_t k,
                           int32_t port, int32_t *lane) {
  char text[SC_CODE_MAX + 2];
  *lane = -1;
  int8_t svc, mode;
  trimmed(r, col[COL_SERVICE], text, sizeof text);
  if (supply_service_parse(text, &svc) != 0)
    return csv_fail(r, col[COL_SERVICE], "'%s' is not a service level (DTD, DTP or CRF)", text);
  trimmed(r, col[COL_CARRIER], text, sizeof text);
  if (svc == SC_SERVICE_CRF || !text[0]) return AR_OK; /* no lane: checked as a violation */
  int32_t carrier;
  ar_status st = known(r, col[COL_CARRIER], &net->carriers, "carrier", &carrier);
  if (st != AR_OK) return st;
  trimmed(r, col[COL_MODE], text, sizeof text);
  if (supply_mode_parse(text, &mode) != 0)
    return csv_fail(r, col[COL_MODE], "'%s' is not a mode (AIR or GROUND)", text);
  int64_t tpt;
  if ((st = csv_get_int64(r, col[COL_TPT], 0, SC_TPT_MAX, &tpt)) != AR_OK) return st;
  for (int32_t L = 0; L < net->n_lanes; L++)
    if (net->lane_carrier[L] == carrier && net->lane_orig_port[L] == port &&
        net->lane_dest_port[L] == net->order_dest_port[k] && net->lane_service[L] == svc &&
        net->lane_mode[L] == mode && net->lane_tpt_days[L] == tpt) {
      *lane = L;
      return AR_OK;
    }
  return csv_fail(r, col[COL_CARRIER], "no FreightRates lane %s/%s/%s/%s/%lld to %s",
                  net->carriers.code[carrier], net->ports.code[port], supply_service_name(svc),
                  supply_mode_name(mode), (long long)tpt, net->ports.code[net->order_dest_port[k]]);
}

static ar_status read_row(const supply_net *net, const csv_reader *r, const int *col,
                          const id_index *ids, supply_assign *a) {
  int64_t id;
  ar_status st = csv_get_int64(r, col[COL_ID], INT64_MIN, INT64_MAX, &id);
  if (st != AR_OK) return st;
  int32_t k = find_order(ids, net->n_orders, id);
  if (k < 0) return csv_fail(r, col[COL_ID], "order %lld is not in the network", (long long)id);
  if (a->line[k] > 0)
    return csv_fail(r, col[COL_ID], "order %lld appears twice (first on line %ld)", (long long)id,
                    a->line[k]);
  a->line[k] = csv_line(r);
  int64_t served;
  if ((st = csv_get_int64(r, col[COL_SERVED], 0, 1, &served)) != AR_OK) return st;
  a->served[k] = (int8_t)served;
  a->day[k] = net->order_date[k];
  a->lane[k] = -1;
  if (!served) return AR_OK;
  if ((st = known(r, col[COL_PLANT], &net->plants, "plant", &a->plant[k])) != AR_OK) return st;
  if ((st = known(r, col[COL_PORT], &net->ports, "port", &a->port[k])) != AR_OK) return st;
  char text[64];
  trimmed(r, col[COL_DAY], text, sizeof text);
  if (text[0] && supply_date_parse(text, &a->day[k]) != 0)
    return csv_fail(r, col[COL_DAY], "'%s' is not a date (YYYY-MM-DD)", text);
  if (net->order_service[k] == SC_SERVICE_CRF) return AR_OK; /* no lane under this reading */
  return read_lane(net, r, col, k, a->port[k], &a->lane[k]);
}

ar_status supply_plan_csv_read(const supply_net *net, const char *path, supply_assign *a) {
  csv_reader *r = NULL;
  ar_status st = supply_assign_alloc(a, net->n_orders);
  if (st != AR_OK) return st;
  id_index *ids = malloc((net->n_orders ? (size_t)net->n_orders : 1) * sizeof *ids);
  a->line = calloc(net->n_orders ? (size_t)net->n_orders : 1, sizeof *a->line);
  if (!ids || !a->line) st = ar_fail(AR_ERR_NOMEM, "out of memory reading %s", path);
  if (st == AR_OK) {
    for (int32_t k = 0; k < net->n_orders; k++)
      ids[k] = (id_index){net->order_id[k], k};
    qsort(ids, (size_t)net->n_orders, sizeof *ids, compare_id);
    st = csv_open(path, &r);
  }
  int col[NCOL];
  if (st == AR_OK) st = csv_require_columns(r, col_names, NCOL, col);
  int have = 0;
  while (st == AR_OK && (st = csv_next(r, &have)) == AR_OK && have)
    st = read_row(net, r, col, ids, a);
  if (st == AR_OK) {
    int32_t missing = 0, first = -1;
    for (int32_t k = 0; k < net->n_orders; k++)
      if (a->line[k] == 0 && missing++ == 0) first = k;
    if (missing)
      st = ar_fail(AR_ERR_INPUT, "%s: %d orders of the network have no row (first: order %lld)",
                   path, (int)missing, (long long)net->order_id[first]);
  }
  csv_close(r);
  free(ids);
  if (st != AR_OK) supply_assign_free(a);
  return st;
}

/* One row of a plan CSV with its codes resolved; carrier NULL: no lane (a CRF order). */
typedef struct {
  long long order_id;
  int served;
  const char *plant, *port, *carrier, *service, *mode;
  int tpt_days;
  int32_t ship_day;
} plan_row;

typedef void (*plan_row_fn)(const void *plan, int64_t i, plan_row *row);

static void write_row(FILE *f, const plan_row *r) {
  if (!r->served) {
    fprintf(f, "%lld,,,,%s,,,,0\n", r->order_id, r->service);
    return;
  }
  char day[16];
  supply_date_format(r->ship_day, day, sizeof day);
  if (!r->carrier)
    fprintf(f, "%lld,%s,%s,,%s,,,%s,1\n", r->order_id, r->plant, r->port, r->service, day);
  else
    fprintf(f, "%lld,%s,%s,%s,%s,%s,%d,%s,1\n", r->order_id, r->plant, r->port, r->carrier,
            r->service, r->mode, r->tpt_days, day);
}

/* Writes n rows through path.tmp and a rename, so a failed write leaves no partial file (the
 * output rule of ar_path.h: a link's target is written, anything but a regular file refused);
 * with backup, an old file is kept. */
static ar_status write_rows(const char *path, int64_t n, plan_row_fn row_of, const void *plan,
                            int backup) {
  char target[AR_PATH_CAP], tmp[AR_PATH_CAP + 8];
  ar_status st = ar_output_resolve(path, NULL, target, sizeof target);
  if (st != AR_OK) return st;
  snprintf(tmp, sizeof tmp, "%s.tmp", target);
  int slot = ar_signal_tmp_add(tmp); /* removed if a signal ends the process meanwhile */
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    st = ar_fail(AR_ERR_IO, "%s: cannot write: %s", tmp, strerror(errno));
    if (fd >= 0) close(fd);
    ar_signal_tmp_remove(slot);
    return st;
  }
  fprintf(f, "%s\n", ROUTE_PLAN_CSV_HEADER);
  for (int64_t i = 0; i < n; i++) {
    plan_row r;
    row_of(plan, i, &r);
    write_row(f, &r);
  }
  int bad = ferror(f);
  if (fclose(f) != 0) bad = 1;
  if (bad)
    st = ar_fail(AR_ERR_IO, "%s: write failed: %s", tmp, strerror(errno));
  else if ((st = ar_output_replaceable(target)) != AR_OK)
    ar_error_prefix("%s", tmp);
  else if (backup && (st = ar_backup_existing(target, stdout)) != AR_OK) /* an old plan is kept */
    ar_error_prefix("%s", tmp);
  else if (rename(tmp, target) != 0)
    st = ar_fail(AR_ERR_IO, "%s: cannot rename to %s: %s", tmp, target, strerror(errno));
  if (st != AR_OK) remove(tmp);
  ar_signal_tmp_remove(slot);
  return st;
}

typedef struct {
  const supply_net *net;
  const supply_assign *a;
} assign_plan;

static void assign_row(const void *plan, int64_t i, plan_row *r) {
  const supply_net *net = ((const assign_plan *)plan)->net;
  const supply_assign *a = ((const assign_plan *)plan)->a;
  int32_t k = (int32_t)i;
  int svc = net->order_service[k];
  int32_t L = svc == SC_SERVICE_CRF ? -1 : a->lane[k];
  *r = (plan_row){.order_id = (long long)net->order_id[k],
                  .served = a->served[k],
                  .service = supply_service_name(svc)};
  if (!r->served) return;
  r->plant = net->plants.code[a->plant[k]];
  r->port = net->ports.code[a->port[k]];
  r->ship_day = a->day[k];
  if (L < 0) return;
  r->carrier = net->carriers.code[net->lane_carrier[L]];
  r->service = supply_service_name(net->lane_service[L]);
  r->mode = supply_mode_name(net->lane_mode[L]);
  r->tpt_days = (int)net->lane_tpt_days[L];
}

ar_status supply_plan_csv_write(const supply_net *net, const supply_assign *a, const char *path,
                                int backup) {
  assign_plan plan = {net, a};
  return write_rows(path, a->n, assign_row, &plan, backup);
}

static void results_row(const void *plan, int64_t i, plan_row *r) {
  const h5res_supply_plan *p = plan;
  *r = (plan_row){.order_id = (long long)p->order_id[i],
                  .served = p->served[i],
                  .service = supply_service_name(p->service[i])};
  if (!r->served) return;
  r->plant = p->plants[p->plant[i]];
  r->port = p->ports[p->port[i]];
  r->ship_day = p->ship_day[i];
  if (p->carrier[i] < 0) return;
  r->carrier = p->carriers[p->carrier[i]];
  r->mode = supply_mode_name(p->mode[i]);
  r->tpt_days = (int)p->tpt_days[i];
}

ar_status supply_plan_csv_write_results(const h5res_supply_plan *p, const char *path) {
  return write_rows(path, p->n, results_row, p, 1);
}
