/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_checkpoint: summary of an antroute checkpoint: where the run was, what the file holds,
 * and whether every dataset still matches its CRC-32 (see docs/checkpoint.md). */
#include <mpi.h>
#include <string.h>

#include "ckpt_verify.h"
#include "h5u.h"
#include "inspect_checkpoint.h"

/* The shape, type and attributes of a dataset as one line; 0 when HDF5 cannot tell them. */
static int describe_dataset(hid_t dset, char *shape, size_t cap, const char **kind, size_t *size) {
  hid_t space = H5Dget_space(dset), type = H5Dget_type(dset);
  hsize_t dims[H5U_MAX_RANK];
  int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
  int ok = type >= 0 && rank >= 0 && rank <= H5U_MAX_RANK &&
           H5Sget_simple_extent_dims(space, dims, NULL) == rank;
  H5T_class_t cls = ok ? H5Tget_class(type) : H5T_NO_CLASS;
  H5T_sign_t sign = ok ? H5Tget_sign(type) : H5T_SGN_ERROR;
  *size = ok ? H5Tget_size(type) : 0;
  ok = ok && cls != H5T_NO_CLASS && *size > 0 && (cls == H5T_FLOAT || sign != H5T_SGN_ERROR);
  *kind = cls == H5T_FLOAT ? "float" : sign == H5T_SGN_NONE ? "uint " : "int  ";
  shape[0] = '\0';
  for (int i = 0; ok && i < rank; i++)
    snprintf(shape + strlen(shape), cap - strlen(shape), "%s%llu", i ? " x " : "",
             (unsigned long long)dims[i]);
  if (type >= 0) H5Tclose(type);
  if (space >= 0) H5Sclose(space);
  return ok;
}

/* H5Ovisit2 callback: one line per dataset; -1 with a message when one cannot be described. */
static herr_t list_dataset(hid_t obj, const char *name, const H5O_info_t *info, void *data) {
  FILE *out = data;
  if (info->type != H5O_TYPE_DATASET) return 0;
  hid_t dset = H5Dopen2(obj, name, H5P_DEFAULT);
  char shape[128];
  const char *kind = "?";
  size_t size = 0;
  int ok = dset >= 0 && describe_dataset(dset, shape, sizeof shape, &kind, &size);
  /* A checkpoint's datasets all carry these two; a missing one shows as 0 and -1, and the CRC
   * check below then names the dataset. */
  int64_t distributed = 0, crc = -1;
  if (ok && (h5u_attr_read_i64(dset, "distributed", &distributed) != AR_OK ||
             h5u_attr_read_i64(dset, "crc32", &crc) != AR_OK))
    ar_error_clear();
  if (dset >= 0) H5Dclose(dset); /* only read */
  if (!ok) {
    ar_fail(AR_ERR_INPUT, "dataset /%s: cannot read its shape and type (%s)", name,
            h5u_error_detail());
    return -1;
  }
  fprintf(out, "  /%-28s %-22s %s %zu-byte %-8s crc32 %08llx\n", name, shape, kind, size,
          distributed ? "colonies" : "shared", (unsigned long long)crc);
  return 0;
}

ar_status inspect_checkpoint(hid_t file, FILE *out) {
  int64_t epoch = -1, iteration = -1, sequence = -1, ranks = -1, complete = 0;
  char input[128] = "?";
  /* Shown as -1 or "?" when missing: ckpt_verify() below says what is wrong with the file. */
  h5u_attr_read_i64(file, "epoch", &epoch);
  h5u_attr_read_i64(file, "iteration", &iteration);
  h5u_attr_read_i64(file, "sequence", &sequence);
  h5u_attr_read_i64(file, "written_by_ranks", &ranks);
  h5u_attr_read_str(file, "input_checksum", input, sizeof input);
  if (h5u_attr_exists(file, "complete")) h5u_attr_read_i64(file, "complete", &complete);
  ar_error_clear();
  fprintf(out, "checkpoint %lld: epoch %lld, iteration %lld, written by %lld rank(s)%s\n",
          (long long)sequence, (long long)epoch, (long long)iteration, (long long)ranks,
          complete == 1 ? "" : " -- NOT COMPLETE");
  fprintf(out, "input %s\n", input);
  ar_error_clear();
  if (H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, list_dataset, out, H5O_INFO_BASIC) < 0) {
    if (ar_error_message()[0]) {
      ar_error_prefix("%s", h5u_file_name(file));
      return AR_ERR_INPUT;
    }
    return ar_fail(AR_ERR_HDF5, "%s: cannot list its datasets (%s)", h5u_file_name(file),
                   h5u_error_detail());
  }
  /* A second, independent open of the file to check every CRC. */
  char path[H5U_PATH_MAX];
  snprintf(path, sizeof path, "%s", h5u_file_name(file));
  ckpt_problem problem;
  int datasets = 0;
  ar_status st = ckpt_verify(path, MPI_COMM_SELF, &problem, &datasets);
  /* When not sound, the driver prints the message (and exits with status 3 or 4). */
  if (st == AR_OK)
    fprintf(out,
            "sound: all %d datasets match their CRC-32, and the header checksum (every "
            "attribute, type and shape) holds\n",
            datasets);
  return st;
}
