/* SPDX-License-Identifier: BSD-3-Clause */
/* h5u: error-checked HDF5 helpers shared by every file antroute reads or writes.
 *
 * Every function checks each HDF5 (and MPI) return and reports failures through ar_fail() with a
 * message naming the file and the dataset or attribute. Files are opened with the MPI-IO driver on
 * the given communicator, with collective metadata operations and collective transfers, so every
 * rank can read the same file together (pass MPI_COMM_SELF for a one-process tool).
 *
 * Outputs are never written in place: h5u_output_create() writes PATH.tmp, h5u_output_commit()
 * flushes, closes, waits for every rank, and rank 0 renames it onto PATH and fsyncs the directory.
 * A failed or interrupted run therefore never leaves a half-written file under the final name.
 */
#ifndef AR_H5U_H
#define AR_H5U_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>

#include "ar_error.h"

enum { H5U_PATH_MAX = 4096 };

/* Turns off HDF5's automatic error printing (we report errors ourselves). AR_ERR_HDF5 if HDF5
 * refuses. */
ar_status h5u_init(void);

/* "1.10.8 (parallel)": the HDF5 library this process runs with. Needs no h5u_init. */
void h5u_library_version(char *buf, size_t cap);

/* The innermost message on HDF5's error stack ("" if none), for adding detail to our message. */
const char *h5u_error_detail(void);

/* --- Files ------------------------------------------------------------------------------------ */

typedef struct {
  hid_t file;
  MPI_Comm comm;
  char path[H5U_PATH_MAX];     /* final name (the target, when the path given was a link) */
  char tmp_path[H5U_PATH_MAX]; /* name written to until commit */
  int saved_stderr;            /* stderr while the file is open (-1: not muted) */
  int tmp_slot;                /* tmp_path's slot in the signal registry (ar_signal.h), or -1 */
  int backup; /* set by the caller after create: publish keeps an existing PATH as #PATH.N# */
} h5u_output;

/* Collectively creates PATH.tmp (truncating an old one) on comm. An output follows the rule of
 * ar_path.h: a symbolic link is followed (its target is written, through TARGET.tmp), anything
 * but a regular file is refused (AR_ERR_USAGE). Until the file is closed, stderr points at
 * /dev/null (MPI-IO prints its own line on a failed write, e.g. Open MPI's
 * "mca_fbtl_posix_pwritev: error in writev" on a full disk; our message says what happened), and
 * PATH.tmp is registered to be removed if a signal ends the process. */
ar_status h5u_output_create(h5u_output *out, const char *path, MPI_Comm comm);

/* Collective, before a long run whose output is created only at its end (solve): rank 0 proves
 * that PATH.tmp can be created (the output rule, the folder, permissions, a read-only file
 * system) by creating it and removing it at once, so no .tmp is left while the run goes on and a
 * stale PATH.tmp of an earlier run killed by SIGKILL is removed. Every rank learns the outcome:
 * AR_ERR_USAGE (the rule), AR_ERR_IO naming the path and why. */
ar_status h5u_output_probe(const char *path, MPI_Comm comm);
/* The same in HDF5's latest file format (1.10), whose metadata (superblock, object headers with
 * their attributes, indexes) carries checksums that HDF5 verifies on every read: damage to the
 * file's own structures is then reported as such instead of being decoded (checkpoints); its
 * groups keep up to 1,000 links and attributes in their object headers, not in a heap without
 * checksums (h5u_group_create() follows the file), written
 * through `tmp` (in path's folder; NULL: PATH.tmp). Fails as h5u_output_create() (AR_ERR_USAGE,
 * AR_ERR_IO, AR_ERR_HDF5). */
ar_status h5u_output_create_latest(h5u_output *out, const char *path, const char *tmp,
                                   MPI_Comm comm);
/* Flushes and closes, barrier, rank 0 renames onto the final path and fsyncs the directory.
 * The same as h5u_output_close() then h5u_output_publish(). Fails as they do (AR_ERR_IO naming the
 * file; every rank learns it). */
ar_status h5u_output_commit(h5u_output *out);
/* Flushes (MPI_File_sync: the data reaches the disk) and closes the temporary file; every rank
 * agrees on the outcome (the allreduce is the barrier). On failure removes the temporary file and
 * returns AR_ERR_IO; the final path is untouched. */
