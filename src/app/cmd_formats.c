/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_formats: `antroute formats [--markdown|--json] [KIND]`: the declared layouts of the files
 * (io/common/h5field.h): the kind-free tables of io/results, then each wing's (wing.h, `fields`).
 * --markdown prints the tables docs/formats.md holds between its markers (the test formats_docs
 * compares them), --json the schema the report script reads (the build puts it beside the
 * script); without either, a short list of paths. */
#include <stdio.h>
#include <string.h>

#include "aco_engine_ckpt.h"
#include "app_wings.h"
#include "ckpt_fields.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5field.h"
#include "h5field_render.h"
#include "h5res_fields.h"
#include "param.h"

enum { FORMATS_TABLES_MAX = 64 };

static const param_def formats_params[] = {
    {"markdown", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "print Markdown tables between <!-- formats:ID --> markers (docs/formats.md)", 0},
    {"json", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "print the JSON schema (tables by ID, fields by name: path, type, rank, shape, unit, "
     "meaning)",
     0},
};

int cmd_formats_defs(param_def *out, int cap) {
  return cli_copy_defs(formats_params, (int)(sizeof formats_params / sizeof formats_params[0]), out,
                       cap);
}

/* The tables of `kind` ("results", "checkpoint": the kind-free ones; NULL: all) into t; their
 * number. */
static int collect(const char *kind, const h5field_table **t) {
  int n = 0;
  if (!kind || strcmp(kind, "results") == 0) {
    t[n++] = &h5res_run_table;
    t[n++] = &h5res_bsp_table;
  }
  if (!kind || strcmp(kind, "checkpoint") == 0) {
    t[n++] = &ckpt_header_table;
    t[n++] = aco_engine_ckpt_table();
  }
  for (int i = 0; i < app_wing_count(); i++) {
    const wing *w = app_wing_at(i);
    if (kind && strcmp(kind, w->name) != 0) continue;
    for (const h5field_table *const *f = w->fields; f && *f && n < FORMATS_TABLES_MAX; f++)
      t[n++] = *f;
  }
  return n;
}

static void print_list(const h5field_table *const *t, int n) {
  for (int k = 0; k < n; k++) {
    printf("%s: %s\n", t[k]->id, t[k]->title);
    for (int i = 0; i < t[k]->count; i++) {
      const h5field *f = &t[k]->fields[i];
      printf("  %-40s %s%s%s%s%s\n", f->path, h5field_type_name(f->type),
             f->rank > 0 && f->shape ? " " : "", f->rank > 0 && f->shape ? f->shape : "",
             f->flags & H5FIELD_ATTRIBUTE ? " (attribute)" : "",
             f->flags & H5FIELD_OPTIONAL ? " (optional)" : "");
    }
  }
}

static ar_status formats_work(const param_set *ps) {
  const char *kind = ps->npositional > 0 ? ps->positional[0] : NULL;
  if (kind && strcmp(kind, "results") != 0 && strcmp(kind, "checkpoint") != 0 &&
      !app_wing_find(kind)) {
    char names[256];
    app_wing_names(names, sizeof names);
    return ar_fail(AR_ERR_USAGE, "unknown kind '%s' (known: 'results', 'checkpoint', %s)", kind,
                   names);
  }
  if (param_flag(ps, "markdown") && param_flag(ps, "json"))
    return ar_fail(AR_ERR_USAGE, "give --markdown or --json, not both");
  const h5field_table *t[FORMATS_TABLES_MAX];
  int n = collect(kind, t);
  ar_status st = AR_OK;
  if (param_flag(ps, "json")) return h5field_json(stdout, t, n);
  if (!param_flag(ps, "markdown")) {
    print_list(t, n);
    return AR_OK;
  }
  for (int k = 0; k < n && st == AR_OK; k++) {
    printf("<!-- formats:%s -->\n", t[k]->id);
    st = h5field_markdown(stdout, t[k]);
    printf("<!-- end -->\n%s", k + 1 < n ? "\n" : "");
  }
  return st;
}

ar_status cmd_formats(int argc, char **argv) {
  param_set ps = {.command = "formats",
                  .usage = "antroute formats [--markdown | --json] [KIND]",
                  .examples = "antroute formats\n"
                              "antroute formats tour\n"
                              "antroute formats checkpoint\n"
                              "antroute formats --json > formats.json",
                  .description =
                      "Lists the datasets and attributes of antroute's files as their modules "
                      "declare them (path, type, shape, unit, meaning): the kind-free parts of a "
                      "results file (KIND 'results'), of a checkpoint (KIND 'checkpoint': its "
                      "header and the engine's state) and each kind's. --markdown prints the "
                      "tables of docs/formats.md, --json the schema the report script reads.",
                  CLI_OPTIONS(formats_params, 0, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, NULL, 0, formats_work);
}
