/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_write: collective checkpoint write through MPI-IO, per-dataset CRC, atomic rename. */
#include "ckpt_write.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ar_hooks.h"
#include "ckpt_crc.h"
#include "ckpt_digest.h"
#include "ckpt_dir.h"
#include "ckpt_identity.h"
#include "h5meta.h"

typedef struct {
  hid_t dset, type;
  hsize_t first, count;
  const void *data;
  ar_status status;
} rows_write;

static void run_rows_write(void *arg) {
  rows_write *job = arg;
  job->status = h5u_write_rows(job->dset, job->type, job->first, job->count, job->data);
}

/* The number of collective transfers for a field: the most pieces any rank has. */
static ar_status agree_rounds(int mine, MPI_Comm comm, int *rounds) {
  return ar_mpi_check(MPI_Allreduce(&mine, rounds, 1, MPI_INT, MPI_MAX, comm),
                      "MPI_Allreduce of the number of transfers");
}

/* Writes one field: the dataset, its rows, its crc32 and distributed attributes. */
static ar_status write_field(hid_t file, const ckpt_state *state, const ckpt_field *f,
                             int first_distributed, MPI_Comm comm, const char *path) {
  int rank = 0, rounds = 0;
  hid_t dset = -1;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  int npieces = ckpt_field_npieces(state, f, rank, 0);
  if (st == AR_OK) st = h5u_dataset_create(file, f->path, f->type, f->rank, f->dims, &dset);
  if (st == AR_OK) st = agree_rounds(npieces, comm, &rounds);
  st = ar_agree(comm, st);
  if (st != AR_OK) {
    if (dset >= 0) H5Dclose(dset);
    return st;
  }

  if (first_distributed && ar_hook_fault(AR_FAULT_CKPT_MID_DATASET, comm)) {
    /* Half of this rank's first piece reaches the file (the write is collective: it matches
     * the other ranks' writes), then the process dies before any other collective call. */
    ckpt_piece p = ckpt_field_piece(state, f, rank, 0, 0);
    (void)h5u_write_rows(dset, f->type, p.first, p.count / 2, p.data); /* the process dies next */
    ar_hook_fault_exit(AR_FAULT_CKPT_MID_DATASET, comm);
  }
  /* One collective transfer per round (a rank out of pieces takes part with nothing). The
   * checksum of each piece is computed by the rank's other threads during its write; the pieces
   * are contiguous, so their CRCs chain into the CRC of the rank's block, and the ranks' blocks
   * combine in global order. A replicated field is summed by rank 0 alone. */
  uint64_t row_bytes = ckpt_field_row_bytes(f);
  uint64_t block_offset = 0, block_len = 0;
  uint32_t local = 0, whole = 0;
  for (int k = 0; k < rounds; k++) {
    ckpt_piece p = ckpt_field_piece(state, f, rank, 0, k);
    rows_write job = {dset, f->type, p.first, p.count, p.data, AR_OK};
    uint64_t bytes = p.count * row_bytes;
    uint32_t crc = ckpt_crc32_overlap(p.data, bytes, run_rows_write, &job);
    if (st == AR_OK) st = job.status;
    if (k == 0) block_offset = p.first * row_bytes;
    local = ckpt_crc32_combine(local, crc, bytes);
    block_len += bytes;
  }
  if (st == AR_OK && first_distributed && ar_hook_fault(AR_FAULT_CKPT_ENOSPC, comm))
    st = ar_fail(AR_ERR_IO, "%s: cannot write dataset %s: %s", path, f->path, strerror(ENOSPC));

  ar_status cst = ckpt_crc_combine_blocks(block_offset, block_len, local, ckpt_field_bytes(f), comm,
                                          f->path, &whole);
  if (st == AR_OK) st = cst;
  /* Attributes are collective metadata: written only when every rank got this far. */
  st = ar_agree(comm, st);
  if (st == AR_OK) st = h5u_attr_write_i64(dset, "crc32", (int64_t)whole);
  if (st == AR_OK) st = h5u_attr_write_i64(dset, "distributed", f->distributed ? 1 : 0);
  if (st == AR_OK && f->description) st = h5u_attr_write_str(dset, "description", f->description);
  if (H5Dclose(dset) < 0 && st == AR_OK)
    st = ar_fail(AR_ERR_IO, "%s: cannot close dataset %s", path, f->path);
  return ar_agree(comm, st);
}

