/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_report: an order-routing plan's goals, bounds, unserved orders and months.
 *
 * The layout is that of `solve` on a supply-chain network (io/supply/h5res_supply.h): /totals with
 * one attribute per goal (wc, tc, penalty, cost, time, co2, served, unserved, min_unserved,
 * goal_order, goal1..), /months with one column per quantity and one row per month (year, month,
 * orders, served, unserved, min_unserved, wc, tc, penalty, cost, time, co2, lower_cost,
 * lower_served_cost, iterations, epochs, seconds), /unserved/{order_id, month, reason}. Goals are
 * looked up under their names and aliases (warehouse = wc, ...); what is absent is not printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5res_supply_fields.h"
#include "h5u.h"
#include "report_format.h"
#include "report_read.h"
#include "wing_supply_report.h"

enum { REASONS_MAX = 12, MONTHS_SHOWN = 36, ROWS_MAX = 100000000, MONTHS_MAX = 100000 };

typedef struct {
  const char *key, *label, *units;
  int decimals;
  const char *alias[3];
} goal_def;

static const goal_def goals[] = {
    {"cost", "cost", "USD", 2, {"total_cost", NULL, NULL}},
    {"warehouse", "  warehouse", "USD", 2, {"wc", "warehouse_cost", NULL}},
    {"transport", "  transport", "USD", 2, {"tc", "transport_cost", NULL}},
    {"penalty", "  penalty", "USD", 2, {"penalty_cost", NULL, NULL}},
    {"time", "transit time", "days x kg", 0, {"transit_time", NULL, NULL}},
    {"co2", "CO2", "kg CO2e", 1, {"co2_kg", NULL, NULL}},
};
enum { G_COST, G_WAREHOUSE, G_TRANSPORT, G_PENALTY, NGOALS = sizeof goals / sizeof goals[0] };

/* Counts and bounds, looked up like the goals. */
static const goal_def counts[] = {
    {"orders", NULL, NULL, 0, {"n_orders", NULL, NULL}},
    {"served", NULL, NULL, 0, {"n_served", NULL, NULL}},
    {"unserved", NULL, NULL, 0, {"n_unserved", NULL, NULL}},
    {"min_unserved", NULL, NULL, 0, {"unserved_bound", NULL, NULL}},
    {"lower_served_cost", NULL, NULL, 0, {NULL, NULL, NULL}},
    {"lower_cost", NULL, NULL, 0, {NULL, NULL, NULL}},
    {"iterations", NULL, NULL, 0, {NULL, NULL, NULL}},
    {"epochs", NULL, NULL, 0, {NULL, NULL, NULL}},
    {"seconds", NULL, NULL, 0, {NULL, NULL, NULL}},
};
enum {
  C_ORDERS,
  C_SERVED,
  C_UNSERVED,
  C_MIN_UNSERVED,
  C_LOWER_SERVED,
  C_LOWER_COST,
  C_ITERATIONS,
  C_EPOCHS,
  C_SECONDS,
  NCOUNTS = sizeof counts / sizeof counts[0]
};

typedef struct {
  double v[NGOALS + NCOUNTS];
  int has[NGOALS + NCOUNTS];
} totals;

static const goal_def *item(int i) { return i < NGOALS ? &goals[i] : &counts[i - NGOALS]; }

/* The totals of the whole plan: attributes (or scalar datasets) of /totals, /best/totals or the
 * root. */
static void find_totals(hid_t file, totals *t) {
  static const char *places[] = {"totals", "best/totals", "."};
  memset(t, 0, sizeof *t);
  for (int i = 0; i < NGOALS + NCOUNTS; i++) {
    const goal_def *g = item(i);
    for (int p = 0; p < 3 && !t->has[i]; p++) {
      t->has[i] = rread_find_number(file, places[p], g->key, &t->v[i]);
      for (int a = 0; a < 3 && !t->has[i] && g->alias[a]; a++)
        t->has[i] = rread_find_number(file, places[p], g->alias[a], &t->v[i]);
    }
  }
}

typedef struct {
  int n;
  char (*label)[24];
  totals *row;
} month_table;

static void months_free(month_table *m) {
  free(m->label);
  free(m->row);
  memset(m, 0, sizeof *m);
}

