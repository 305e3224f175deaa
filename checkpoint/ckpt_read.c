/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_read: collective restore of a checkpoint on any layout, with CRC and match checks. */
#include "ckpt_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ckpt_crc.h"
#include "ckpt_header.h"
#include "ckpt_match.h"
#include "h5meta.h"
#include "h5u.h"

/* The same status and problem on every rank: those of the lowest failing rank. */
static ar_status agree_problem(ar_status st, ckpt_problem *problem, MPI_Comm comm) {
  int tag = (int)*problem;
  st = ar_agree_tagged(comm, st, &tag);
  *problem = (ckpt_problem)tag;
  return st;
}

static ar_status fail_as(ckpt_problem *problem, ckpt_problem kind, ar_status st) {
  *problem = kind;
  return st;
}

static const char *class_name(H5T_class_t cls) {
  return cls == H5T_INTEGER ? "integer" : cls == H5T_FLOAT ? "float" : "non-numeric";
}

/* Opens a field's dataset and checks that its shape and type are the ones expected. */
static ar_status open_field(hid_t file, const char *path, const ckpt_field *f, hid_t *dset,
                            ckpt_problem *problem) {
  *dset = -1;
  if (!h5u_link_exists(file, f->path))
    return fail_as(problem, CKPT_PROBLEM_MISMATCH,
                   ar_fail(AR_ERR_INPUT, "%s: dataset %s is missing", path, f->path));
  *dset = H5Dopen2(file, f->path, H5P_DEFAULT);
  if (*dset < 0)
    return fail_as(problem, CKPT_PROBLEM_DAMAGED,
                   ar_fail(AR_ERR_INPUT, "%s: cannot open dataset %s (%s)", path, f->path,
                           h5u_error_detail()));
  hid_t space = H5Dget_space(*dset), type = H5Dget_type(*dset);
  int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
  hsize_t dims[H5U_MAX_RANK] = {0};
  if (rank > 0 && rank <= H5U_MAX_RANK && H5Sget_simple_extent_dims(space, dims, NULL) < 0)
    rank = -1; /* unreadable extent: judged a wrong shape below */
  H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
  size_t size = type >= 0 ? H5Tget_size(type) : 0;
  if (space >= 0) H5Sclose(space);
  if (type >= 0) H5Tclose(type);
  ar_status st = AR_OK;
  int same_shape = rank == f->rank;
  for (int i = 0; same_shape && i < rank; i++)
    same_shape = dims[i] == f->dims[i];
  if (!same_shape) {
    char have[128] = "", want[128] = "";
    for (int i = 0; i < rank && i < H5U_MAX_RANK; i++)
      snprintf(have + strlen(have), sizeof have - strlen(have), "%s%llu", i ? " x " : "",
               (unsigned long long)dims[i]);
    for (int i = 0; i < f->rank; i++)
      snprintf(want + strlen(want), sizeof want - strlen(want), "%s%llu", i ? " x " : "",
               (unsigned long long)f->dims[i]);
    /* Only the number of colonies differs (say, a checkpoint of an older antroute whose default
     * was one colony): name the option that resumes it. */
    char hint[96] = "";
    int only_colonies = f->distributed && rank == f->rank && dims[0] != f->dims[0];
    for (int i = 1; only_colonies && i < rank; i++)
      only_colonies = dims[i] == f->dims[i];
    if (only_colonies)
      snprintf(hint, sizeof hint, " (it holds %llu colon%s: resume it with --colonies %llu)",
               (unsigned long long)dims[0], dims[0] == 1 ? "y" : "ies",
               (unsigned long long)dims[0]);
    st = fail_as(problem, CKPT_PROBLEM_MISMATCH,
                 ar_fail(AR_ERR_INPUT, "%s: dataset %s is %s, this run needs %s%s", path, f->path,
                         have, want, hint));
  } else if (cls != H5Tget_class(f->type) || size != H5Tget_size(f->type)) {
    st = fail_as(problem, CKPT_PROBLEM_MISMATCH,
                 ar_fail(AR_ERR_INPUT,
                         "%s: dataset %s holds %zu-byte %s values, expected %zu-byte %s", path,
                         f->path, size, class_name(cls), H5Tget_size(f->type),
                         class_name(H5Tget_class(f->type))));
  }
  if (st != AR_OK) {
    H5Dclose(*dset);
    *dset = -1;
  }
  return st;
}