static ar_status write_root(hid_t file, const ckpt_state *state, int64_t seq, int nranks) {
  ar_status st = h5meta_write(file, H5META_CHECKPOINT, CKPT_FORMAT_VERSION, state->params);
  if (st == AR_OK)
    st = h5u_attr_write_str(file, "input_checksum",
                            state->input_checksum ? state->input_checksum : "");
  if (st == AR_OK)
    st = h5u_attr_write_str(file, "search_parameters",
                            state->search_parameters ? state->search_parameters : "");
  if (st == AR_OK) st = h5u_attr_write_i64(file, "epoch", state->epoch);
  if (st == AR_OK) st = h5u_attr_write_i64(file, "iteration", state->iteration);
  if (st == AR_OK) st = h5u_attr_write_i64(file, "sequence", seq);
  if (st == AR_OK) st = h5u_attr_write_i64(file, "written_by_ranks", nranks);
  /* Attributes of a parallel file must take the same value on every rank (HDF5 may write any
   * rank's copy): rank 0's values of the scalars, such as times, that differ between ranks. */
  MPI_Comm comm = MPI_COMM_SELF;
  if (st == AR_OK) st = h5u_file_comm(file, &comm);
  for (int i = 0; i < ckpt_state_nscalars(state) && st == AR_OK; i++) {
    const ckpt_scalar *s = ckpt_state_scalar(state, i);
    int64_t i64 = s->i64;
    double f64 = s->f64;
    st = ar_mpi_check(MPI_Bcast(&i64, 1, MPI_INT64_T, 0, comm), "MPI_Bcast of a checkpoint scalar");
    if (st == AR_OK)
      st =
          ar_mpi_check(MPI_Bcast(&f64, 1, MPI_DOUBLE, 0, comm), "MPI_Bcast of a checkpoint scalar");
    if (st == AR_OK)
      st = s->kind == CKPT_SCALAR_I64 ? h5u_attr_write_i64(file, s->name, i64)
                                      : h5u_attr_write_f64(file, s->name, f64);
  }
  ar_status fst = h5u_comm_free(&comm);
  return st == AR_OK ? fst : st;
}

/* The digest of the file as written so far (ckpt_digest.h), rank 0's value on every rank. */
static ar_status write_digest(hid_t file, const char *path, MPI_Comm comm) {
  uint32_t crc = 0;
  ar_status st = ar_agree(comm, ckpt_digest(file, path, &crc));
  long long value = crc;
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(&value, 1, MPI_LONG_LONG, 0, comm),
                      "MPI_Bcast of the header checksum");
  if (st == AR_OK) st = h5u_attr_write_i64(file, CKPT_DIGEST_ATTRIBUTE, value);
  return ar_agree(comm, st);
}

/* After a failed write: MPI-IO does not say why, so tell the user when the file system is (now
 * nearly) full. Appends to the calling rank's message. */
