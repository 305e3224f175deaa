/* inspect_checkpoint: summary of an antroute checkpoint: where the run was, what the file holds,
 * and whether every dataset still matches its CRC-32 (see docs/checkpoint.md). */
#include <mpi.h>
#include <string.h>

#include "ckpt_verify.h"
#include "h5u.h"
#include "inspect.h"

static herr_t list_dataset(hid_t obj, const char *name, const H5O_info_t *info, void *data) {
  FILE *out = data;
  if (info->type != H5O_TYPE_DATASET) return 0;
  hid_t dset = H5Dopen2(obj, name, H5P_DEFAULT);
  if (dset < 0) return 0;
  hid_t space = H5Dget_space(dset), type = H5Dget_type(dset);
  hsize_t dims[H5U_MAX_RANK];
  int rank = H5Sget_simple_extent_ndims(space);
  if (rank > H5U_MAX_RANK) rank = H5U_MAX_RANK;
  H5Sget_simple_extent_dims(space, dims, NULL);
  int64_t distributed = 0, crc = -1;
  h5u_attr_read_i64(dset, "distributed", &distributed);
  h5u_attr_read_i64(dset, "crc32", &crc);
  char shape[128] = "";
  for (int i = 0; i < rank; i++)
    snprintf(shape + strlen(shape), sizeof shape - strlen(shape), "%s%llu", i ? " x " : "",
             (unsigned long long)dims[i]);
  fprintf(out, "  /%-28s %-22s %s %zu-byte %-8s crc32 %08llx\n", name, shape,
          H5Tget_class(type) == H5T_FLOAT     ? "float"
          : H5Tget_sign(type) == H5T_SGN_NONE ? "uint "
                                              : "int  ",
          H5Tget_size(type), distributed ? "colonies" : "shared", (unsigned long long)crc);
  H5Tclose(type);
  H5Sclose(space);
  H5Dclose(dset);
  return 0;
}

ar_status inspect_checkpoint(hid_t file, FILE *out) {
  int64_t epoch = -1, iteration = -1, sequence = -1, ranks = -1, complete = 0;
  char input[128] = "?";
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
  H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, list_dataset, out, H5O_INFO_BASIC);
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
