/* report_goals: the best solution's quality: a tour's length and gap, or an order-routing plan's
 * totals per goal, bound, unserved orders and months.
 *
 * Order-routing results are looked up where they may live, first found wins: totals in /totals,
 * /best/totals or the root (each goal as a scalar dataset or an attribute, under its name or an
 * alias), months as the groups of /months (each with its totals, /plan and /unserved). Goals that
 * are absent are not printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_parts.h"
#include "report_read.h"

enum { REASONS_MAX = 12, MONTHS_SHOWN = 36, ORDERS_MAX = 100000000 };

const char *report_fmt_number(char *buf, size_t cap, double v, int decimals) {
  char raw[64];
  snprintf(raw, sizeof raw, "%.*f", decimals, fabs(v));
  const char *dot = strchr(raw, '.');
  size_t int_len = dot ? (size_t)(dot - raw) : strlen(raw);
  size_t o = 0;
  if (v < 0 && o + 1 < cap) buf[o++] = '-';
  for (size_t i = 0; i < int_len && o + 1 < cap; i++) {
    buf[o++] = raw[i];
    size_t left = int_len - i - 1;
    if (left > 0 && left % 3 == 0 && o + 1 < cap) buf[o++] = ',';
  }
  for (const char *p = dot; p && *p && o + 1 < cap; p++)
    buf[o++] = *p;
  buf[o] = '\0';
  return buf;
}

/* --- Tours ------------------------------------------------------------------------------------ */

ar_status report_print_tour_best(hid_t file, FILE *out) {
  double cost, optimum = -1, gap, colony, iteration, time;
  int64_t n = rread_count(file, "best/tour");
  if (!rread_find_number(file, "best", "cost", &cost)) {
    fprintf(out, "best: no /best/cost in this file\n");
    return AR_OK;
  }
  char c[64];
  fprintf(out, "best tour: length %s", report_fmt_number(c, sizeof c, cost, 0));
  if (n >= 0) fprintf(out, ", %lld nodes", (long long)n);
  if (rread_find_number(file, "best", "colony", &colony)) fprintf(out, ", colony %.0f", colony);
  if (rread_find_number(file, "best", "iteration", &iteration)) {
    if (iteration < 0)
      fprintf(out, ", the colony's first tour");
    else
      fprintf(out, ", iteration %.0f", iteration);
  }
  if (rread_find_number(file, "best", "time", &time)) fprintf(out, ", known at %.2f s", time);
  fprintf(out, "\n");
  if (!rread_find_number(file, "best", "optimum", &optimum))
    rread_find_number(file, ".", "optimum", &optimum);
  if (optimum > 0) {
    if (!rread_find_number(file, "best", "gap_percent", &gap))
      gap = 100.0 * (cost - optimum) / optimum;
    fprintf(out, "gap: %.3f %% above the optimum %s%s\n", gap,
            report_fmt_number(c, sizeof c, optimum, 0), gap == 0 ? " (optimal)" : "");
  } else {
    fprintf(out, "gap: unknown (no optimum in the network file; solve --optimum N sets one)\n");
  }
  return AR_OK;
}

/* --- Order routing ---------------------------------------------------------------------------- */

typedef struct {
  const char *key, *label, *units;
  int decimals;
  const char *alias[3];
} goal_def;

static const goal_def goals[] = {
    {"cost", "cost", "USD", 2, {"total_cost", NULL, NULL}},
    {"warehouse", "  warehouse", "USD", 2, {"warehouse_cost", "wc", NULL}},
    {"transport", "  transport", "USD", 2, {"transport_cost", "tc", NULL}},
    {"penalty", "  penalty", "USD", 2, {"penalty_cost", NULL, NULL}},
    {"time", "transit time", "days x kg", 0, {"transit_time", NULL, NULL}},
    {"co2", "CO2", "kg CO2e", 1, {"co2_kg", NULL, NULL}},
};
enum { NGOALS = sizeof goals / sizeof goals[0] };

typedef struct {
  const char *key;
  const char *alias[2];
} count_def;

static const count_def counts[] = {
    {"orders", {"n_orders", NULL}},
    {"served", {"n_served", NULL}},
    {"unserved", {"n_unserved", NULL}},
};
enum { C_ORDERS, C_SERVED, C_UNSERVED, NCOUNTS };

static int find_named(hid_t file, const char *const *places, int nplaces, const char *key,
                      const char *const *alias, int nalias, double *v) {
  for (int p = 0; p < nplaces; p++) {
    /* /best/time is when the best was found (seconds), not a transit-time goal. */
    if (strcmp(key, "time") == 0 && strcmp(places[p], "best") == 0) continue;
    if (rread_find_number(file, places[p], key, v)) return 1;
    for (int a = 0; a < nalias; a++)
      if (alias[a] && rread_find_number(file, places[p], alias[a], v)) return 1;
  }
  return 0;
}