static void disk_hint(const char *dir, uint64_t need) {
  struct statvfs vfs;
  if (statvfs(dir, &vfs) != 0) return;
  uint64_t free_bytes = (uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize;
  if (free_bytes >= 2 * need + (1u << 20)) return;
  char msg[2048];
  snprintf(msg, sizeof msg,
           "%s; the file system of %s has %llu bytes free and a checkpoint needs "
           "about %llu: disk full?",
           ar_error_message(), dir, (unsigned long long)free_bytes, (unsigned long long)need);
  ar_status code = ar_fail(AR_ERR_IO, "%s", msg);
  (void)code;
  ar_error_mark_shared();
}

/* Rank 0 makes room for a checkpoint of `need` bytes (ckpt_dir_make_room): a checkpoint that
 * still would not fit is not attempted; every rank learns it. */
static ar_status make_room(const char *dir, int keep, uint64_t need, uint32_t own, const char *path,
                           MPI_Comm comm) {
  int rank = 0;
  ar_status st = ar_comm_rank_size(comm, &rank, NULL);
  if (st != AR_OK) return st;
  if (rank == 0) {
    uint64_t free_bytes = 0;
    st = ckpt_dir_make_room(dir, keep, need, own, &free_bytes);
    if (st == AR_OK && free_bytes < need)
      st = ar_fail(AR_ERR_IO,
                   "checkpoint %s not written (the previous checkpoints are intact): the file "
                   "system of %s has %llu bytes free and a checkpoint needs about %llu: disk full?",
                   path, dir, (unsigned long long)free_bytes, (unsigned long long)need);
  }
  return ar_agree(comm, st);
}

/* Rank 0 picks the sequence number; every rank gets it. */
static ar_status next_seq(const char *dir, MPI_Comm comm, int64_t *seq) {
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  long long value = 0;
  if (st == AR_OK && rank == 0) {
    ckpt_dir_list list;
    st = ckpt_dir_scan(dir, &list);
    if (st == AR_OK) value = ckpt_dir_next_seq(&list);
    ckpt_dir_list_free(&list);
  }
  st = ar_agree(comm, st);
  if (st != AR_OK) return st;
  st = ar_mpi_check(MPI_Bcast(&value, 1, MPI_LONG_LONG, 0, comm),
                    "MPI_Bcast of the checkpoint number");
  if (st == AR_OK) *seq = value;
  return st;
}

ar_status ckpt_write(const char *dir, int keep, const ckpt_state *state, MPI_Comm comm,
                     ckpt_write_info *info) {
  double start = MPI_Wtime();
  int rank = 0, nranks = 1;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_size(comm, &nranks), "MPI_Comm_size");
  if (st != AR_OK) return st;
  ar_hook_new_write();
  st = ar_agree(comm, ckpt_state_check(state));
  if (st == AR_OK) st = ckpt_dir_prepare(dir, comm);
  int64_t seq = 0;
  if (st == AR_OK) st = next_seq(dir, comm, &seq);
  /* The run's own files are the only ones its clean-up touches; its .tmp says whose it is. */
  const uint32_t own = ckpt_identity(state->input_checksum, state->search_parameters);
  char path[H5U_PATH_MAX], tmp[H5U_PATH_MAX];
  if (st == AR_OK) st = ckpt_dir_path(path, sizeof path, dir, seq, CKPT_FILE_FINAL);
  if (st == AR_OK) st = ckpt_dir_tmp_path(tmp, sizeof tmp, dir, seq, own);
  if (st != AR_OK) return st;

  /* The datasets, and HDF5's metadata: 1 % plus 32 KiB (measured: 11 KB for 10 datasets). A test
   * switch skips the check, so that a real ENOSPC inside MPI-IO can be provoked. */
  const uint64_t need = ckpt_state_bytes(state) + ckpt_state_bytes(state) / 100 + (32u << 10);
  if (!ar_hook_fault(AR_FAULT_CKPT_NO_ROOM_CHECK, comm))
    st = make_room(dir, keep, need, own, path, comm);
  if (st != AR_OK) return st;

  h5u_output out;
  /* (While it is open, stderr is muted: MPI-IO's own lines on a failed write, h5u.h.) The latest
   * file format: HDF5 checksums its own metadata (docs/checkpoint.md). */
  st = ar_agree(comm, h5u_output_create_latest(&out, path, tmp, comm));
  if (st != AR_OK) {
    h5u_output_abort(&out);
    return st;
  }
  st = ar_agree(comm, write_root(out.file, state, seq, nranks));
  int first_distributed = 1;
  for (int i = 0; i < ckpt_state_nfields(state) && st == AR_OK; i++) {
    const ckpt_field *f = ckpt_state_field(state, i);
    st = write_field(out.file, state, f, f->distributed && first_distributed, comm, out.tmp_path);
    if (f->distributed) first_distributed = 0;
  }
  /* Last: the mark that the file holds everything, and the digest of every attribute, type and
   * shape (with the datasets' CRCs, every byte that decides the continuation is checksummed). A
   * reader refuses a file without them. */
  if (st == AR_OK) st = ar_agree(comm, h5u_attr_write_i64(out.file, "complete", 1));
  if (st == AR_OK) st = write_digest(out.file, out.tmp_path, comm);
  if (st != AR_OK) {
    h5u_output_abort(&out);
    disk_hint(dir, need);
    ar_error_prefix("checkpoint %s not written (the previous checkpoints are intact)", path);
    return st;
  }
  st = h5u_output_close(&out);
  if (st != AR_OK) disk_hint(dir, need);
  if (st == AR_OK) {
    ar_hook_fault_exit(AR_FAULT_CKPT_BEFORE_RENAME, comm);
    st = h5u_output_publish(&out);
  }
  if (st != AR_OK) return st;

  double in_place = MPI_Wtime() - start;
  int rotate_failed = 0;
  char warning[512] = "";
  if (rank == 0 && ckpt_dir_rotate(dir, keep, own) != AR_OK) {
    rotate_failed = 1;
    snprintf(warning, sizeof warning, "%s", ar_error_message());
  }
  /* Not a failure of this checkpoint (it is in place), but the caller may want to warn. */
  st = ar_mpi_check(MPI_Bcast(&rotate_failed, 1, MPI_INT, 0, comm),
                    "MPI_Bcast of whether the old checkpoints were rotated");
  if (st != AR_OK) return st;
  if (info) {
    snprintf(info->path, sizeof info->path, "%s", path);
    info->seq = seq;
    info->bytes = ckpt_state_bytes(state);
    info->seconds = MPI_Wtime() - start;
    info->seconds_in_place = in_place;
    info->rotate_error = rotate_failed;
    snprintf(info->warning, sizeof info->warning, "%s", warning);
  }
  return AR_OK;
}
