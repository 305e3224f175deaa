/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_verify: layout-free validation of a checkpoint (format, complete mark, every CRC). */
#include "ckpt_verify.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ar_agree.h"
#include "ckpt_crc.h"
#include "ckpt_field.h"
#include "ckpt_header.h"
#include "h5meta.h"
#include "h5u.h"

enum { VERIFY_PIECE_BYTES = 16 << 20, VERIFY_MAX_DATASETS = 4096, VERIFY_NAME_MAX = 512 };

typedef struct {
  char (*names)[VERIFY_NAME_MAX];
  int n;
} dataset_list;

static herr_t collect_dataset(hid_t obj, const char *name, const H5O_info_t *info, void *data) {
  (void)obj;
  dataset_list *list = data;
  if (info->type != H5O_TYPE_DATASET) return 0;
  if (list->n >= VERIFY_MAX_DATASETS) return 1;
  snprintf(list->names[list->n++], VERIFY_NAME_MAX, "/%s", name);
  return 0;
}

/* The CRC of this rank's share of the rows of dset, read in pieces. */
static ar_status crc_of_share(hid_t dset, const char *path, const char *name, MPI_Comm comm,
                              uint32_t *whole, int64_t *stored) {
  int rank = 0, size = 1;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
  if (st != AR_OK) return st;
  hid_t type = H5Dget_type(dset), space = H5Dget_space(dset);
  int ndims = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
  hsize_t dims[H5U_MAX_RANK] = {0};
  if (type < 0 || ndims < 0 || ndims > H5U_MAX_RANK ||
      (ndims > 0 && H5Sget_simple_extent_dims(space, dims, NULL) < 0))
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has an unreadable type or shape", path, name);
  if (space >= 0) H5Sclose(space);
  if (st == AR_OK && !h5u_attr_exists(dset, "crc32"))
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has no crc32 attribute", path, name);
  if (st == AR_OK) st = h5u_attr_read_i64(dset, "crc32", stored);
  uint64_t row_bytes = type >= 0 ? H5Tget_size(type) : 0, rows = ndims == 0 ? 1 : dims[0];
  for (int i = 1; i < ndims; i++)
    row_bytes *= dims[i];
  hsize_t first = 0, count = 0;
  ckpt_block(rows, size, rank, &first, &count);
  uint64_t piece_rows = row_bytes ? VERIFY_PIECE_BYTES / row_bytes : count;
  if (piece_rows == 0) piece_rows = 1;
  unsigned char *buf = NULL;
  if (st == AR_OK && count > 0 && row_bytes > 0) {
    buf = malloc((piece_rows < count ? piece_rows : count) * row_bytes);
    if (!buf) st = ar_fail(AR_ERR_NOMEM, "%s: out of memory verifying %s", path, name);
  }
  uint32_t local = 0;
  /* Independent reads: the ranks need not make the same number of calls. */
  for (hsize_t done = 0; st == AR_OK && done < count && row_bytes > 0;) {
    hsize_t n = count - done < piece_rows ? count - done : piece_rows;
    hid_t fspace = H5Dget_space(dset);
    hsize_t start[H5U_MAX_RANK] = {0}, block[H5U_MAX_RANK];
    for (int i = 0; i < ndims; i++)
      block[i] = dims[i];
    start[0] = first + done;
    block[0] = n;
    hid_t mspace = H5Screate_simple(ndims ? ndims : 1, ndims ? block : (hsize_t[]){1}, NULL);
    herr_t rc = -1;
    if (fspace >= 0 && mspace >= 0 &&
        (ndims == 0 || H5Sselect_hyperslab(fspace, H5S_SELECT_SET, start, NULL, block, NULL) >= 0))
      rc = H5Dread(dset, type, mspace, fspace, H5P_DEFAULT, buf);
    if (fspace >= 0) H5Sclose(fspace);
    if (mspace >= 0) H5Sclose(mspace);
    if (rc < 0) {
      st = ar_fail(AR_ERR_INPUT, "%s: cannot read rows %llu..%llu of dataset %s (%s)", path,
                   (unsigned long long)(first + done), (unsigned long long)(first + done + n), name,
                   h5u_error_detail());
      break;
    }
    local = ckpt_crc32_combine(local, ckpt_crc32(buf, n * row_bytes), n * row_bytes);
    done += n;
  }
  free(buf);
  if (type >= 0) H5Tclose(type);
  ar_status agreed = ar_agree(comm, st);
  if (agreed != AR_OK) return agreed;
  return ckpt_crc_combine_blocks(first * row_bytes, count * row_bytes, local, rows * row_bytes,
                                 comm, name, whole);
}