/* Reads column /months/NAME (one value per month) into the rows, if it exists. */
static ar_status read_column(hid_t file, month_table *m, int i) {
  const goal_def *g = item(i);
  const char *names[4] = {g->key, g->alias[0], g->alias[1], g->alias[2]};
  for (int a = 0; a < 4; a++) {
    if (!names[a]) continue;
    char path[96];
    snprintf(path, sizeof path, "months/%s", names[a]);
    if (rread_count(file, path) < 0) continue;
    hsize_t dims[1];
    double *v = NULL;
    ar_status st = rread_doubles(file, path, 1, dims, MONTHS_MAX, &v);
    if (st == AR_OK && (int)dims[0] != m->n)
      st = ar_fail(AR_ERR_INPUT, "%s: dataset /%s has %llu rows, /months/month has %d",
                   h5u_file_name(file), path, (unsigned long long)dims[0], m->n);
    for (int r = 0; st == AR_OK && r < m->n; r++) {
      m->row[r].v[i] = v[r];
      m->row[r].has[i] = 1;
    }
    free(v);
    return st;
  }
  return AR_OK;
}

/* The month table: rows of /months/{year,month,...}. No /months/month column: no months. */
static ar_status months_read(hid_t file, month_table *m) {
  memset(m, 0, sizeof *m);
  const h5field *F = h5res_supply_fields;
  const char *month_path = F[H5RES_SUPPLY_MONTHS_MONTH].path;
  int64_t n = rread_count(file, month_path);
  if (n <= 0) return AR_OK;
  if (n > MONTHS_MAX)
    return ar_fail(AR_ERR_INPUT, "%s: %s has %lld rows, more than %d months", h5u_file_name(file),
                   month_path, (long long)n, MONTHS_MAX);
  m->n = (int)n;
  m->label = calloc((size_t)n, sizeof *m->label);
  m->row = calloc((size_t)n, sizeof *m->row);
  if (!m->label || !m->row) {
    months_free(m);
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld months", (long long)n);
  }
  hsize_t dims[1];
  double *month = NULL, *year = NULL;
  const char *year_path = F[H5RES_SUPPLY_MONTHS_YEAR].path;
  ar_status st = rread_doubles(file, month_path, 1, dims, MONTHS_MAX, &month);
  if (st == AR_OK && rread_count(file, year_path) == n)
    st = rread_doubles(file, year_path, 1, dims, MONTHS_MAX, &year);
  for (int r = 0; st == AR_OK && r < m->n; r++) {
    if (year)
      snprintf(m->label[r], sizeof m->label[r], "%04d-%02d", (int)year[r], (int)month[r]);
    else
      snprintf(m->label[r], sizeof m->label[r], "month %d", (int)month[r]);
  }
  free(month);
  free(year);
  for (int i = 0; st == AR_OK && i < NGOALS + NCOUNTS; i++)
    st = read_column(file, m, i);
  for (int r = 0; st == AR_OK && r < m->n; r++) {
    totals *t = &m->row[r];
    if (!t->has[NGOALS + C_ORDERS] && t->has[NGOALS + C_SERVED] && t->has[NGOALS + C_UNSERVED]) {
      t->v[NGOALS + C_ORDERS] = t->v[NGOALS + C_SERVED] + t->v[NGOALS + C_UNSERVED];
      t->has[NGOALS + C_ORDERS] = 1;
    }
  }
  if (st != AR_OK) months_free(m);
  return st;
}

/* What the whole plan lacks is the sum over the months that have it (all of them, for bounds:
 * a bound missing for one month bounds nothing). */
static void add_up_months(totals *t, const month_table *m) {
  for (int i = 0; i < NGOALS + NCOUNTS; i++) {
    if (t->has[i] || m->n == 0) continue;
    int all = 1, any = 0;
    double sum = 0;
    for (int r = 0; r < m->n; r++) {
      all &= m->row[r].has[i];
      any |= m->row[r].has[i];
      sum += m->row[r].has[i] ? m->row[r].v[i] : 0;
    }
    int bound =
        i == NGOALS + C_MIN_UNSERVED || i == NGOALS + C_LOWER_SERVED || i == NGOALS + C_LOWER_COST;
    if (bound ? all : any) {
      t->v[i] = sum;
      t->has[i] = 1;
    }
  }
  if (!t->has[NGOALS + C_ORDERS] && t->has[NGOALS + C_SERVED] && t->has[NGOALS + C_UNSERVED]) {
    t->v[NGOALS + C_ORDERS] = t->v[NGOALS + C_SERVED] + t->v[NGOALS + C_UNSERVED];
    t->has[NGOALS + C_ORDERS] = 1;
  }
}

typedef struct {
  char *reason[REASONS_MAX];
  int64_t count[REASONS_MAX];
  int n;
  int64_t other;
} reason_tally;

