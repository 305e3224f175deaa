/* SPDX-License-Identifier: BSD-3-Clause */
/* report_summary: the text summary of a results file (see report.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5meta.h"
#include "h5res.h"
#include "h5res_fields.h"
#include "h5u.h"
#include "report.h"
#include "report_bsp.h"
#include "report_read.h"

enum { LAYOUT_MAX_COLONIES = 1 << 24 };

/* /run attributes that are totals of the run rather than parameters. */
static int is_run_total(const char *name) {
  static const char *totals[] = {
      "iterations",       "epochs",    "tours", "seconds", "iterations_per_second",
      "tours_per_second", "stopped_by"};
  for (size_t i = 0; i < sizeof totals / sizeof totals[0]; i++)
    if (strcmp(name, totals[i]) == 0) return 1;
  return 0;
}

/* NAME_units and NAME_description: the unit and meaning of attribute NAME, not a parameter. */
static int is_annotation(const char *name) {
  static const char *suffixes[] = {H5FIELD_UNITS_SUFFIX, H5FIELD_DESCRIPTION_SUFFIX};
  size_t len = strlen(name);
  for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
    size_t k = strlen(suffixes[i]);
    if (len > k && strcmp(name + len - k, suffixes[i]) == 0) return 1;
  }
  return 0;
}

typedef struct {
  FILE *out;
  int column;
} param_line;

static herr_t print_param(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
  (void)info;
  param_line *pl = data;
  if (is_run_total(name) || strcmp(name, "description") == 0 || is_annotation(name)) return 0;
  char item[192], text[128];
  double v;
  if (rread_find_string(loc, ".", name, text, sizeof text))
    snprintf(item, sizeof item, "%s=%s", name, text);
  else if (rread_find_number(loc, ".", name, &v))
    snprintf(item, sizeof item, "%s=%.6g", name, v);
  else
    return 0;
  int len = (int)strlen(item);
  if (pl->column + len + 1 > 96) {
    fprintf(pl->out, "\n ");
    pl->column = 1;
  }
  fprintf(pl->out, " %s", item);
  pl->column += len + 1;
  return 0;
}

/* "key=value" items of the root `parameters` attribute (a parameter file), for results without
 * a /run group. */
static void print_parameter_file(hid_t file, FILE *out) {
  char *text = malloc(16384);
  if (!text) return;
  if (rread_find_string(file, ".", "parameters", text, 16384)) {
    param_line pl = {out, 11};
    fprintf(out, "parameters:");
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
      char key[64], value[128];
      if (line[0] == '[' || line[0] == '#' || line[0] == ';') continue;
      if (sscanf(line, " %63[^= ] = %127[^\n]", key, value) != 2) continue;
      if (strcmp(key, "output") == 0 || strcmp(key, "progress") == 0) continue;
      char item[200];
      snprintf(item, sizeof item, "%s=%s", key, value);
      int len = (int)strlen(item);
      if (pl.column + len + 1 > 96) {
        fprintf(out, "\n ");
        pl.column = 1;
      }
      fprintf(out, " %s", item);
      pl.column += len + 1;
    }
    fprintf(out, "\n");
  }
  free(text);
}

static ar_status print_parameters(hid_t file, FILE *out) {
  hid_t run = rread_exists(file, "run") ? H5Gopen2(file, "run", H5P_DEFAULT) : -1;
  H5O_info_t info;
  /* No resolved parameters in /run: the parameter file the run was given. */
  if (run < 0 || H5Oget_info2(run, &info, H5O_INFO_NUM_ATTRS) < 0 || info.num_attrs == 0) {
    if (run >= 0) H5Gclose(run);
    print_parameter_file(file, out);
    return AR_OK;
  }
  fprintf(out, "parameters:");
  param_line pl = {out, 11};
  hsize_t idx = 0;
  herr_t rc = H5Aiterate2(run, H5_INDEX_NAME, H5_ITER_INC, &idx, print_param, &pl);
  fprintf(out, "\n");
  H5Gclose(run); /* only read */
  if (rc < 0)
    return ar_fail(AR_ERR_HDF5, "%s: cannot list the attributes of /run (%s)", h5u_file_name(file),
                   h5u_error_detail());
  return AR_OK;
}

static ar_status print_layout(hid_t file, FILE *out) {
  double ranks, threads, colonies;
  if (!rread_field_number(file, &h5res_run_fields[H5RES_LAYOUT_RANKS], &ranks)) {
    fprintf(out, "layout: not recorded in this file\n");
    return AR_OK;
  }
  fprintf(out, "layout: %.0f rank%s x ", ranks, ranks == 1 ? "" : "s");
  if (rread_field_number(file, &h5res_run_fields[H5RES_LAYOUT_THREADS], &threads))
    fprintf(out, "%.0f thread%s", threads, threads == 1 ? "" : "s");
  else
    fprintf(out, "? threads");
  if (rread_field_number(file, &h5res_run_fields[H5RES_LAYOUT_COLONIES], &colonies))
    fprintf(out, ", %.0f colon%s", colonies, colonies == 1 ? "y" : "ies");
  const char *colony_rank = h5res_run_fields[H5RES_LAYOUT_COLONY_RANK].path;
  if (rread_exists(file, colony_rank) && ranks > 1) {
    hsize_t dims[1];
    double *owner = NULL;
    ar_status st = rread_doubles(file, colony_rank, 1, dims, LAYOUT_MAX_COLONIES, &owner);
    if (st != AR_OK) return st;
    /* Colonies per rank, as a range: shows an uneven split at a glance. */
    int nr = (int)ranks;
    int *per = calloc((size_t)nr, sizeof *per);
    if (!per) {
      free(owner);
      return ar_fail(AR_ERR_NOMEM, "out of memory for the layout");
    }
    for (hsize_t c = 0; c < dims[0]; c++)
      if (owner[c] >= 0 && owner[c] < nr) per[(int)owner[c]]++;
    int lo = per[0], hi = per[0];
    for (int r = 1; r < nr; r++) {
      if (per[r] < lo) lo = per[r];
      if (per[r] > hi) hi = per[r];
    }
    if (lo == hi)
      fprintf(out, " (%d per rank)", lo);
    else
      fprintf(out, " (%d to %d per rank)", lo, hi);
    free(per);
    free(owner);
  }
  fprintf(out, "\n");
  return AR_OK;
}