static ar_status verify_open_file(hid_t file, const char *path, MPI_Comm comm,
                                  ckpt_problem *problem, int *datasets) {
  ar_status st = ckpt_header_check(file, path, problem);
  if (st != AR_OK) return st;
  dataset_list list = {calloc(VERIFY_MAX_DATASETS, VERIFY_NAME_MAX), 0};
  if (!list.names) {
    *problem = CKPT_PROBLEM_OTHER;
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory listing datasets", path);
  }
  if (H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, collect_dataset, &list, H5O_INFO_BASIC) < 0)
    st = ar_fail(AR_ERR_INPUT, "%s: cannot list the datasets (%s)", path, h5u_error_detail());
  for (int i = 0; i < list.n && st == AR_OK; i++) {
    const char *name = list.names[i];
    hid_t dset = H5Dopen2(file, name, H5P_DEFAULT);
    if (dset < 0) {
      st = ar_fail(AR_ERR_INPUT, "%s: cannot open dataset %s", path, name);
      break;
    }
    uint32_t whole = 0;
    int64_t stored = -1;
    st = crc_of_share(dset, path, name, comm, &whole, &stored);
    H5Dclose(dset);
    if (st == AR_OK && (int64_t)whole != stored)
      st =
          ar_fail(AR_ERR_INPUT, "%s: dataset %s is damaged: CRC-32 %08llx, the file records %08llx",
                  path, name, (unsigned long long)whole, (unsigned long long)stored);
  }
  if (datasets) *datasets = list.n;
  free(list.names);
  if (st != AR_OK)
    *problem = st == AR_ERR_NOMEM || st == AR_ERR_MPI ? CKPT_PROBLEM_OTHER : CKPT_PROBLEM_DAMAGED;
  return st;
}

ar_status ckpt_verify(const char *path, MPI_Comm comm, ckpt_problem *problem, int *datasets) {
  *problem = CKPT_PROBLEM_NONE;
  if (datasets) *datasets = 0;
  struct stat sb;
  ar_status st = AR_OK;
  if (stat(path, &sb) != 0 && errno == ENOENT) {
    *problem = CKPT_PROBLEM_MISSING;
    st = ar_fail(AR_ERR_IO, "checkpoint %s does not exist", path);
  }
  hid_t file = -1;
  if (st == AR_OK && (st = h5u_open_read(path, comm, &file)) != AR_OK) {
    *problem = CKPT_PROBLEM_DAMAGED;
    if (st == AR_ERR_IO) st = AR_ERR_INPUT;
  }
  /* Every rank sees the same file, so the outcome of the open is the same everywhere. */
  st = ar_agree(comm, st);
  if (st != AR_OK) {
    h5u_close(file);
    return st;
  }
  /* The checks below are collective (metadata reads, CRC exchanges) and fail alike on all ranks,
   * except reads of a rank's own rows: those are agreed inside crc_of_share. */
  st = verify_open_file(file, path, comm, problem, datasets);
  if (H5Fclose(file) < 0 && st == AR_OK) {
    *problem = CKPT_PROBLEM_DAMAGED;
    st = ar_fail(AR_ERR_INPUT, "%s: cannot close (%s)", path, h5u_error_detail());
  }
  /* The one agreement: the lowest failing rank's status, message and kind of problem. */
  int tag = (int)*problem;
  st = ar_agree_tagged(comm, st, &tag);
  *problem = (ckpt_problem)tag;
  return st;
}