static ar_status tally_reasons(hid_t file, const char *path, reason_tally *t) {
  if (rread_count(file, path) < 0) return AR_OK;
  int64_t n;
  char **s;
  ar_status st = rread_strings(file, path, ROWS_MAX, &n, &s);
  if (st != AR_OK) return st;
  for (int64_t i = 0; i < n; i++) {
    int k = 0;
    while (k < t->n && strcmp(t->reason[k], s[i]) != 0)
      k++;
    if (k == t->n && t->n < REASONS_MAX) {
      t->reason[k] = s[i];
      s[i] = NULL;
      t->count[k] = 0;
      t->n++;
    }
    if (k < t->n)
      t->count[k]++;
    else
      t->other++;
  }
  rread_free_names(s, (int)n);
  return AR_OK;
}

static void print_orders(FILE *out, const totals *t) {
  const double *v = t->v + NGOALS;
  const int *has = t->has + NGOALS;
  char a[64];
  if (!has[C_ORDERS] && !has[C_SERVED] && !has[C_UNSERVED]) return;
  fprintf(out, "orders:");
  const char *sep = " ";
  if (has[C_ORDERS]) {
    fprintf(out, "%s%s in all", sep, report_fmt_number(a, sizeof a, v[C_ORDERS], 0));
    sep = ", ";
  }
  if (has[C_SERVED]) {
    fprintf(out, "%s%s served", sep, report_fmt_number(a, sizeof a, v[C_SERVED], 0));
    sep = ", ";
  }
  if (has[C_UNSERVED]) {
    fprintf(out, "%s%s unserved", sep, report_fmt_number(a, sizeof a, v[C_UNSERVED], 0));
    if (has[C_MIN_UNSERVED])
      fprintf(out, " (lower bound %s%s)", report_fmt_number(a, sizeof a, v[C_MIN_UNSERVED], 0),
              v[C_MIN_UNSERVED] == v[C_UNSERVED] ? ": the fewest possible" : "");
  }
  fprintf(out, "\n");
}

static void print_goals(hid_t file, FILE *out, const totals *t) {
  char a[64], b[64];
  const double *c = t->v + NGOALS;
  const int *has = t->has + NGOALS;
  int any = 0;
  for (int g = 0; g < NGOALS; g++)
    any |= t->has[g];
  if (!any) return;
  fprintf(out, "goals of the best plan:\n");
  for (int g = 0; g < NGOALS; g++)
    if (t->has[g])
      fprintf(out, "  %-14s %20s %s\n", goals[g].label,
              report_fmt_number(a, sizeof a, t->v[g], goals[g].decimals), goals[g].units);
  /* The served cost (warehouse + transport) against the lower bound for as many served orders,
   * or, when every order is served, the bound for serving every order. */
  if (t->has[G_WAREHOUSE] && t->has[G_TRANSPORT]) {
    double served = t->v[G_WAREHOUSE] + t->v[G_TRANSPORT], bound = -INFINITY;
    const char *what = NULL;
    if (has[C_LOWER_SERVED] && isfinite(c[C_LOWER_SERVED]) && c[C_LOWER_SERVED] > 0) {
      bound = c[C_LOWER_SERVED];
      what = "as many orders served, within capacity";
    } else if (has[C_LOWER_COST] && isfinite(c[C_LOWER_COST]) && c[C_LOWER_COST] > 0 &&
               has[C_UNSERVED] && c[C_UNSERVED] == 0) {
      bound = c[C_LOWER_COST];
      what = "every order served";
    }
    fprintf(out, "served cost (warehouse + transport): %s USD",
            report_fmt_number(a, sizeof a, served, 2));
    double mcf, mcf_gap;
    if (rread_find_number(file, "best", "lower_bound", &mcf) && isfinite(mcf) &&
        rread_find_number(file, "best", "gap_to_bound", &mcf_gap) && isfinite(mcf_gap))
      fprintf(out,
              "; gap %.3f %% to the lower bound %s (min-cost flow: as many orders served, "
              "within capacity)\n",
              mcf_gap, report_fmt_number(b, sizeof b, mcf, 2));
    else if (what && (bound > 0 || served == bound))
      fprintf(out, "; gap %.3f %% to the lower bound %s (%s)\n",
              served == bound ? 0.0 : 100.0 * (served - bound) / bound,
              report_fmt_number(b, sizeof b, bound, 2), what);
    else if (what)
      fprintf(out, "; the lower bound %s (%s)\n", report_fmt_number(b, sizeof b, bound, 2), what);
    else
      fprintf(out, "; no lower bound computed\n");
  }
  char order[128];
  if (rread_find_string(file, "totals", "goal_order", order, sizeof order)) {
    fprintf(out, "objective (%s):", order);
    double v;
    for (int k = 1; k <= 8; k++) {
      char name[16];
      snprintf(name, sizeof name, "goal%d", k);
      if (!rread_find_number(file, "totals", name, &v)) break;
      fprintf(out, "%s %s", k > 1 ? "," : "", report_fmt_number(a, sizeof a, v, 2));
    }
    fprintf(out, " (compared in this order)\n");
  }
}

