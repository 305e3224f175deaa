/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_outputs: what solve writes, compared with what it reads (see solve_outputs.h). */
#include "solve_outputs.h"
#include "ar_comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_path.h"
#include "ckpt_dir.h"
#include "h5u.h"

/* The value of parameter name when the table has it and it is set, else NULL. */
static const char *value_of(const param_set *ps, const char *name) {
  for (int i = 0; i < ps->ndefs; i++)
    if (strcmp(ps->defs[i].name, name) == 0) return param_str(ps, name);
  return NULL;
}

enum { NINPUTS = 3, NOUTPUTS = 2 };

/* An output that is an existing checkpoint of dir (by inode: links elsewhere included). */
static ar_status against_checkpoints(const char *dir, const ar_path_role *outputs) {
  ckpt_dir_list list;
  ar_status st = ckpt_dir_scan(dir, &list);
  if (st != AR_OK) {
    ar_error_clear(); /* an unreadable folder is reported where checkpoints are written */
    return AR_OK;
  }
  for (int i = 0; st == AR_OK && i < list.n; i++) {
    char path[H5U_PATH_MAX];
    if (ckpt_dir_path(path, sizeof path, dir, list.entries[i].seq, list.entries[i].kind) != AR_OK)
      continue;
    for (int o = 0; st == AR_OK && o < NOUTPUTS; o++)
      if (outputs[o].path && ar_path_same_file(outputs[o].path, path))
        st = ar_fail(AR_ERR_USAGE,
                     "%s %s is the checkpoint %s: antroute never writes over its own inputs "
                     "(name another output)",
                     outputs[o].what, outputs[o].path, path);
  }
  ckpt_dir_list_free(&list);
  return st;
}

static ar_status against_checkpoint_dir(const char *dir, const ar_path_role *inputs,
                                        const ar_path_role *outputs) {
  for (int i = 0; i < NINPUTS; i++)
    if (inputs[i].path && ckpt_dir_owns(dir, inputs[i].path))
      return ar_fail(AR_ERR_USAGE,
                     "%s %s lies in --checkpoint-dir %s under a checkpoint's name (ckpt-N.h5): "
                     "checkpoints there are overwritten, removed by --keep and moved aside; move "
                     "it or choose another --checkpoint-dir",
                     inputs[i].what, inputs[i].path, dir);
  for (int o = 0; o < NOUTPUTS; o++) {
    if (!outputs[o].path) continue;
    char tmp[H5U_PATH_MAX + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", outputs[o].path);
    if (ckpt_dir_owns(dir, outputs[o].path) || ckpt_dir_owns(dir, tmp))
      return ar_fail(AR_ERR_USAGE,
                     "%s %s is a checkpoint's name in --checkpoint-dir %s (ckpt-N.h5): the "
                     "checkpoints would overwrite or remove it; name another output",
                     outputs[o].what, outputs[o].path, dir);
  }
  return against_checkpoints(dir, outputs);
}

static ar_status check_on_rank0(const param_set *ps) {
  const char *resume = value_of(ps, "resume");
  if (resume && strcmp(resume, "auto") == 0) resume = NULL;
  /* inputs[0] alone is never a checkpoint: --resume FILE may well lie in the folder. */
  ar_path_role inputs[NINPUTS] = {
      {ps->npositional > 0 ? ps->positional[0] : NULL, "the network file"},
      {ps->param_file, "--params"},
      {resume, "--resume"},
  };
  ar_path_role outputs[NOUTPUTS] = {{value_of(ps, "output"), "-o"}, {value_of(ps, "csv"), "--csv"}};
  ar_status st = ar_outputs_check(inputs, NINPUTS, outputs, NOUTPUTS);
  const char *dir = value_of(ps, "checkpoint-dir");
  if (st == AR_OK && dir) {
    ar_path_role owned[NINPUTS] = {inputs[0], inputs[1], {NULL, NULL}};
    st = against_checkpoint_dir(dir, owned, outputs);
  }
  return st;
}

ar_status solve_outputs_check(const param_set *ps, MPI_Comm comm) {
  int rank = 0;
  ar_status st = ar_comm_rank_size(comm, &rank, NULL);
  if (st == AR_OK && rank == 0) st = check_on_rank0(ps);
  return ar_agree(comm, st);
}

/* Whether a record line "key = value" sets an option declared PARAM_SEGMENT (param.h): a later
 * segment of the run may give it another value (the Slurm helper computes --max-hours at each
 * start) and still be the same run. */
static int segment_only(const param_set *ps, const char *line) {
  const char *eq = strstr(line, " = ");
  char key[64];
  if (!eq || (size_t)(eq - line) >= sizeof key || memchr(line, '\n', (size_t)(eq - line))) return 0;
  snprintf(key, sizeof key, "%.*s", (int)(eq - line), line);
  return (param_flags_of(ps, key) & PARAM_SEGMENT) != 0;
}

/* The line after the one at s (the end of the text after the last). */
static const char *next_line(const char *s) {
  const char *nl = strchr(s, '\n');
  return nl ? nl + 1 : s + strlen(s);
}

/* Whether two parameter records ("key = value" lines) agree but for PARAM_SEGMENT lines. */
static int same_run_record(const param_set *ps, const char *a, const char *b) {
  for (;;) {
    while (*a && segment_only(ps, a))
      a = next_line(a);
    while (*b && segment_only(ps, b))
      b = next_line(b);
    if (!*a || !*b) return !*a && !*b;
    size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
    if (la != lb || strncmp(a, b, la) != 0) return 0;
    a += la + (a[la] == '\n');
    b += lb + (b[lb] == '\n');
  }
}

/* Whether the `paths` record of a results file names csv as its --csv. */
static int paths_name_csv(const char *paths, const char *csv) {
  size_t n = strlen(csv);
  for (const char *line = paths; *line; line = next_line(line))
    if (strncmp(line, "csv = ", 6) == 0 && strncmp(line + 6, csv, n) == 0 &&
        (line[6 + n] == '\n' || line[6 + n] == '\0'))
      return 1;
  return 0;
}

solve_outputs_owned solve_outputs_own(const param_set *ps, const char *path, int resumed) {
  enum { RECORD_CAP = 65536 };
  solve_outputs_owned own = {0, 0};
  if (!resumed || access(path, F_OK) != 0) return own;
  char *ours = param_serialize(ps, PARAM_RECORD), *theirs = malloc(RECORD_CAP);
  hid_t file = -1;
  own.results = ours && theirs && h5u_open_read(path, MPI_COMM_SELF, &file) == AR_OK &&
                h5u_attr_exists(file, "parameters") &&
                h5u_attr_read_str(file, "parameters", theirs, RECORD_CAP) == AR_OK &&
                same_run_record(ps, ours, theirs);
  /* Its plan: the file says which --csv that segment wrote. */
  const char *csv = value_of(ps, "csv");
  own.plan = own.results && csv && h5u_attr_exists(file, "paths") &&
             h5u_attr_read_str(file, "paths", theirs, RECORD_CAP) == AR_OK &&
             paths_name_csv(theirs, csv);
  if (file >= 0) h5u_close(file);
  ar_error_clear(); /* a file that is not readable is simply not this run's */
  free(ours);
  free(theirs);
  return own;
}
