/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_import: `antroute import <input> ...` dispatches to the wings' importers (wing.h, `imports`)
 * and to `import synthetic`. */
#include <stdio.h>
#include <string.h>

#include "app_wings.h"
#include "cli.h"
#include "param_file.h"

static const wing_command synthetic = {
    "synthetic", cmd_import_synthetic,
    "a seeded generator of large networks (--kind: each kind that has one)",
    cmd_import_synthetic_defs};

/* Importer i of all the wings' (synthetic last), or NULL past the end. */
static const wing_command *importer(int i) {
  for (int k = 0; k < app_wing_count(); k++)
    for (const wing_command *c = app_wing_at(k)->imports; c && c->name; c++)
      if (i-- == 0) return c;
  return i == 0 ? &synthetic : NULL;
}

static void import_usage(FILE *out) {
  fprintf(out, "usage: antroute import <input> INPUT -o OUT.h5 [options]\n\n"
               "Converts input data into one antroute network file (HDF5, see docs/formats.md).\n"
               "The output is written to OUT.h5.tmp and renamed when complete.\n\ninputs:\n");
  for (int i = 0; importer(i); i++)
    fprintf(out, "  %-13s %s\n", importer(i)->name, importer(i)->summary);
  fprintf(out, "\nantroute import <input> --help shows the options of each.\n");
}

/* "tsplib, supply-chain, synthetic" */
static void importer_names(char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; importer(i) && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", importer(i)->name);
}

ar_status cmd_import(int argc, char **argv) {
  char names[256];
  importer_names(names, sizeof names);
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    import_usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? ar_fail(AR_ERR_USAGE, "which kind of input? (%s)", names) : AR_OK;
  }
  for (int i = 0; importer(i); i++)
    if (strcmp(argv[1], importer(i)->name) == 0) return importer(i)->run(argc - 1, argv + 1);
  const char *all[64];
  int n = 0;
  for (int i = 0; importer(i) && n < 64; i++)
    all[n++] = importer(i)->name;
  const char *near = param_file_nearest(argv[1], all, n);
  if (near)
    return ar_fail(AR_ERR_USAGE, "unknown input kind '%s' (did you mean '%s'? %s)", argv[1], near,
                   names);
  return ar_fail(AR_ERR_USAGE, "unknown input kind '%s' (%s)", argv[1], names);
}