typedef struct {
  double goal[NGOALS];
  int has_goal[NGOALS];
  double count[NCOUNTS];
  int has_count[NCOUNTS];
} totals;

static void find_totals(hid_t file, const char *const *places, int nplaces, totals *t) {
  memset(t, 0, sizeof *t);
  for (int g = 0; g < NGOALS; g++)
    t->has_goal[g] =
        find_named(file, places, nplaces, goals[g].key, goals[g].alias, 3, &t->goal[g]);
  for (int c = 0; c < NCOUNTS; c++)
    t->has_count[c] =
        find_named(file, places, nplaces, counts[c].key, counts[c].alias, 2, &t->count[c]);
}

typedef struct {
  char *reason[REASONS_MAX];
  int64_t count[REASONS_MAX];
  int n;
  int64_t other;
} reason_tally;

static ar_status tally_reasons(hid_t file, const char *path, reason_tally *t) {
  if (!rread_exists(file, path)) return AR_OK;
  int64_t n;
  char **s;
  ar_status st = rread_strings(file, path, ORDERS_MAX, &n, &s);
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

static void print_goals(FILE *out, const totals *t, hid_t file, const char *const *places,
                        int nplaces) {
  double bound;
  char a[64], b[64];
  int has_bound = 0;
  static const char *const bound_alias[] = {"cost_bound", "lower_bound"};
  has_bound = find_named(file, places, nplaces, "bound", bound_alias, 2, &bound);
  fprintf(out, "goals of the best plan:\n");
  for (int g = 0; g < NGOALS; g++) {
    if (!t->has_goal[g]) continue;
    fprintf(out, "  %-14s %20s %s", goals[g].label,
            report_fmt_number(a, sizeof a, t->goal[g], goals[g].decimals), goals[g].units);
    if (g == 0 && has_bound && bound > 0)
      fprintf(out, "   (gap %.3f %% to the bound %s)", 100.0 * (t->goal[g] - bound) / bound,
              report_fmt_number(b, sizeof b, bound, 2));
    fprintf(out, "\n");
  }
}

/* Each month's totals (calloc'ed; NULL when out of memory). */
static totals *month_totals(hid_t file, char **months, int nmonths) {
  totals *mt = calloc((size_t)(nmonths > 0 ? nmonths : 1), sizeof *mt);
  for (int m = 0; mt && m < nmonths; m++) {
    char base[300], tot[320];
    snprintf(base, sizeof base, "months/%s", months[m]);
    snprintf(tot, sizeof tot, "%s/totals", base);
    const char *places[] = {tot, base};
    find_totals(file, places, 2, &mt[m]);
  }
  return mt;
}

/* Fills the goals and counts absent from t with the sums over the months that have them. */
static void add_up_months(totals *t, const totals *mt, int nmonths) {
  for (int g = 0; g < NGOALS; g++)
    for (int m = 0; !t->has_goal[g] && m < nmonths; m++)
      if (mt[m].has_goal[g]) {
        for (int k = 0; k < nmonths; k++)
          t->goal[g] += mt[k].has_goal[g] ? mt[k].goal[g] : 0;
        t->has_goal[g] = 1;
      }
  for (int c = 0; c < NCOUNTS; c++)
    for (int m = 0; !t->has_count[c] && m < nmonths; m++)
      if (mt[m].has_count[c]) {
        for (int k = 0; k < nmonths; k++)
          t->count[c] += mt[k].has_count[c] ? mt[k].count[c] : 0;
        t->has_count[c] = 1;
      }
}

static void print_month_table(hid_t file, FILE *out, char **months, const totals *mt, int nmonths) {
  int shown[NGOALS] = {0};
  for (int m = 0; m < nmonths; m++)
    for (int g = 0; g < NGOALS; g++)
      shown[g] |= mt[m].has_goal[g];
  fprintf(out, "per month:\n  %-10s %8s %8s %8s", "month", "orders", "served", "unserved");
  for (int g = 0; g < NGOALS; g++)
    if (shown[g]) fprintf(out, " %14s", goals[g].key);
  fprintf(out, "\n");
  for (int m = 0; m < nmonths && m < MONTHS_SHOWN; m++) {
    char label[64], base[300], plan[320], a[64];
    snprintf(base, sizeof base, "months/%s", months[m]);
    if (!rread_find_string(file, base, "month", label, sizeof label))
      snprintf(label, sizeof label, "%s", months[m]);
    snprintf(plan, sizeof plan, "%s/plan/order", base);
    const totals *t = &mt[m];
    int64_t orders = rread_count(file, plan);
    if (t->has_count[C_ORDERS]) orders = (int64_t)t->count[C_ORDERS];
    fprintf(out, "  %-10s", label);
    if (orders >= 0)
      fprintf(out, " %8lld", (long long)orders);
    else
      fprintf(out, " %8s", "-");
    for (int c = C_SERVED; c <= C_UNSERVED; c++)
      if (t->has_count[c])
        fprintf(out, " %8.0f", t->count[c]);
      else
        fprintf(out, " %8s", "-");
    for (int g = 0; g < NGOALS; g++) {
      if (!shown[g]) continue;
      if (t->has_goal[g])
        fprintf(out, " %14s", report_fmt_number(a, sizeof a, t->goal[g], 0));
      else
        fprintf(out, " %14s", "-");
    }
    fprintf(out, "\n");
  }
  if (nmonths > MONTHS_SHOWN) fprintf(out, "  ... %d more months\n", nmonths - MONTHS_SHOWN);
}

ar_status report_print_supply(hid_t file, FILE *out) {
  const char *places[] = {"totals", "best/totals", "best", "."};
  totals t;
  find_totals(file, places, 4, &t);
  char **months = NULL;
  int nmonths = rread_member_names(file, "months", &months);
  totals *mt = month_totals(file, months, nmonths);
  if (!mt) {
    rread_free_names(months, nmonths);
    return ar_fail(AR_ERR_NOMEM, "out of memory for %d months", nmonths);
  }
  add_up_months(&t, mt, nmonths);

  /* Unserved orders: the count, the bound, and why. */
  reason_tally why = {{NULL}, {0}, 0, 0};
  ar_status st = tally_reasons(file, "unserved/reason", &why);
  for (int m = 0; st == AR_OK && m < nmonths; m++) {
    char path[320];
    snprintf(path, sizeof path, "months/%s/unserved/reason", months[m]);
    st = tally_reasons(file, path, &why);
  }
  /* No count of unserved orders anywhere: count the listed ones. */
  if (!t.has_count[C_UNSERVED]) {
    int64_t listed = rread_count(file, "unserved/order");
    t.has_count[C_UNSERVED] = listed >= 0;
    t.count[C_UNSERVED] = listed > 0 ? (double)listed : 0;
    for (int m = 0; m < nmonths; m++) {
      char path[320];
      snprintf(path, sizeof path, "months/%s/unserved/order", months[m]);
      int64_t k = rread_count(file, path);
      if (k >= 0) {
        t.has_count[C_UNSERVED] = 1;
        t.count[C_UNSERVED] += (double)k;
      }
    }
  }
  if (st == AR_OK) {
    char a[64];
    if (nmonths > 0) fprintf(out, "months: %d\n", nmonths);
    if (t.has_count[C_ORDERS] || t.has_count[C_SERVED] || t.has_count[C_UNSERVED]) {
      fprintf(out, "orders:");
      if (t.has_count[C_ORDERS])
        fprintf(out, " %s in all,", report_fmt_number(a, sizeof a, t.count[C_ORDERS], 0));
      if (t.has_count[C_SERVED])
        fprintf(out, " %s served,", report_fmt_number(a, sizeof a, t.count[C_SERVED], 0));
      if (t.has_count[C_UNSERVED]) {
        fprintf(out, " %s unserved", report_fmt_number(a, sizeof a, t.count[C_UNSERVED], 0));
        double bound;
        static const char *const ub_alias[] = {"min_unserved", NULL};
        if (find_named(file, places, 4, "unserved_bound", ub_alias, 1, &bound))
          fprintf(out, " (lower bound %.0f%s)", bound,
                  bound == t.count[C_UNSERVED] ? ": the fewest possible" : "");
      }
      fprintf(out, "\n");
    }
    print_goals(out, &t, file, places, 4);
    if (why.n > 0) {
      fprintf(out, "unserved orders by reason:\n");
      for (int k = 0; k < why.n; k++)
        fprintf(out, "  %8lld  %s\n", (long long)why.count[k], why.reason[k]);
      if (why.other > 0) fprintf(out, "  %8lld  (other reasons)\n", (long long)why.other);
    }
    if (nmonths > 0) print_month_table(file, out, months, mt, nmonths);
  }
  for (int k = 0; k < why.n; k++)
    free(why.reason[k]);
  free(mt);
  rread_free_names(months, nmonths);
  return st;
}