static ar_status read_field(hid_t file, const char *path, ckpt_state *state, const ckpt_field *f,
                            MPI_Comm comm, ckpt_problem *problem) {
  int rank = 0, rounds = 0;
  ar_status rank_st = ar_comm_rank_size(comm, &rank, NULL);
  if (rank_st != AR_OK) return rank_st;
  int npieces = ckpt_field_npieces(state, f, rank, 1);
  hid_t dset;
  ar_status st = open_field(file, path, f, &dset, problem);
  if (st == AR_OK) {
    st = ar_mpi_check(MPI_Allreduce(&npieces, &rounds, 1, MPI_INT, MPI_MAX, comm),
                      "MPI_Allreduce of the number of transfers");
    if (st != AR_OK) *problem = CKPT_PROBLEM_OTHER;
  }
  st = agree_problem(st, problem, comm);
  if (st != AR_OK) {
    if (dset >= 0) H5Dclose(dset);
    return st;
  }
  int64_t stored = -1;
  if (!h5u_attr_exists(dset, "crc32"))
    st = fail_as(problem, CKPT_PROBLEM_DAMAGED,
                 ar_fail(AR_ERR_INPUT, "%s: dataset %s has no crc32 attribute", path, f->path));
  else if (h5u_attr_read_i64(dset, "crc32", &stored) != AR_OK)
    st = fail_as(problem, CKPT_PROBLEM_DAMAGED, AR_ERR_INPUT);
  /* One collective transfer per round, as written; the CRC of the rank's block is chained from
   * its pieces and the blocks combined in global order. */
  uint64_t row_bytes = ckpt_field_row_bytes(f);
  uint64_t block_offset = 0, block_len = 0;
  uint32_t local = 0, whole = 0;
  for (int k = 0; k < rounds; k++) {
    ckpt_piece p = ckpt_field_piece(state, f, rank, 1, k);
    ar_status rst = h5u_read_rows(dset, f->type, p.first, p.count, p.data);
    if (st == AR_OK && rst != AR_OK) st = fail_as(problem, CKPT_PROBLEM_DAMAGED, rst);
    uint64_t bytes = p.count * row_bytes;
    if (k == 0) block_offset = p.first * row_bytes;
    local = ckpt_crc32_combine(local, ckpt_crc32(p.data, bytes), bytes);
    block_len += bytes;
  }
  H5Dclose(dset);
  st = agree_problem(st, problem, comm);
  if (st != AR_OK) return st;

  if (f->distributed) {
    st = ckpt_crc_combine_blocks(block_offset, block_len, local, ckpt_field_bytes(f), comm, f->path,
                                 &whole);
    if (st != AR_OK) *problem = CKPT_PROBLEM_OTHER;
  } else {
    whole = local; /* every rank read the whole array */
  }
  if (st == AR_OK && (int64_t)whole != stored)
    st = fail_as(problem, CKPT_PROBLEM_DAMAGED,
                 ar_fail(AR_ERR_INPUT,
                         "%s: dataset %s is damaged: CRC-32 %08llx, the file records %08llx", path,
                         f->path, (unsigned long long)whole, (unsigned long long)stored));
  return agree_problem(st, problem, comm);
}

/* Root attributes that say whether the file may be continued from: format, complete mark, match
 * with this run (NULL strings: not compared). */
static ar_status read_header(hid_t file, const char *path, const char *input_checksum,
                             const char *search_parameters, int force, FILE *report, MPI_Comm comm,
                             ckpt_problem *problem) {
  ar_status st = ckpt_header_check(file, path, problem);
  if (st != AR_OK) return st;

  enum { TEXT_MAX = 65536 };
  char *input = malloc(TEXT_MAX), *search = malloc(TEXT_MAX), *diff = malloc(TEXT_MAX);
  if (!input || !search || !diff) {
    free(input);
    free(search);
    free(diff);
    return fail_as(problem, CKPT_PROBLEM_OTHER,
                   ar_fail(AR_ERR_NOMEM, "%s: out of memory reading attributes", path));
  }
  st = h5u_attr_read_str(file, "input_checksum", input, TEXT_MAX);
  if (st == AR_OK) st = h5u_attr_read_str(file, "search_parameters", search, TEXT_MAX);
  if (st != AR_OK) {
    *problem = CKPT_PROBLEM_DAMAGED;
  } else if (ckpt_match_check(input, search, input_checksum, search_parameters, diff, TEXT_MAX) >
             0) {
    int rank = 0;
    (void)ar_comm_rank_size(comm, &rank, NULL); /* only chooses who prints; 0 on failure */
    if (!force) {
      st = fail_as(problem, CKPT_PROBLEM_OTHER_RUN,
                   ar_fail(AR_ERR_INPUT,
                           "%s was made by another run: %s (start without --resume, use another "
                           "--checkpoint-dir, or --resume-force to continue anyway)",
                           path, diff));
    } else if (rank == 0 && report) {
      fprintf(report, "antroute: warning: --resume-force: continuing from %s although %s\n", path,
              diff);
      fflush(report);
    }
  }
  free(input);
  free(search);
  free(diff);
  return st;
}

