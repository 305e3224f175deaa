/* cmd_inspect: a short human summary of any antroute file (network, results or checkpoint). */
#include <hdf5.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "h5meta.h"
#include "h5u.h"
#include "inspect.h"
#include "param.h"

static const param_def inspect_params[] = {
    {"tree", 't', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "also list every group and dataset", 0},
};

static herr_t list_object(hid_t obj, const char *name, const H5O_info_t *info, void *data) {
  FILE *out = data;
  if (info->type == H5O_TYPE_GROUP) {
    fprintf(out, "  /%s/\n", strcmp(name, ".") == 0 ? "" : name);
  } else if (info->type == H5O_TYPE_DATASET) {
    hid_t dset = H5Dopen2(obj, name, H5P_DEFAULT);
    if (dset < 0) return 0;
    hid_t space = H5Dget_space(dset);
    hsize_t dims[8];
    int rank = H5Sget_simple_extent_ndims(space);
    if (rank > 8) rank = 8;
    H5Sget_simple_extent_dims(space, dims, NULL);
    fprintf(out, "  /%s [", name);
    for (int i = 0; i < rank; i++)
      fprintf(out, "%s%llu", i ? " x " : "", (unsigned long long)dims[i]);
    fprintf(out, "]\n");
    H5Sclose(space);
    H5Dclose(dset);
  }
  return 0;
}

ar_status cmd_inspect(int argc, char **argv) {
  param_set ps = {.command = "inspect",
                  .usage = "antroute inspect FILE.h5 [--tree]",
                  .description = "Prints what a network, results or checkpoint file holds.",
                  .defs = inspect_params,
                  .ndefs = (int)(sizeof inspect_params / sizeof inspect_params[0]),
                  .min_positional = 1,
                  .max_positional = 1};
  ar_status st = param_parse(&ps, argc, argv);
  if (st != AR_OK || ps.help_requested) {
    if (ps.help_requested) param_print_help(&ps, stdout);
    param_free(&ps);
    return st;
  }
  const char *path = ps.positional[0];
  hid_t file;
  st = h5u_open_read(path, MPI_COMM_SELF, &file);
  if (st == AR_OK) {
    char format[64], tool[128] = "?", created[64] = "?";
    int64_t version = 0;
    st = inspect_header(file, format, sizeof format, &version);
    if (st == AR_OK) {
      h5u_attr_read_str(file, "tool_version", tool, sizeof tool);
      h5u_attr_read_str(file, "created", created, sizeof created);
      printf("%s: %s (format version %lld), written by %s at %s\n", path, format,
             (long long)version, tool, created);
      st = inspect_summary(file, format, stdout);
      if (st == AR_OK && param_flag(&ps, "tree"))
        H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_NATIVE, list_object, stdout, H5O_INFO_BASIC);
    }
    h5u_close(file);
  }
  param_free(&ps);
  return st;
}
