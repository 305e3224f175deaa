/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_inspect: a short human summary of any antroute file (network, results or checkpoint). */
#include <hdf5.h>
#include <stdio.h>
#include <string.h>

#include "app_wing_check.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5meta.h"
#include "h5u.h"
#include "inspect.h"
#include "param.h"

static const param_def inspect_params[] = {
    {"tree", 't', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "also list every group and dataset", 0},
};

int cmd_inspect_defs(param_def *out, int cap) {
  return cli_copy_defs(inspect_params, (int)(sizeof inspect_params / sizeof inspect_params[0]), out,
                       cap);
}

/* H5Ovisit2 callback: one line per group and dataset (with its shape); -1 with a message when a
 * dataset's shape cannot be read, which stops the visit. */
static herr_t list_object(hid_t obj, const char *name, const H5O_info_t *info, void *data) {
  FILE *out = data;
  if (info->type == H5O_TYPE_GROUP) {
    fprintf(out, "  /%s/\n", strcmp(name, ".") == 0 ? "" : name);
    return 0;
  }
  if (info->type != H5O_TYPE_DATASET) return 0;
  hsize_t dims[H5S_MAX_RANK];
  int rank = -1;
  hid_t dset = H5Dopen2(obj, name, H5P_DEFAULT);
  hid_t space = dset >= 0 ? H5Dget_space(dset) : -1;
  if (space >= 0) rank = H5Sget_simple_extent_dims(space, dims, NULL);
  if (space >= 0 && H5Sclose(space) < 0) rank = -1;
  if (dset >= 0 && H5Dclose(dset) < 0) rank = -1;
  if (rank < 0) {
    ar_fail(AR_ERR_HDF5, "dataset /%s: cannot read its shape", name);
    return -1;
  }
  fprintf(out, "  /%s [", name);
  for (int i = 0; i < rank; i++)
    fprintf(out, "%s%llu", i ? " x " : "", (unsigned long long)dims[i]);
  fprintf(out, "]\n");
  return 0;
}

/* The wing of a network or results file, judged by the registry (NULL for a checkpoint). */
static ar_status wing_of(hid_t file, const char *format, const wing **w) {
  *w = NULL;
  if (strcmp(format, H5META_NETWORK) == 0) return app_wing_network(file, w);
  if (strcmp(format, H5META_RESULTS) != 0) return AR_OK;
  return app_wing_results_check(file, w);
}

static ar_status inspect_work(const param_set *ps) {
  const char *path = ps->positional[0];
  hid_t file;
  ar_status st = h5u_open_read(path, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  char format[64], tool[128] = "?", created[64] = "?";
  int64_t version = 0;
  const wing *w = NULL;
  st = inspect_header(file, format, sizeof format, &version);
  if (st == AR_OK) st = wing_of(file, format, &w);
  if (st == AR_OK) {
    /* Who wrote it is a courtesy: an old file without these attributes is still described. */
    if (h5u_attr_read_str(file, "tool_version", tool, sizeof tool) != AR_OK) ar_error_clear();
    if (h5u_attr_read_str(file, "created", created, sizeof created) != AR_OK) ar_error_clear();
    printf("%s: %s (format version %lld), written by %s at %s\n", path, format, (long long)version,
           tool, created);
    st = inspect_summary(file, format, w, stdout);
  }
  if (st == AR_OK && param_flag(ps, "tree")) {
    ar_error_clear();
    if (H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_NATIVE, list_object, stdout, H5O_INFO_BASIC) < 0) {
      if (ar_error_message()[0])
        ar_error_prefix("%s", path);
      else
        ar_fail(AR_ERR_HDF5, "%s: cannot list its groups and datasets", path);
      st = AR_ERR_HDF5;
    }
  }
  h5u_close(file);
  return st;
}

ar_status cmd_inspect(int argc, char **argv) {
  param_set ps = {.command = "inspect",
                  .usage = "antroute inspect FILE.h5 [--tree]",
                  .examples = "antroute inspect berlin52.h5\n"
                              "antroute inspect r.h5\n"
                              "antroute inspect ckpt/ckpt-3.h5",
                  .description = "Prints what a network, results or checkpoint file holds.",
                  CLI_OPTIONS(inspect_params, 1, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, NULL, 0, inspect_work);
}