/* Root attributes of the position: epoch, iteration, the parts' scalars. */
static ar_status read_position(hid_t file, const char *path, ckpt_state *state,
                               ckpt_problem *problem) {
  ar_status st = h5u_attr_read_i64(file, "epoch", &state->epoch);
  if (st == AR_OK) st = h5u_attr_read_i64(file, "iteration", &state->iteration);
  if (st != AR_OK) return fail_as(problem, CKPT_PROBLEM_DAMAGED, st);
  for (int i = 0; i < ckpt_state_nscalars(state) && st == AR_OK; i++) {
    ckpt_scalar *s = ckpt_state_scalar(state, i);
    if (!h5u_attr_exists(file, s->name))
      return fail_as(problem, CKPT_PROBLEM_MISMATCH,
                     ar_fail(AR_ERR_INPUT, "%s: attribute '%s' is missing", path, s->name));
    st = s->kind == CKPT_SCALAR_I64 ? h5u_attr_read_i64(file, s->name, &s->i64)
                                    : h5u_attr_read_f64(file, s->name, &s->f64);
    if (st != AR_OK) *problem = CKPT_PROBLEM_MISMATCH;
  }
  return st;
}

/* Collective: opens path on every rank (AR_OK and *file, or the agreed failure and *problem). */
static ar_status open_checkpoint(const char *path, MPI_Comm comm, hid_t *file,
                                 ckpt_problem *problem) {
  ar_status st = AR_OK;
  *file = -1;
  struct stat sb;
  if (stat(path, &sb) != 0 && errno == ENOENT) {
    *problem = CKPT_PROBLEM_MISSING;
    st = ar_fail(AR_ERR_IO, "checkpoint %s does not exist", path);
  }
  if (st == AR_OK) {
    st = h5u_open_read(path, comm, file);
    if (st != AR_OK) *problem = CKPT_PROBLEM_DAMAGED;
    if (st == AR_ERR_IO) st = AR_ERR_INPUT;
  }
  st = agree_problem(st, problem, comm);
  if (st != AR_OK) {
    h5u_close(*file);
    *file = -1;
  }
  return st;
}

ar_status ckpt_match(const char *path, const char *input_checksum, const char *search_parameters,
                     int force, FILE *report, MPI_Comm comm, ckpt_problem *problem) {
  *problem = CKPT_PROBLEM_NONE;
  hid_t file;
  ar_status st = open_checkpoint(path, comm, &file, problem);
  if (st != AR_OK) return st;
  st = read_header(file, path, input_checksum, search_parameters, force, report, comm, problem);
  h5u_close(file);
  st = agree_problem(st, problem, comm);
  if (st == AR_OK) *problem = CKPT_PROBLEM_NONE;
  return st;
}

ar_status ckpt_read(const char *path, ckpt_state *state, int force, FILE *report, MPI_Comm comm,
                    ckpt_problem *problem) {
  *problem = CKPT_PROBLEM_NONE;
  ar_status st = ckpt_state_check(state);
  if (st != AR_OK) *problem = CKPT_PROBLEM_OTHER;
  st = agree_problem(st, problem, comm);
  if (st != AR_OK) return st;

  hid_t file = -1;
  st = open_checkpoint(path, comm, &file, problem);
  if (st != AR_OK) return st;
  st = read_header(file, path, state->input_checksum, state->search_parameters, force, report, comm,
                   problem);
  if (st == AR_OK) st = read_position(file, path, state, problem);
  st = agree_problem(st, problem, comm);
  /* Parts size their shape-dependent fields (a record per epoch) from what was just read. */
  for (int p = 0; p < state->nparts && st == AR_OK; p++) {
    ckpt_part *part = state->parts[p];
    st = part->shape ? part->shape(part->owner, state) : AR_OK;
    if (st != AR_OK) *problem = CKPT_PROBLEM_DAMAGED;
    if (st == AR_OK) st = ckpt_state_check(state);
    if (st != AR_OK && *problem == CKPT_PROBLEM_NONE) *problem = CKPT_PROBLEM_OTHER;
    st = agree_problem(st, problem, comm);
  }
  for (int i = 0; i < ckpt_state_nfields(state) && st == AR_OK; i++)
    st = read_field(file, path, state, ckpt_state_field(state, i), comm, problem);
  if (H5Fclose(file) < 0 && st == AR_OK) {
    *problem = CKPT_PROBLEM_DAMAGED;
    st = ar_fail(AR_ERR_INPUT, "%s: cannot close (%s)", path, h5u_error_detail());
  }
  st = agree_problem(st, problem, comm);
  /* Each part moves the data into its state and checks them against each other: a file whose
   * checksums hold but whose contents contradict themselves is damaged. */
  for (int p = 0; p < state->nparts && st == AR_OK; p++) {
    ckpt_part *part = state->parts[p];
    st = part->restore ? part->restore(part->owner, state) : AR_OK;
    if (st != AR_OK) {
      *problem = st == AR_ERR_INPUT ? CKPT_PROBLEM_DAMAGED : CKPT_PROBLEM_OTHER;
      ar_error_prefix("%s", path);
    }
    st = agree_problem(st, problem, comm);
  }
  if (st == AR_OK) *problem = CKPT_PROBLEM_NONE;
  return st;
}