static void print_month_table(FILE *out, const month_table *m) {
  int shown[NGOALS] = {0}, fewest = 0;
  for (int r = 0; r < m->n; r++) {
    for (int g = 0; g < NGOALS; g++)
      shown[g] |= m->row[r].has[g];
    fewest |= m->row[r].has[NGOALS + C_MIN_UNSERVED];
  }
  fprintf(out, "per month:\n  %-10s %8s %8s %8s", "month", "orders", "served", "unserved");
  if (fewest) fprintf(out, " %8s", "fewest");
  for (int g = 0; g < NGOALS; g++)
    if (shown[g]) fprintf(out, " %14s", goals[g].key);
  fprintf(out, "\n");
  for (int r = 0; r < m->n && r < MONTHS_SHOWN; r++) {
    const totals *t = &m->row[r];
    char a[64];
    fprintf(out, "  %-10s", m->label[r]);
    for (int c = C_ORDERS; c <= C_MIN_UNSERVED; c++) {
      if (c == C_MIN_UNSERVED && !fewest) continue;
      if (t->has[NGOALS + c])
        fprintf(out, " %8s", report_fmt_number(a, sizeof a, t->v[NGOALS + c], 0));
      else
        fprintf(out, " %8s", "-");
    }
    for (int g = 0; g < NGOALS; g++) {
      if (!shown[g]) continue;
      fprintf(out, " %14s", t->has[g] ? report_fmt_number(a, sizeof a, t->v[g], 0) : "-");
    }
    fprintf(out, "\n");
  }
  if (m->n > MONTHS_SHOWN) fprintf(out, "  ... %d more months\n", m->n - MONTHS_SHOWN);
}

ar_status wing_supply_report_summary(hid_t file, FILE *out, wing_report_facts *facts) {
  (void)facts; /* nothing for the network check: names only */
  totals t;
  find_totals(file, &t);
  month_table m;
  ar_status st = months_read(file, &m);
  if (st != AR_OK) return st;
  add_up_months(&t, &m);
  /* No count of unserved orders: count the listed ones. */
  const h5field *F = h5res_supply_fields;
  int64_t listed = rread_count(file, F[H5RES_SUPPLY_UNSERVED_ORDER_ID].path);
  if (listed < 0) listed = rread_count(file, "unserved/order");
  if (!t.has[NGOALS + C_UNSERVED] && listed >= 0) {
    t.v[NGOALS + C_UNSERVED] = (double)listed;
    t.has[NGOALS + C_UNSERVED] = 1;
  }
  reason_tally why = {{NULL}, {0}, 0, 0};
  st = tally_reasons(file, F[H5RES_SUPPLY_UNSERVED_REASON].path, &why);
  if (st == AR_OK) {
    if (m.n > 0) fprintf(out, "months: %d\n", m.n);
    print_orders(out, &t);
    print_goals(file, out, &t);
    if (why.n > 0) {
      fprintf(out, "unserved orders by reason:\n");
      for (int k = 0; k < why.n; k++)
        fprintf(out, "  %8lld  %s\n", (long long)why.count[k], why.reason[k]);
      if (why.other > 0) fprintf(out, "  %8lld  (other reasons)\n", (long long)why.other);
    }
    if (m.n > 0) print_month_table(out, &m);
  }
  for (int k = 0; k < why.n; k++)
    free(why.reason[k]);
  months_free(&m);
  return st;
}

/* The run's totals when there is no /run group (order routing): sums over the months. */
static int run_totals(hid_t file, double *seconds, double *iterations, double *epochs) {
  month_table m;
  if (months_read(file, &m) != AR_OK) {
    ar_error_clear();
    return 0;
  }
  totals t;
  memset(&t, 0, sizeof t);
  add_up_months(&t, &m);
  int found = t.has[NGOALS + C_SECONDS];
  *seconds = t.v[NGOALS + C_SECONDS];
  *iterations = t.has[NGOALS + C_ITERATIONS] ? t.v[NGOALS + C_ITERATIONS] : -1;
  *epochs = t.has[NGOALS + C_EPOCHS] ? t.v[NGOALS + C_EPOCHS] : -1;
  months_free(&m);
  return found;
}

void wing_supply_report_run(hid_t file, FILE *out) {
  double seconds, iterations, epochs;
  if (!run_totals(file, &seconds, &iterations, &epochs)) return;
  fprintf(out, "run: %.2f s", seconds);
  if (iterations >= 0) fprintf(out, ", %.0f iterations", iterations);
  if (epochs >= 0) fprintf(out, " in %.0f epoch%s", epochs, epochs == 1 ? "" : "s");
  fprintf(out, " (over the months)\n");
}