ar_status h5u_output_close(h5u_output *out);
/* After h5u_output_close(): rank 0 renames the temporary file onto the final path (only when that
 * is missing or a regular file, else the temporary file is removed and AR_ERR_IO names what is
 * there) and fsyncs the directory; every rank learns the outcome. With out->backup, an existing
 * final file is first kept under a backup name, said on stdout (ar_backup.h); when that fails,
 * the temporary file is removed and AR_ERR_IO says why (the old file is untouched). */
ar_status h5u_output_publish(h5u_output *out);
/* Removes and closes the temporary file (after a failure every rank agreed on: collective);
 * never touches the final path. */
void h5u_output_abort(h5u_output *out);

/* Collectively opens an existing file read-only. Distinguishes "no such file" (AR_ERR_IO),
 * "not an HDF5 file" (AR_ERR_INPUT) and a damaged or truncated one (AR_ERR_INPUT). */
ar_status h5u_open_read(const char *path, MPI_Comm comm, hid_t *file);
/* Closes a file opened with h5u_open_read(). Nothing was written to it, so a failing close loses
 * nothing and is not reported. (Outputs close through h5u_output_close, which checks.) */
void h5u_close(hid_t file);

/* fsyncs the directory that holds path (after a rename). AR_ERR_IO naming the directory when it
 * cannot be opened or synced. */
ar_status h5u_fsync_dir(const char *path);

/* --- Attributes ------------------------------------------------------------------------------- */

/* Each: AR_ERR_HDF5 naming the file and the attribute. */
ar_status h5u_attr_write_str(hid_t loc, const char *name, const char *value);
ar_status h5u_attr_write_i64(hid_t loc, const char *name, int64_t value);
ar_status h5u_attr_write_f64(hid_t loc, const char *name, double value);
/* A string attribute on dataset `dataset` under loc (e.g. the column names of a table). AR_ERR_HDF5
 * naming the file, the dataset and the attribute. */
ar_status h5u_dataset_attr_write_str(hid_t loc, const char *dataset, const char *name,
                                     const char *value);
int h5u_attr_exists(hid_t loc, const char *name);
/* Reads a string attribute (fixed or variable length) into buf; error if missing or not a string.
 */
ar_status h5u_attr_read_str(hid_t loc, const char *name, char *buf, size_t cap);
ar_status h5u_attr_read_i64(hid_t loc, const char *name, int64_t *value);
ar_status h5u_attr_read_f64(hid_t loc, const char *name, double *value);

/* --- Groups ----------------------------------------------------------------------------------- */

/* h5u_group_create: AR_ERR_IO naming the file and the group.
 * h5u_group_open: AR_ERR_INPUT naming the file and the missing group. */
ar_status h5u_group_create(hid_t loc, const char *name, hid_t *group);
ar_status h5u_group_open(hid_t loc, const char *name, hid_t *group);
int h5u_link_exists(hid_t loc, const char *path); /* each component checked in turn */

/* Closes a group (or dataset) that was written to, whose close may still write: returns st
 * unchanged when it is a failure already (the object is closed anyway), else AR_OK, or AR_ERR_IO
 * naming the file and the object when the close fails. A negative id is skipped. Objects only
 * read, and dataspaces, datatypes and property lists, are closed with the plain H5?close calls,
 * unchecked: their failure loses nothing. */
ar_status h5u_group_close(hid_t group, ar_status st);
ar_status h5u_dataset_close(hid_t dset, ar_status st);

/* --- Datasets --------------------------------------------------------------------------------- */

/* Creates dataset `name` of memtype's kind with the given shape and writes it collectively. Every
 * rank of the file's communicator calls it; only ranks with data != NULL write (the same array on
 * each, or just one rank with the data). `units` and `description` become attributes when not
 * NULL. rank is 1 or 2. AR_ERR_IO naming the file and the dataset when the write fails (a full
 * disk), AR_ERR_HDF5, AR_ERR_INTERNAL for a bad rank, AR_ERR_MPI. */