static void print_run_totals(hid_t file, const wing *w, FILE *out) {
  double seconds, iterations, epochs, ips, tps;
  char stopped[64];
  if (!rread_find_number(file, "run", "seconds", &seconds)) {
    if (w && w->report_run) w->report_run(file, out); /* the kind's run line (order routing) */
    return;
  }
  fprintf(out, "run: %.2f s", seconds);
  if (rread_find_number(file, "run", "iterations", &iterations))
    fprintf(out, ", %.0f iterations", iterations);
  if (rread_find_number(file, "run", "epochs", &epochs))
    fprintf(out, " in %.0f epoch%s", epochs, epochs == 1 ? "" : "s");
  if (rread_find_number(file, "run", "iterations_per_second", &ips))
    fprintf(out, ", %.4g iterations/s", ips);
  if (rread_find_number(file, "run", "tours_per_second", &tps)) fprintf(out, ", %.4g tours/s", tps);
  if (rread_find_string(file, "run", "stopped_by", stopped, sizeof stopped))
    fprintf(out, "; stopped by %s", stopped);
  fprintf(out, "\n");
}

/* With a time budget (/run time_budget): where the command's time went, as solve's own `time:`
 * line says it (docs/cli.md); older results lack the parts of the set-up. */
static void print_time(hid_t file, FILE *out) {
  double budget, v;
  if (!rread_find_number(file, "run", "time_budget", &budget) ||
      !rread_find_number(file, "run", "time_setup", &v))
    return;
  fprintf(out, "time: budget %g s; before the search %.2f s", budget, v);
  const char *sep = " (";
  for (int i = 0; i < H5RES_SETUP_PARTS; i++)
    if (rread_find_number(file, "run", h5res_setup_parts[i].attr, &v)) {
      fprintf(out, "%s%s %.2f", sep, h5res_setup_parts[i].label, v);
      sep = ", ";
    }
  if (sep[0] == ',') fprintf(out, ")");
  if (rread_find_number(file, "run", "time_search", &v)) fprintf(out, ", search %.2f s", v);
  if (rread_find_number(file, "run", "time_search_planned", &v))
    fprintf(out, " (planned %.2f s)", v);
  if (rread_find_number(file, "run", "time_write", &v)) fprintf(out, ", writing %.2f s", v);
  fprintf(out, "\n");
}

ar_status report_summary(hid_t file, const char *path, report_wing_lookup lookup, FILE *out,
                         wing_report_facts *facts, const wing **wp) {
  memset(facts, 0, sizeof *facts);
  facts->nodes = -1;
  snprintf(facts->results, sizeof facts->results, "%s", path);
  *wp = NULL;
  char format[64], tool[128] = "?", created[64] = "?";
  int64_t version = 0;
  ar_status st =
      h5meta_check(file, H5META_RESULTS, H5RES_FORMAT_VERSION, format, sizeof format, &version);
  if (st != AR_OK) return st; /* the message names the file and what it is */
  rread_find_string(file, ".", "tool_version", tool, sizeof tool);
  rread_find_string(file, ".", "created", created, sizeof created);
  rread_find_string(file, ".", "kind", facts->kind, sizeof facts->kind);
  rread_find_string(file, ".", "input", facts->input, sizeof facts->input);
  rread_find_string(file, ".", "instance", facts->instance, sizeof facts->instance);
  /* Results written before the `kind` attribute: the wing whose datasets they hold. */
  const wing *w = lookup(file, facts->kind);
  if (!facts->kind[0] && w) snprintf(facts->kind, sizeof facts->kind, "%s", w->name);
  *wp = w;

  fprintf(out, "results: %s (format version %lld, written by %s at %s)\n", path, (long long)version,
          tool, created);
  fprintf(out, "problem: %s", facts->kind[0] ? facts->kind : "unknown kind");
  if (w && w->problem) fprintf(out, " (%s)", w->problem);
  fprintf(out, ", instance %s\n", facts->instance[0] ? facts->instance : "(unnamed)");
  fprintf(out, "input: %s\n", facts->input[0] ? facts->input : "(not recorded)");
  st = print_parameters(file, out);
  if (st == AR_OK) st = print_layout(file, out);
  if (st == AR_OK) print_run_totals(file, w, out);
  if (st == AR_OK) print_time(file, out);
  if (st == AR_OK && w && w->report_summary) st = w->report_summary(file, out, facts);
  if (st == AR_OK && !w)
    fprintf(out, "note: no kind of this antroute knows these results: only the sections every "
                 "results file has\n");
  if (st == AR_OK) st = report_print_bsp(file, out);
  return st;
}
