/* SPDX-License-Identifier: BSD-3-Clause */
/* report_bsp: the BSP time split of a run, per phase over the ranks, and the imbalance.
 *
 * /run/rank_seconds [R][P] holds each rank's seconds per phase. Its columns are named by a
 * `columns` attribute ("construct,update,exchange,total") when present; the engine's first
 * layout (4 columns without names) is construct, update, exchange, total. A `total` column
 * gives an extra row, "other" (total minus the phases: start-up, I/O, waiting).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5res_fields.h"
#include "h5u.h"
#include "report_bsp.h"
#include "report_read.h"

enum { BSP_MAX_PHASES = 16, BSP_MAX_RANKS = 1 << 20 };

typedef struct {
  char name[BSP_MAX_PHASES][32];
  int n;
  int total; /* index of the total column, -1 if none */
} bsp_columns;

static void bsp_column_names(hid_t file, int ncols, bsp_columns *c) {
  static const char *engine_v1[] = {"construct", "update", "exchange", "total"};
  char list[512] = "";
  c->n = ncols;
  c->total = -1;
  for (int j = 0; j < ncols; j++)
    snprintf(c->name[j], sizeof c->name[j], "phase %d", j);
  if (rread_find_string(file, h5res_run_fields[H5RES_RUN_RANK_SECONDS].path,
                        h5field_leaf(&h5res_run_fields[H5RES_RUN_RANK_SECONDS_COLUMNS]), list,
                        sizeof list)) {
    int j = 0;
    char *save = NULL;
    for (char *tok = strtok_r(list, ", ", &save); tok && j < ncols;
         tok = strtok_r(NULL, ", ", &save))
      snprintf(c->name[j++], sizeof c->name[0], "%s", tok);
  } else if (ncols == 4) {
    for (int j = 0; j < 4; j++)
      snprintf(c->name[j], sizeof c->name[j], "%s", engine_v1[j]);
  }
  for (int j = 0; j < ncols; j++)
    if (strcmp(c->name[j], "total") == 0) c->total = j;
}

/* Phases that are communication, waiting or I/O rather than computation. */
static int is_compute_phase(const char *name) {
  static const char *not_compute[] = {"exchange", "communication", "comm",  "sync",  "barrier",
                                      "io",       "checkpoint",    "total", "other", "wait"};
  for (size_t i = 0; i < sizeof not_compute / sizeof not_compute[0]; i++)
    if (strcmp(name, not_compute[i]) == 0) return 0;
  return 1;
}

static void print_row(FILE *out, const char *name, const double *v, int ranks) {
  double sum = 0, max = -1;
  int slowest = 0;
  for (int r = 0; r < ranks; r++) {
    sum += v[r];
    if (v[r] > max) {
      max = v[r];
      slowest = r;
    }
  }
  double mean = sum / ranks;
  if (mean > 0)
    fprintf(out, "  %-12s %10.3f %10.3f %9.2f   rank %d\n", name, mean, max, max / mean, slowest);
  else
    fprintf(out, "  %-12s %10.3f %10.3f %9s   -\n", name, mean, max, "-");
}

ar_status report_print_bsp(hid_t file, FILE *out) {
  const char *path = h5res_run_fields[H5RES_RUN_RANK_SECONDS].path;
  if (!rread_exists(file, path)) {
    fprintf(out, "BSP time split: not recorded in this file\n");
    return AR_OK;
  }
  hsize_t dims[2];
  double *t = NULL;
  ar_status st = rread_doubles(file, path, 2, dims, BSP_MAX_RANKS, &t);
  if (st != AR_OK) return st;
  int ranks = (int)dims[0], ncols = (int)dims[1];
  if (ranks < 1 || ncols < 1 || ncols > BSP_MAX_PHASES) {
    free(t);
    return ar_fail(AR_ERR_INPUT,
                   "%s: dataset /run/rank_seconds has shape [%d][%d], expected "
                   "[ranks][1..%d phases]",
                   h5u_file_name(file), ranks, ncols, BSP_MAX_PHASES);
  }
  bsp_columns c;
  bsp_column_names(file, ncols, &c);
  double *col = malloc(sizeof(double) * (size_t)ranks * 3);
  if (!col) {
    free(t);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the BSP table");
  }
  double *other = col + ranks, *compute = col + 2 * ranks;
  fprintf(out, "BSP time per phase over %d rank%s (seconds):\n", ranks, ranks == 1 ? "" : "s");
  fprintf(out, "  %-12s %10s %10s %9s   %s\n", "phase", "mean", "max", "max/mean", "slowest");
  char compute_names[256] = "";
  for (int r = 0; r < ranks; r++) {
    other[r] = c.total >= 0 ? t[(size_t)r * ncols + c.total] : 0;
    compute[r] = 0;
  }
  for (int j = 0; j < ncols; j++) {
    /* CPU seconds overlap the wall-clock phases: not a phase of their own. */
    if (j == c.total || strcmp(c.name[j], "cpu") == 0) continue;
    for (int r = 0; r < ranks; r++) {
      col[r] = t[(size_t)r * ncols + j];
      other[r] -= col[r];
      if (is_compute_phase(c.name[j])) compute[r] += col[r];
    }
    if (is_compute_phase(c.name[j]))
      snprintf(compute_names + strlen(compute_names), sizeof compute_names - strlen(compute_names),
               "%s%s", compute_names[0] ? " + " : "", c.name[j]);
    print_row(out, c.name[j], col, ranks);
  }
  if (c.total >= 0) {
    for (int r = 0; r < ranks; r++)
      if (other[r] < 0) other[r] = 0; /* phases timed apart may overlap by rounding */
    print_row(out, "other", other, ranks);
    for (int r = 0; r < ranks; r++)
      col[r] = t[(size_t)r * ncols + c.total];
    print_row(out, "total", col, ranks);
  }
  if (compute_names[0]) {
    double sum = 0, max = -1;
    int slowest = 0;
    for (int r = 0; r < ranks; r++) {
      sum += compute[r];
      if (compute[r] > max) {
        max = compute[r];
        slowest = r;
      }
    }
    double mean = sum / ranks;
    if (mean > 0)
      fprintf(out,
              "imbalance: computation (%s) max/mean %.2f; slowest rank %d (%.3f s, mean %.3f s)\n",
              compute_names, max / mean, slowest, max, mean);
  }
  const char *epochs = h5res_run_fields[H5RES_EPOCHS_RANK_SECONDS].path;
  if (rread_exists(file, epochs))
    fprintf(out, "  (the split per epoch is in %s; report -o draws it)\n", epochs);
  free(col);
  free(t);
  return AR_OK;
}