ar_status h5u_write(hid_t loc, const char *name, hid_t memtype, int rank, const hsize_t *dims,
                    const void *data, const char *units, const char *description);

/* Writes n fixed-length strings (h5py reads them as bytes). Same collective rules as h5u_write.
 * Fails as h5u_write; AR_ERR_NOMEM. */
ar_status h5u_write_strings(hid_t loc, const char *name, const char *const *strings, hsize_t n,
                            const char *description);

/* --- Row blocks (datasets distributed over ranks along dimension 0) ----------------------------
 */

enum { H5U_MAX_RANK = 8 };

/* Collectively creates dataset `path` (intermediate groups are created as needed) of the given
 * native type and shape, stored contiguously (no chunking, best for collective MPI-IO), and
 * returns it open in *dset (close with H5Dclose). rank is 1..H5U_MAX_RANK. AR_ERR_IO naming the
 * file and the dataset; AR_ERR_INTERNAL for a rank out of range. */
ar_status h5u_dataset_create(hid_t loc, const char *path, hid_t type, int rank, const hsize_t *dims,
                             hid_t *dset);

/* Collectively writes rows [first, first+count) of dimension 0 from data (count whole rows, in
 * row-major order). Every rank of the file's communicator calls it, each with its own rows;
 * count may be 0 (data is then ignored). Fails with AR_ERR_IO naming the file and dataset. */
ar_status h5u_write_rows(hid_t dset, hid_t memtype, hsize_t first, hsize_t count, const void *data);

/* Collectively reads rows [first, first+count) of dimension 0 into data; count may be 0. Fails
 * with AR_ERR_INPUT when the rows are outside the dataset or cannot be read. */
ar_status h5u_read_rows(hid_t dset, hid_t memtype, hsize_t first, hsize_t count, void *data);

/* The communicator of an MPI-IO file (a duplicate: free it with h5u_comm_free), or
 * MPI_COMM_SELF for a file opened with another driver. AR_ERR_HDF5 naming the file when HDF5
 * cannot say (*comm is then MPI_COMM_SELF). */
ar_status h5u_file_comm(hid_t loc, MPI_Comm *comm);
/* Frees a communicator of h5u_file_comm (MPI_COMM_SELF and MPI_COMM_WORLD are kept); *comm
 * becomes MPI_COMM_NULL. AR_ERR_MPI when MPI_Comm_free fails. */
ar_status h5u_comm_free(MPI_Comm *comm);

/* AR_ERR_INPUT naming the file and path when a dataset claims more elements than its storage
 * holds: chunks never written, fewer bytes allocated than an unfiltered dataset's elements need,
 * more storage than the file has (truncated), or data in other files (virtual or external
 * storage). Call before allocating for a dataset's contents; h5u_read() and h5u_read_strings()
 * do. Collective on the file's communicator (reads metadata). */
ar_status h5u_dataset_check_storage(hid_t dset, const char *path);

/* Reads a whole dataset collectively (every rank gets all of it) after checking that it exists,
 * has expect_rank dimensions, holds numbers of the same class as memtype (integer or float) and
 * has at most max_elems elements (no giant allocation from a lying file). dims receives the
 * shape; *data is malloc'ed (caller frees; NULL for an empty dataset). AR_ERR_INPUT naming the file
 * and the dataset (missing, wrong rank, class or size, unreadable); AR_ERR_NOMEM; AR_ERR_INTERNAL
 * for a bad expect_rank. */
ar_status h5u_read(hid_t loc, const char *path, hid_t memtype, int expect_rank, hsize_t *dims,
                   uint64_t max_elems, void **data);

/* Reads a 1-D string dataset (fixed-length or variable-length, ASCII or UTF-8) into an array of
 * n malloc'ed strings (free with h5u_free_strings). AR_ERR_INPUT naming the file and the dataset
 * (missing, not strings, too many, unreadable); AR_ERR_NOMEM. */
ar_status h5u_read_strings(hid_t loc, const char *path, uint64_t max_elems, hsize_t *n,
                           char ***strings);
void h5u_free_strings(char **strings, hsize_t n);

/* The name of the file that holds loc, for messages (static buffer per thread). */
const char *h5u_file_name(hid_t loc);

#endif
