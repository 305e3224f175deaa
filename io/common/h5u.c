/* SPDX-License-Identifier: BSD-3-Clause */
/* h5u: error-checked HDF5 helpers (files, attributes, groups, datasets). */
#include "h5u.h"

#include "ar_backup.h"

#include "ar_agree.h"
#include "ar_hooks.h"
#include "ar_path.h"
#include "ar_signal.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static _Thread_local char detail_text[512];
static _Thread_local char file_name_text[H5U_PATH_MAX];

ar_status h5u_init(void) {
  if (H5Eset_auto2(H5E_DEFAULT, NULL, NULL) < 0)
    return ar_fail(AR_ERR_HDF5, "H5Eset_auto2: cannot turn off HDF5's own error printing");
  return AR_OK;
}

static herr_t detail_walk(unsigned n, const H5E_error2_t *err, void *data) {
  (void)data;
  if (n == 0 && err->desc) snprintf(detail_text, sizeof detail_text, "%s", err->desc);
  return 0;
}

const char *h5u_error_detail(void) {
  detail_text[0] = '\0';
  if (H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, detail_walk, NULL) < 0) detail_text[0] = '\0';
  return detail_text;
}

const char *h5u_file_name(hid_t loc) {
  if (H5Fget_name(loc, file_name_text, sizeof file_name_text) < 0)
    snprintf(file_name_text, sizeof file_name_text, "(HDF5 file)");
  return file_name_text;
}

/* A file-access property list for the MPI-IO driver with collective metadata. */
static hid_t mpio_fapl(MPI_Comm comm) {
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  if (fapl < 0) return -1;
  if (H5Pset_fapl_mpio(fapl, comm, MPI_INFO_NULL) < 0 ||
      H5Pset_all_coll_metadata_ops(fapl, 1) < 0 || H5Pset_coll_metadata_write(fapl, 1) < 0) {
    H5Pclose(fapl);
    return -1;
  }
  return fapl;
}

static hid_t collective_dxpl(void) {
  hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
  if (dxpl < 0) return -1;
  if (H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE) < 0) {
    H5Pclose(dxpl);
    return -1;
  }
  return dxpl;
}

static ar_status output_create(h5u_output *out, const char *path, const char *tmp, MPI_Comm comm,
                               int latest);

ar_status h5u_output_create(h5u_output *out, const char *path, MPI_Comm comm) {
  return output_create(out, path, NULL, comm, 0);
}

ar_status h5u_output_create_latest(h5u_output *out, const char *path, const char *tmp,
                                   MPI_Comm comm) {
  return output_create(out, path, tmp, comm, 1);
}

/* stderr to /dev/null until stderr_restore (the returned descriptor; -1: nothing to restore). */
static int stderr_mute(void) {
  fflush(stderr);
  int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (saved >= 0 && null >= 0 && dup2(null, STDERR_FILENO) < 0) {
    close(saved);
    saved = -1;
  }
  if (null >= 0) close(null);
  ar_signal_message_fd(saved); /* a signal's last words still reach the user */
  return saved;
}

static void stderr_restore(int *saved) {
  if (*saved < 0) return;
  fflush(stderr);
  ar_signal_message_fd(-1);
  dup2(*saved, STDERR_FILENO);
  close(*saved);
  *saved = -1;
}

/* out's names: the target of path (the output rule) and TARGET.tmp (or tmp when given). */
static ar_status output_names(h5u_output *out, const char *path, const char *tmp) {
  ar_status st = ar_output_resolve(path, NULL, out->path, sizeof out->path);
  if (st != AR_OK) return st;
  if (snprintf(out->tmp_path, sizeof out->tmp_path, "%s%s", tmp ? tmp : out->path,
               tmp ? "" : ".tmp") >= (int)sizeof out->tmp_path)
    return ar_fail(AR_ERR_USAGE, "output path too long: %s", path);
  /* errno after a failed H5Fcreate is not reliable: check the folder ourselves first, so the
   * message says what is wrong ("No such file or directory", "Permission denied"). */
  char dir_copy[H5U_PATH_MAX];
  snprintf(dir_copy, sizeof dir_copy, "%s", out->path);
  const char *dir = dirname(dir_copy);
  if (access(dir, W_OK | X_OK) != 0)
    return ar_fail(AR_ERR_IO, "cannot create %s: folder %s: %s", out->tmp_path, dir,
                   strerror(errno));
  return AR_OK;
}

/* HDF5 writes its metadata when the file is closed, also when a write failed and the file is
 * given up: on a file system with no room at all that close fails, the file stays open in HDF5,
 * and HDF5 crashes closing it again inside MPI_Finalize (seen with HDF5 1.10 on a full tmpfs).
 * So an output is not started on a file system with less than this free (rank 0 decides). */
enum { OUTPUT_MIN_FREE = 64 << 10 };

/* Rank 0: AR_ERR_IO when the file system of out's folder has less than OUTPUT_MIN_FREE free. */
static ar_status room_here(const h5u_output *out) {
  char dir_copy[H5U_PATH_MAX];
  snprintf(dir_copy, sizeof dir_copy, "%s", out->path);
  struct statvfs vfs;
  if (statvfs(dirname(dir_copy), &vfs) != 0) return AR_OK; /* unknown: the write will tell */
  unsigned long long free_bytes = (unsigned long long)vfs.f_bavail * vfs.f_frsize;
  if (free_bytes >= OUTPUT_MIN_FREE) return AR_OK;
  return ar_fail(AR_ERR_IO,
                 "cannot write %s: its file system has %llu bytes free (disk full?); %s left "
                 "untouched",
                 out->tmp_path, free_bytes, out->path);
}

/* Collective: room_here() on rank 0, every rank learns it (before the collective create). */
static ar_status room_check(const h5u_output *out, MPI_Comm comm) {
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st == AR_OK && rank == 0) st = room_here(out);
  return ar_agree(comm, st);
}

ar_status h5u_output_probe(const char *path, MPI_Comm comm) {
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st == AR_OK && rank == 0) {
    h5u_output names;
    st = output_names(&names, path, NULL);
    if (st == AR_OK) st = room_here(&names);
    if (st == AR_OK) {
      int fd = open(names.tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
      if (fd < 0)
        st = ar_fail(AR_ERR_IO, "cannot create %s: %s", names.tmp_path, strerror(errno));
      else {
        close(fd);
        unlink(names.tmp_path);
      }
    }
  }
  return ar_agree(comm, st);
}

/* In the latest format a group of more than 8 links, or an object of more than 8 attributes,
 * keeps them in a fractal heap whose blocks carry no checksum, and HDF5 1.10 decodes damage there
 * into faults of its own (a checkpoint's /colonies and root group did: issue #19's fuzz_ckpt).
 * Up to this many they stay in the object header, which is checksummed, so damage is reported as
 * such. The file's creation list holds it for the root group; h5u_group_create() copies it. */
enum { H5U_COMPACT_MAX = 1000, H5U_DENSE_MIN = 900 };

static hid_t compact_fcpl(int latest) {
  if (!latest) return H5P_DEFAULT;
  hid_t fcpl = H5Pcreate(H5P_FILE_CREATE);
  if (fcpl >= 0 && (H5Pset_link_phase_change(fcpl, H5U_COMPACT_MAX, H5U_DENSE_MIN) < 0 ||
                    H5Pset_attr_phase_change(fcpl, H5U_COMPACT_MAX, H5U_DENSE_MIN) < 0)) {
    H5Pclose(fcpl);
    fcpl = -1;
  }
  return fcpl;
}

static ar_status output_create(h5u_output *out, const char *path, const char *tmp, MPI_Comm comm,
                               int latest) {
  out->file = -1;
  out->comm = comm;
  out->saved_stderr = -1;
  out->tmp_slot = -1;
  out->backup = 0;
  out->path[0] = out->tmp_path[0] = '\0'; /* h5u_output_abort() removes nothing then */
  ar_status st = output_names(out, path, tmp);
  if (st != AR_OK) out->tmp_path[0] = '\0';
  if (st == AR_OK) st = room_check(out, comm);
  if (st != AR_OK) return st;
  hid_t fapl = mpio_fapl(comm);
  if (fapl >= 0 && latest && H5Pset_libver_bounds(fapl, H5F_LIBVER_LATEST, H5F_LIBVER_LATEST) < 0) {
    H5Pclose(fapl);
    fapl = -1;
  }
  if (fapl < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot set up the MPI-IO driver", path);
  hid_t fcpl = compact_fcpl(latest);
  if (fcpl < 0) {
    H5Pclose(fapl);
    return ar_fail(AR_ERR_HDF5, "%s: cannot set up the file's creation properties", path);
  }
  int rank = 0;
  if (MPI_Comm_rank(comm, &rank) == MPI_SUCCESS && rank == 0)
    out->tmp_slot = ar_signal_tmp_add(out->tmp_path);
  out->saved_stderr = stderr_mute();
  out->file = H5Fcreate(out->tmp_path, H5F_ACC_TRUNC, fcpl, fapl);
  H5Pclose(fapl);
  if (fcpl != H5P_DEFAULT) H5Pclose(fcpl);
  if (out->file < 0) {
    stderr_restore(&out->saved_stderr);
    ar_signal_tmp_remove(out->tmp_slot);
    out->tmp_slot = -1;
    return ar_fail(AR_ERR_IO, "cannot create %s (%s)", out->tmp_path, h5u_error_detail());
  }
  ar_hook_pause(AR_PAUSE_OUTPUT);
  return AR_OK;
}

ar_status h5u_fsync_dir(const char *path) {
  char copy[H5U_PATH_MAX];
  snprintf(copy, sizeof copy, "%s", path);
  const char *dir = dirname(copy);
  int fd = open(dir, O_RDONLY | O_DIRECTORY);
  if (fd < 0) return ar_fail(AR_ERR_IO, "cannot open directory %s: %s", dir, strerror(errno));
  int rc = fsync(fd);
  int err = errno;
  close(fd);
  /* Some file systems refuse fsync on directories; that is not a failure of ours. */
  if (rc != 0 && err != EINVAL && err != EROFS)
    return ar_fail(AR_ERR_IO, "cannot fsync directory %s: %s", dir, strerror(err));
  return AR_OK;
}

ar_status h5u_output_close(h5u_output *out) {
  int ok = 1;
  if (H5Fflush(out->file, H5F_SCOPE_GLOBAL) < 0) ok = 0;
  if (H5Fclose(out->file) < 0) ok = 0;
  out->file = -1;
  stderr_restore(&out->saved_stderr);
  int all_ok = 0;
  ar_status st = ar_mpi_check(MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, out->comm),
                              "MPI_Allreduce of whether every rank closed the output");
  if (st != AR_OK) {
    ar_error_prefix("%s", out->tmp_path);
    return st;
  }
  if (!all_ok) {
    h5u_output_abort(out);
    return ar_fail(AR_ERR_IO, "%s: writing or closing failed (disk full?); %s left untouched",
                   out->tmp_path, out->path);
  }
  return AR_OK;
}

ar_status h5u_output_publish(h5u_output *out) {
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(out->comm, &rank), "MPI_Comm_rank");
  if (st != AR_OK) return st;
  int renamed = 1;
  char why[256] = "";
  if (rank == 0) {
    /* Never over anything but a regular file (a FIFO or a device put there meanwhile). */
    if (ar_output_replaceable(out->path) != AR_OK) {
      renamed = 0;
      snprintf(why, sizeof why, "%s", ar_error_message());
      (void)unlink(out->tmp_path);
    } else if (out->backup && ar_backup_existing(out->path, stdout) != AR_OK) {
      renamed = 0;
      snprintf(why, sizeof why, "%s", ar_error_message());
      (void)unlink(out->tmp_path);
    } else if (rename(out->tmp_path, out->path) != 0) {
      renamed = 0;
      snprintf(why, sizeof why, "%s", strerror(errno));
    } else if (h5u_fsync_dir(out->path) != AR_OK) {
      renamed = 0;
      snprintf(why, sizeof why, "%s", ar_error_message());
    }
  }
  ar_signal_tmp_remove(out->tmp_slot);
  out->tmp_slot = -1;
  st = ar_mpi_check(MPI_Bcast(&renamed, 1, MPI_INT, 0, out->comm),
                    "MPI_Bcast of whether the output was renamed");
  if (st != AR_OK) {
    ar_error_prefix("%s", out->path);
    return st;
  }
  if (!renamed)
    return ar_fail(AR_ERR_IO, "cannot rename %s to %s: %s", out->tmp_path, out->path,
                   rank == 0 ? why : "see rank 0");
  return AR_OK;
}

ar_status h5u_output_commit(h5u_output *out) {
  ar_status st = h5u_output_close(out);
  return st == AR_OK ? h5u_output_publish(out) : st;
}

/* Closes every dataset, group, named type and attribute of file still open (after a failure). */
static void close_open_objects(hid_t file) {
  const unsigned kinds =
      H5F_OBJ_DATASET | H5F_OBJ_GROUP | H5F_OBJ_DATATYPE | H5F_OBJ_ATTR | H5F_OBJ_LOCAL;
  ssize_t n = H5Fget_obj_count(file, kinds);
  hid_t *ids = n > 0 ? malloc((size_t)n * sizeof *ids) : NULL;
  if (ids) n = H5Fget_obj_ids(file, kinds, (size_t)n, ids);
  for (ssize_t i = 0; ids && i < n; i++) {
    switch (H5Iget_type(ids[i])) {
    case H5I_DATASET: (void)H5Dclose(ids[i]); break;
    case H5I_GROUP: (void)H5Gclose(ids[i]); break;
    case H5I_DATATYPE: (void)H5Tclose(ids[i]); break;
    case H5I_ATTR: (void)H5Aclose(ids[i]); break;
    default: break;
    }
  }
  free(ids);
}

void h5u_output_abort(h5u_output *out) {
  /* After a failure every rank agreed on: what fails here cannot lose more than that failure
   * already did, and the caller reports that one, so these returns are deliberately dropped. */
  int rank = 0;
  if (MPI_Comm_rank(out->comm, &rank) != MPI_SUCCESS) rank = -1;
  /* The temporary file goes first: on a full disk, closing flushes HDF5's metadata, and a flush
   * that fails on the rank that writes it (but not on the others) makes the ranks part ways
   * inside H5Fclose and wait for each other forever. Emptying the file frees the space, so the
   * flush succeeds (into the unlinked file), on every rank alike. */
  if (rank == 0 && out->tmp_path[0]) {
    if (truncate(out->tmp_path, 0) != 0) { /* nothing to free: it may not exist */
    }
    (void)unlink(out->tmp_path);
  }
  if (out->file >= 0) {
    (void)MPI_Barrier(out->comm);
    /* Objects a failed write left open (a dataset whose close could not flush on a full disk)
     * would keep the file open, and HDF5 would crash closing it inside MPI_Finalize. */
    close_open_objects(out->file);
    (void)H5Fclose(out->file);
  }
  out->file = -1;
  stderr_restore(&out->saved_stderr);
  ar_signal_tmp_remove(out->tmp_slot);
  out->tmp_slot = -1;
}

ar_status h5u_open_read(const char *path, MPI_Comm comm, hid_t *file) {
  *file = -1;
  /* A FIFO or a device is refused before HDF5 opens it (a FIFO without a writer waits forever,
   * and its size 0 would read as an empty file). */
  ar_status checked = ar_input_check(path, NULL);
  if (checked != AR_OK) return checked;
  struct stat sb;
  if (stat(path, &sb) != 0) return ar_fail(AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  if (sb.st_size == 0) return ar_fail(AR_ERR_INPUT, "%s is empty, not an HDF5 file", path);
  htri_t is = H5Fis_hdf5(path);
  if (is == 0) return ar_fail(AR_ERR_INPUT, "%s is not an HDF5 file", path);
  if (is < 0)
    return ar_fail(AR_ERR_INPUT, "%s: cannot read the HDF5 signature (%s)", path,
                   h5u_error_detail());
  hid_t fapl = mpio_fapl(comm);
  if (fapl < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot set up the MPI-IO driver", path);
  *file = H5Fopen(path, H5F_ACC_RDONLY, fapl);
  /* The detail before H5Pclose, which clears HDF5's error stack. */
  char detail[512] = "";
  if (*file < 0) snprintf(detail, sizeof detail, "%s", h5u_error_detail());
  H5Pclose(fapl);
  if (*file < 0)
    return ar_fail(AR_ERR_INPUT, "%s: damaged or truncated HDF5 file (%s)", path, detail);
  return AR_OK;
}

void h5u_close(hid_t file) {
  if (file >= 0) (void)H5Fclose(file); /* read only: a failing close loses nothing */
}

/* --- Attributes ------------------------------------------------------------------------------- */

/* A C string type of `size` bytes (H5T_VARIABLE for variable length), or -1. */
static hid_t string_type(size_t size) {
  hid_t type = H5Tcopy(H5T_C_S1);
  if (type >= 0 && (H5Tset_size(type, size) < 0 ||
                    (size != H5T_VARIABLE && H5Tset_strpad(type, H5T_STR_NULLPAD) < 0))) {
    H5Tclose(type);
    return -1;
  }
  return type;
}

static ar_status attr_write(hid_t loc, const char *name, hid_t type, const void *value) {
  if (H5Aexists(loc, name) > 0 && H5Adelete(loc, name) < 0)
    return ar_fail(AR_ERR_HDF5, "%s: cannot replace attribute %s", h5u_file_name(loc), name);
  hid_t space = H5Screate(H5S_SCALAR);
  if (space < 0) return ar_fail(AR_ERR_HDF5, "H5Screate failed");
  hid_t attr = H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  H5Sclose(space);
  if (attr < 0)
    return ar_fail(AR_ERR_IO, "%s: cannot create attribute %s (%s)", h5u_file_name(loc), name,
                   h5u_error_detail());
  herr_t rc = H5Awrite(attr, type, value);
  if (H5Aclose(attr) < 0) rc = -1; /* a written attribute: its close may still write */
  if (rc < 0)
    return ar_fail(AR_ERR_IO, "%s: cannot write attribute %s (%s)", h5u_file_name(loc), name,
                   h5u_error_detail());
  return AR_OK;
}

ar_status h5u_attr_write_str(hid_t loc, const char *name, const char *value) {
  size_t len = strlen(value);
  hid_t type = string_type(len > 0 ? len : 1);
  if (type < 0) return ar_fail(AR_ERR_HDF5, "cannot make a string type for attribute %s", name);
  char empty[1] = {0};
  ar_status st = attr_write(loc, name, type, len > 0 ? value : empty);
  H5Tclose(type);
  return st;
}

ar_status h5u_attr_write_i64(hid_t loc, const char *name, int64_t value) {
  return attr_write(loc, name, H5T_NATIVE_INT64, &value);
}

ar_status h5u_attr_write_f64(hid_t loc, const char *name, double value) {
  return attr_write(loc, name, H5T_NATIVE_DOUBLE, &value);
}

ar_status h5u_dataset_attr_write_str(hid_t loc, const char *dataset, const char *name,
                                     const char *value) {
  hid_t dset = H5Dopen2(loc, dataset, H5P_DEFAULT);
  if (dset < 0)
    return ar_fail(AR_ERR_HDF5, "%s: cannot reopen dataset %s (%s)", h5u_file_name(loc), dataset,
                   h5u_error_detail());
  return h5u_dataset_close(dset, h5u_attr_write_str(dset, name, value));
}

int h5u_attr_exists(hid_t loc, const char *name) { return H5Aexists(loc, name) > 0; }

static ar_status attr_open_checked(hid_t loc, const char *name, H5T_class_t want, hid_t *attr) {
  if (H5Aexists(loc, name) <= 0)
    return ar_fail(AR_ERR_INPUT, "%s: attribute '%s' is missing", h5u_file_name(loc), name);
  *attr = H5Aopen(loc, name, H5P_DEFAULT);
  if (*attr < 0)
    return ar_fail(AR_ERR_INPUT, "%s: cannot open attribute '%s' (%s)", h5u_file_name(loc), name,
                   h5u_error_detail());
  hid_t type = H5Aget_type(*attr);
  hid_t space = H5Aget_space(*attr);
  H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
  hssize_t npoints = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
  if (type >= 0) H5Tclose(type);
  if (space >= 0) H5Sclose(space);
  if (type < 0 || space < 0 || cls == H5T_NO_CLASS || npoints < 0) {
    H5Aclose(*attr);
    return ar_fail(AR_ERR_INPUT, "%s: cannot read the type and size of attribute %s",
                   h5u_file_name(loc), name);
  }
  if (cls != want || npoints != 1) {
    H5Aclose(*attr);
    return ar_fail(AR_ERR_INPUT, "%s: attribute '%s' has the wrong type or size (want one %s)",
                   h5u_file_name(loc), name,
                   want == H5T_STRING ? "string" : (want == H5T_INTEGER ? "integer" : "float"));
  }
  return AR_OK;
}

/* An attribute that is there but cannot be read is the file's fault (damaged, or of a type that
 * does not convert), not a library failure. */
static ar_status attr_read_failed(hid_t loc, const char *name) {
  return ar_fail(AR_ERR_INPUT, "%s: cannot read attribute '%s' (%s)", h5u_file_name(loc), name,
                 h5u_error_detail());
}

/* Reads a variable-length string attribute into buf, in its stored character set (HDF5
 * converts neither way between ASCII and UTF-8, and h5py writes UTF-8). */
static herr_t attr_read_vlen_str(hid_t attr, H5T_cset_t cset, char *buf, size_t cap) {
  char *value = NULL;
  hid_t mtype = string_type(H5T_VARIABLE);
  herr_t rc = mtype < 0 || H5Tset_cset(mtype, cset) < 0 ? -1 : H5Aread(attr, mtype, &value);
  if (rc >= 0) snprintf(buf, cap, "%s", value ? value : "");
  if (value && H5free_memory(value) < 0) rc = -1;
  if (mtype >= 0) H5Tclose(mtype);
  return rc;
}

/* Reads a fixed-length string attribute of `size` bytes into buf. */
static herr_t attr_read_fixed_str(hid_t attr, size_t size, H5T_cset_t cset, char *buf, size_t cap) {
  char *tmp = calloc(size + 1, 1);
  if (!tmp) return -2;
  /* One byte more than stored: a NULLTERM memory type of the stored size would drop the last
   * character of a NULLPAD string to make room for its terminator. */
  hid_t mtype = H5Tcopy(H5T_C_S1);
  herr_t rc = mtype < 0 || H5Tset_size(mtype, size + 1) < 0 || H5Tset_cset(mtype, cset) < 0
                  ? -1
                  : H5Aread(attr, mtype, tmp);
  if (rc >= 0) snprintf(buf, cap, "%s", tmp);
  free(tmp);
  if (mtype >= 0) H5Tclose(mtype);
  return rc;
}

ar_status h5u_attr_read_str(hid_t loc, const char *name, char *buf, size_t cap) {
  hid_t attr;
  ar_status st = attr_open_checked(loc, name, H5T_STRING, &attr);
  if (st != AR_OK) return st;
  hid_t ftype = H5Aget_type(attr);
  htri_t vlen = ftype >= 0 ? H5Tis_variable_str(ftype) : -1;
  size_t size = ftype >= 0 ? H5Tget_size(ftype) : 0;
  H5T_cset_t cset = ftype >= 0 ? H5Tget_cset(ftype) : H5T_CSET_ERROR;
  herr_t rc = vlen < 0 || cset < 0 || (!vlen && size == 0) ? -1
              : vlen ? attr_read_vlen_str(attr, cset, buf, cap)
                     : attr_read_fixed_str(attr, size, cset, buf, cap);
  if (ftype >= 0) H5Tclose(ftype);
  H5Aclose(attr);
  if (rc == -2) return ar_fail(AR_ERR_NOMEM, "out of memory reading attribute %s", name);
  if (rc < 0) return attr_read_failed(loc, name);
  return AR_OK;
}

ar_status h5u_attr_read_i64(hid_t loc, const char *name, int64_t *value) {
  hid_t attr;
  ar_status st = attr_open_checked(loc, name, H5T_INTEGER, &attr);
  if (st != AR_OK) return st;
  herr_t rc = H5Aread(attr, H5T_NATIVE_INT64, value);
  H5Aclose(attr);
  if (rc < 0) return attr_read_failed(loc, name);
  return AR_OK;
}

ar_status h5u_attr_read_f64(hid_t loc, const char *name, double *value) {
  hid_t attr;
  ar_status st = attr_open_checked(loc, name, H5T_FLOAT, &attr);
  if (st != AR_OK) return st;
  herr_t rc = H5Aread(attr, H5T_NATIVE_DOUBLE, value);
  H5Aclose(attr);
  if (rc < 0) return attr_read_failed(loc, name);
  return AR_OK;
}

/* --- Groups -----------------------------------------------------------------------------------
 */

/* A group creation list with the file's storage policy for links and attributes (the root
 * group's, which output_create() set): the defaults in a file of the default format. */
static hid_t group_create_list(hid_t loc) {
  hid_t file = H5Iget_file_id(loc);
  hid_t fcpl = file >= 0 ? H5Fget_create_plist(file) : -1;
  hid_t gcpl = fcpl >= 0 ? H5Pcreate(H5P_GROUP_CREATE) : -1;
  unsigned link_max = 0, link_min = 0, attr_max = 0, attr_min = 0;
  if (gcpl >= 0 && (H5Pget_link_phase_change(fcpl, &link_max, &link_min) < 0 ||
                    H5Pget_attr_phase_change(fcpl, &attr_max, &attr_min) < 0 ||
                    H5Pset_link_phase_change(gcpl, link_max, link_min) < 0 ||
                    H5Pset_attr_phase_change(gcpl, attr_max, attr_min) < 0)) {
    H5Pclose(gcpl);
    gcpl = -1;
  }
  if (fcpl >= 0) H5Pclose(fcpl);
  if (file >= 0) H5Fclose(file);
  return gcpl;
}

ar_status h5u_group_create(hid_t loc, const char *name, hid_t *group) {
  hid_t gcpl = group_create_list(loc);
  *group = gcpl >= 0 ? H5Gcreate2(loc, name, H5P_DEFAULT, gcpl, H5P_DEFAULT) : -1;
  if (gcpl >= 0) H5Pclose(gcpl);
  if (*group < 0)
    return ar_fail(AR_ERR_IO, "%s: cannot create group %s (%s)", h5u_file_name(loc), name,
                   h5u_error_detail());
  return AR_OK;
}

int h5u_link_exists(hid_t loc, const char *path) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", path);
  /* H5Lexists fails (rather than answering no) when an intermediate group is missing. */
  for (char *p = buf + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    int ok = H5Lexists(loc, buf, H5P_DEFAULT) > 0;
    *p = '/';
    if (!ok) return 0;
  }
  return H5Lexists(loc, buf, H5P_DEFAULT) > 0;
}

/* Closes object id with close(), which may still write; a failure becomes AR_ERR_IO naming the
 * file and the object (`what`: "group", "dataset") unless st is a failure already. */
static ar_status close_written(hid_t id, ar_status st, herr_t (*close)(hid_t), const char *what) {
  if (id < 0) return st;
  char name[512] = "?";
  if (H5Iget_name(id, name, sizeof name) <= 0) snprintf(name, sizeof name, "?");
  char file[H5U_PATH_MAX];
  snprintf(file, sizeof file, "%s", h5u_file_name(id));
  if (close(id) < 0 && st == AR_OK)
    st = ar_fail(AR_ERR_IO, "%s: cannot close %s %s (%s)", file, what, name, h5u_error_detail());
  return st;
}

ar_status h5u_group_close(hid_t group, ar_status st) {
  return close_written(group, st, H5Gclose, "group");
}

ar_status h5u_dataset_close(hid_t dset, ar_status st) {
  return close_written(dset, st, H5Dclose, "dataset");
}

ar_status h5u_group_open(hid_t loc, const char *name, hid_t *group) {
  *group = -1;
  if (!h5u_link_exists(loc, name))
    return ar_fail(AR_ERR_INPUT, "%s: group %s is missing", h5u_file_name(loc), name);
  *group = H5Gopen2(loc, name, H5P_DEFAULT);
  if (*group < 0) return ar_fail(AR_ERR_INPUT, "%s: %s is not a group", h5u_file_name(loc), name);
  return AR_OK;
}

/* --- Datasets ---------------------------------------------------------------------------------
 */

static ar_status write_any(hid_t loc, const char *name, hid_t filetype, hid_t memtype, int rank,
                           const hsize_t *dims, const void *data, const char *units,
                           const char *description) {
  hid_t space = H5Screate_simple(rank, dims, NULL);
  if (space < 0) return ar_fail(AR_ERR_HDF5, "cannot make a dataspace for %s", name);
  hid_t dset = H5Dcreate2(loc, name, filetype, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (dset < 0) {
    H5Sclose(space);
    return ar_fail(AR_ERR_IO, "%s: cannot create dataset %s (%s)", h5u_file_name(loc), name,
                   h5u_error_detail());
  }
  hid_t dxpl = collective_dxpl();
  hid_t memspace = H5Screate_simple(rank, dims, NULL);
  herr_t rc = 0;
  hsize_t count = 1;
  for (int i = 0; i < rank; i++)
    count *= dims[i];
  if (dxpl < 0 || memspace < 0) {
    rc = -1;
  } else if (count == 0) {
    /* An empty dataset: nothing to write (HDF5 refuses a collective write of no elements). */
  } else {
    /* Ranks without the data take part in the collective call with an empty selection. */
    if (!data && (H5Sselect_none(space) < 0 || H5Sselect_none(memspace) < 0)) rc = -1;
    if (rc >= 0) rc = H5Dwrite(dset, memtype, memspace, space, dxpl, data);
  }
  if (dxpl >= 0) H5Pclose(dxpl);
  if (memspace >= 0) H5Sclose(memspace);
  H5Sclose(space);
  ar_status st = AR_OK;
  if (rc < 0)
    st = ar_fail(AR_ERR_IO, "%s: cannot write dataset %s (%s)", h5u_file_name(loc), name,
                 h5u_error_detail());
  if (st == AR_OK && units) st = h5u_attr_write_str(dset, "units", units);
  if (st == AR_OK && description) st = h5u_attr_write_str(dset, "description", description);
  if (H5Dclose(dset) < 0 && st == AR_OK) /* a written dataset: its close may still write */
    st = ar_fail(AR_ERR_IO, "%s: cannot close dataset %s (%s)", h5u_file_name(loc), name,
                 h5u_error_detail());
  return st;
}

ar_status h5u_write(hid_t loc, const char *name, hid_t memtype, int rank, const hsize_t *dims,
                    const void *data, const char *units, const char *description) {
  return write_any(loc, name, memtype, memtype, rank, dims, data, units, description);
}

ar_status h5u_write_strings(hid_t loc, const char *name, const char *const *strings, hsize_t n,
                            const char *description) {
  size_t width = 1;
  int have = strings != NULL;
  for (hsize_t i = 0; have && i < n; i++) {
    size_t len = strlen(strings[i]);
    if (len > width) width = len;
  }
  /* Every rank must agree on the type: take the widest string any rank holds. */
  MPI_Comm comm = MPI_COMM_SELF;
  ar_status st = h5u_file_comm(loc, &comm);
  unsigned long long w = width, wmax = width;
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(&w, &wmax, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm),
                      "MPI_Allreduce of the widest string");
  ar_status free_st = h5u_comm_free(&comm);
  if (st == AR_OK) st = free_st;
  if (st != AR_OK) {
    ar_error_prefix("%s: dataset %s", h5u_file_name(loc), name);
    return st;
  }
  width = (size_t)wmax;
  char *block = NULL;
  if (have) {
    block = calloc(n ? n : 1, width);
    if (!block) return ar_fail(AR_ERR_NOMEM, "out of memory writing %s", name);
    for (hsize_t i = 0; i < n; i++)
      memcpy(block + i * width, strings[i], strlen(strings[i]));
  }
  hid_t type = string_type(width);
  st = type < 0 ? ar_fail(AR_ERR_HDF5, "cannot make a string type for dataset %s", name)
                : write_any(loc, name, type, type, 1, &n, block, NULL, description);
  if (type >= 0) H5Tclose(type);
  free(block);
  return st;
}

/* The chunks a chunked dataset of this shape needs, 0 when its chunk shape is unreadable. */
static uint64_t chunks_needed(hid_t dcpl, hid_t space) {
  hsize_t dims[H5S_MAX_RANK], chunk[H5S_MAX_RANK];
  int rank = H5Sget_simple_extent_dims(space, dims, NULL);
  if (rank < 0 || H5Pget_chunk(dcpl, rank, chunk) != rank) return 0;
  uint64_t n = 1;
  for (int i = 0; i < rank; i++) {
    if (chunk[i] == 0) return 0;
    uint64_t along = (dims[i] + chunk[i] - 1) / chunk[i];
    n = along != 0 && n > UINT64_MAX / along ? UINT64_MAX : n * along;
  }
  return n;
}

/* What is wrong with the storage of a dataset of `elements` elements of `type_size` bytes, or
 * NULL; why[] receives the detail. */
static const char *storage_problem(hid_t dset, uint64_t elements, size_t type_size, char *why,
                                   size_t cap) {
  hid_t dcpl = H5Dget_create_plist(dset);
  hid_t space = H5Dget_space(dset);
  hid_t file = H5Iget_file_id(dset);
  hsize_t file_size = 0;
  const char *bad = NULL;
  if (dcpl < 0 || space < 0 || file < 0 || H5Fget_filesize(file, &file_size) < 0) {
    bad = "cannot be examined";
    snprintf(why, cap, "%s", h5u_error_detail());
  }
  H5D_layout_t layout = bad ? H5D_LAYOUT_ERROR : H5Pget_layout(dcpl);
  uint64_t need =
      type_size != 0 && elements > UINT64_MAX / type_size ? UINT64_MAX : elements * type_size;
  hsize_t stored = bad ? 0 : H5Dget_storage_size(dset);
  int filtered = !bad && H5Pget_nfilters(dcpl) > 0;
  if (bad) {
  } else if (layout == H5D_VIRTUAL || H5Pget_external_count(dcpl) > 0) {
    bad = "refers to data in other files";
    snprintf(why, cap, "virtual or external storage is not read");
  } else if (layout == H5D_CHUNKED) {
    uint64_t want = chunks_needed(dcpl, space);
    hsize_t have = 0;
    if (want == 0 || H5Dget_num_chunks(dset, space, &have) < 0) {
      bad = "has an unreadable chunk index";
      snprintf(why, cap, "%s", h5u_error_detail());
    } else if (have < want) {
      bad = "claims more elements than its storage holds";
      snprintf(why, cap, "only %llu of its %llu chunks were ever written", (unsigned long long)have,
               (unsigned long long)want);
    }
  }
  if (!bad && layout != H5D_COMPACT && !filtered && stored < need) {
    bad = "claims more elements than its storage holds";
    snprintf(why, cap, "%llu bytes stored, %llu needed", (unsigned long long)stored,
             (unsigned long long)need);
  }
  if (!bad && layout != H5D_COMPACT && stored > file_size) {
    bad = "claims more storage than the file has";
    snprintf(why, cap, "%llu bytes stored in a file of %llu bytes (truncated?)",
             (unsigned long long)stored, (unsigned long long)file_size);
  }
  if (dcpl >= 0) H5Pclose(dcpl);
  if (space >= 0) H5Sclose(space);
  if (file >= 0) H5Fclose(file);
  return bad;
}

ar_status h5u_dataset_check_storage(hid_t dset, const char *path) {
  hid_t space = H5Dget_space(dset);
  hid_t type = H5Dget_type(dset);
  hssize_t elements = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
  /* Variable-length values live in the file's heap: only their chunks can be counted. */
  size_t size = type >= 0 && H5Tis_variable_str(type) <= 0 && H5Tget_class(type) != H5T_VLEN
                    ? H5Tget_size(type)
                    : 0;
  if (space >= 0) H5Sclose(space);
  if (type >= 0) H5Tclose(type);
  if (elements < 0)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s has an unreadable shape", h5u_file_name(dset),
                   path);
  if (elements == 0) return AR_OK;
  char why[256] = "";
  const char *bad = storage_problem(dset, (uint64_t)elements, size, why, sizeof why);
  if (!bad) return AR_OK;
  return ar_fail(AR_ERR_INPUT, "%s: dataset %s %s: %lld elements, %s", h5u_file_name(dset), path,
                 bad, (long long)elements, why);
}

static ar_status open_dataset_checked(hid_t loc, const char *path, int expect_rank, hsize_t *dims,
                                      uint64_t max_elems, hid_t *dset, H5T_class_t *cls) {
  const char *file = h5u_file_name(loc);
  if (!h5u_link_exists(loc, path))
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s is missing", file, path);
  *dset = H5Dopen2(loc, path, H5P_DEFAULT);
  if (*dset < 0) return ar_fail(AR_ERR_INPUT, "%s: %s is not a dataset", file, path);
  hid_t space = H5Dget_space(*dset);
  hid_t type = H5Dget_type(*dset);
  int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
  *cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
  if (type >= 0) H5Tclose(type);
  ar_status st = AR_OK;
  if (rank < 0 || *cls == H5T_NO_CLASS) {
    st = ar_fail(AR_ERR_HDF5, "%s: cannot read the shape and type of dataset %s (%s)", file, path,
                 h5u_error_detail());
  } else if (rank != expect_rank) {
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %d dimension(s), expected %d", file, path, rank,
                 expect_rank);
  } else if (H5Sget_simple_extent_dims(space, dims, NULL) < 0) {
    st = ar_fail(AR_ERR_HDF5, "%s: cannot read the dimensions of dataset %s", file, path);
  } else {
    uint64_t total = 1;
    for (int i = 0; i < rank; i++) {
      if (dims[i] != 0 && total > UINT64_MAX / dims[i])
        total = UINT64_MAX;
      else
        total *= dims[i];
    }
    if (total > max_elems)
      st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %llu elements, more than the %llu accepted",
                   file, path, (unsigned long long)total, (unsigned long long)max_elems);
    /* Before anything is allocated for it: a file may claim far more than it holds. */
    if (st == AR_OK) st = h5u_dataset_check_storage(*dset, path);
  }
  if (space >= 0) H5Sclose(space);
  if (st != AR_OK) H5Dclose(*dset);
  return st;
}

ar_status h5u_read(hid_t loc, const char *path, hid_t memtype, int expect_rank, hsize_t *dims,
                   uint64_t max_elems, void **data) {
  *data = NULL;
  hid_t dset;
  H5T_class_t cls;
  ar_status st = open_dataset_checked(loc, path, expect_rank, dims, max_elems, &dset, &cls);
  if (st != AR_OK) return st;
  const char *file = h5u_file_name(loc);
  H5T_class_t want = H5Tget_class(memtype);
  size_t size = H5Tget_size(memtype);
  if (want == H5T_NO_CLASS || size == 0) {
    H5Dclose(dset);
    return ar_fail(AR_ERR_INTERNAL, "%s: reading %s: not a memory type", file, path);
  }
  if (cls != want) {
    H5Dclose(dset);
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s holds %s values, expected %s", file, path,
                   cls == H5T_INTEGER  ? "integer"
                   : cls == H5T_FLOAT  ? "float"
                   : cls == H5T_STRING ? "string"
                                       : "non-numeric",
                   want == H5T_INTEGER ? "integers" : "floats");
  }
  uint64_t total = 1;
  for (int i = 0; i < expect_rank; i++)
    total *= dims[i];
  if (total > 0) {
    *data = malloc(total * size);
    if (!*data) {
      H5Dclose(dset);
      return ar_fail(AR_ERR_NOMEM, "%s: out of memory reading %s (%llu elements)", file, path,
                     (unsigned long long)total);
    }
  }
  if (total == 0) { /* an empty dataset: nothing to read (and HDF5 refuses a NULL buffer) */
    H5Dclose(dset);
    return AR_OK;
  }
  hid_t dxpl = collective_dxpl();
  herr_t rc = dxpl < 0 ? -1 : H5Dread(dset, memtype, H5S_ALL, H5S_ALL, dxpl, *data);
  if (dxpl >= 0) H5Pclose(dxpl);
  H5Dclose(dset);
  if (rc < 0) {
    free(*data);
    *data = NULL;
    return ar_fail(AR_ERR_INPUT, "%s: cannot read dataset %s (%s)", file, path, h5u_error_detail());
  }
  return AR_OK;
}

/* Copies n strings of at most width bytes each (not necessarily terminated) into malloc'ed
 * strings; text(i) gives string i. */
static char **copy_strings(hsize_t n, size_t width, const char *(*text)(const void *, hsize_t),
                           const void *from) {
  char **out = calloc(n ? n : 1, sizeof *out);
  for (hsize_t i = 0; out && i < n; i++) {
    const char *t = text(from, i);
    size_t len = t ? strnlen(t, width) : 0;
    out[i] = calloc(len + 1, 1);
    if (!out[i]) {
      h5u_free_strings(out, i);
      return NULL;
    }
    if (len) memcpy(out[i], t, len);
  }
  return out;
}

typedef struct {
  const char *block;
  size_t width;
} fixed_block;

static const char *fixed_text(const void *from, hsize_t i) {
  const fixed_block *b = from;
  return b->block + i * b->width;
}

static const char *variable_text(const void *from, hsize_t i) { return ((char *const *)from)[i]; }

/* Reads the whole string dataset into *out (n strings), fixed-length or variable-length (h5py's
 * default), in the stored character set. Returns the HDF5 read's result, or -2 out of memory. */
static int strings_transfer(hid_t dset, hid_t ftype, hsize_t n, char ***out) {
  htri_t is_variable = H5Tis_variable_str(ftype);
  int variable = is_variable > 0;
  size_t width = variable ? SIZE_MAX : H5Tget_size(ftype);
  H5T_cset_t cset = H5Tget_cset(ftype);
  /* A type HDF5 cannot describe (size 0, no character set) is a damaged file. */
  if (is_variable < 0 || width == 0 || cset < 0) return -1;
  void *buf = variable ? calloc(n ? n : 1, sizeof(char *)) : calloc(n ? n : 1, width);
  if (!buf) return -2;
  hid_t mtype = H5Tcopy(H5T_C_S1);
  herr_t rc = mtype < 0 ? -1 : 0;
  if (rc >= 0) rc = H5Tset_size(mtype, variable ? H5T_VARIABLE : width);
  if (rc >= 0 && !variable) rc = H5Tset_strpad(mtype, H5T_STR_NULLPAD);
  if (rc >= 0) rc = H5Tset_cset(mtype, cset);
  hid_t dxpl = rc < 0 ? -1 : collective_dxpl();
  rc = dxpl < 0 ? -1 : H5Dread(dset, mtype, H5S_ALL, H5S_ALL, dxpl, buf);
  if (rc >= 0) {
    fixed_block fb = {buf, width};
    *out = variable ? copy_strings(n, width, variable_text, buf)
                    : copy_strings(n, width, fixed_text, &fb);
    if (!*out) rc = -2;
  }
  if (variable && rc != -1) {
    hid_t space = H5Dget_space(dset);
    H5Dvlen_reclaim(mtype, space, H5P_DEFAULT, buf);
    H5Sclose(space);
  }
  if (dxpl >= 0) H5Pclose(dxpl);
  if (mtype >= 0) H5Tclose(mtype);
  free(buf);
  return rc < 0 ? (int)rc : 0;
}

ar_status h5u_read_strings(hid_t loc, const char *path, uint64_t max_elems, hsize_t *n,
                           char ***strings) {
  *strings = NULL;
  *n = 0;
  hid_t dset;
  H5T_class_t cls;
  hsize_t dims[1];
  ar_status st = open_dataset_checked(loc, path, 1, dims, max_elems, &dset, &cls);
  if (st != AR_OK) return st;
  const char *file = h5u_file_name(loc);
  if (cls != H5T_STRING) {
    H5Dclose(dset);
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s must hold strings", file, path);
  }
  hid_t ftype = H5Dget_type(dset);
  int rc = strings_transfer(dset, ftype, dims[0], strings);
  char detail[512] = "";
  if (rc == -1) snprintf(detail, sizeof detail, "%s", h5u_error_detail());
  if (ftype >= 0) H5Tclose(ftype);
  H5Dclose(dset);
  if (rc == -2) return ar_fail(AR_ERR_NOMEM, "%s: out of memory reading %s", file, path);
  if (rc < 0) return ar_fail(AR_ERR_INPUT, "%s: cannot read dataset %s (%s)", file, path, detail);
  *n = dims[0];
  return AR_OK;
}

void h5u_free_strings(char **strings, hsize_t n) {
  if (!strings) return;
  for (hsize_t i = 0; i < n; i++)
    free(strings[i]);
  free(strings);
}

/* --- Row blocks -------------------------------------------------------------------------------
 */

ar_status h5u_file_comm(hid_t loc, MPI_Comm *comm) {
  *comm = MPI_COMM_SELF;
  hid_t file = H5Iget_file_id(loc); /* loc may be a group or dataset of the file */
  hid_t fapl = file >= 0 ? H5Fget_access_plist(file) : -1;
  hid_t driver = fapl >= 0 ? H5Pget_driver(fapl) : -1;
  herr_t rc = driver < 0 ? -1 : 0;
  if (driver == H5FD_MPIO) rc = H5Pget_fapl_mpio(fapl, comm, NULL);
  if (fapl >= 0) H5Pclose(fapl);
  if (file >= 0) H5Fclose(file); /* the extra reference H5Iget_file_id made */
  if (rc < 0) {
    *comm = MPI_COMM_SELF;
    return ar_fail(AR_ERR_HDF5, "%s: cannot read which ranks share the file (%s)",
                   h5u_file_name(loc), h5u_error_detail());
  }
  return AR_OK;
}

ar_status h5u_comm_free(MPI_Comm *comm) {
  ar_status st = AR_OK;
  if (*comm != MPI_COMM_SELF && *comm != MPI_COMM_WORLD && *comm != MPI_COMM_NULL)
    st = ar_mpi_check(MPI_Comm_free(comm), "MPI_Comm_free of a file's communicator");
  *comm = MPI_COMM_NULL;
  return st;
}

ar_status h5u_dataset_create(hid_t loc, const char *path, hid_t type, int rank, const hsize_t *dims,
                             hid_t *dset) {
  *dset = -1;
  if (rank < 1 || rank > H5U_MAX_RANK)
    return ar_fail(AR_ERR_INTERNAL, "%s: dataset %s: rank %d is not supported", h5u_file_name(loc),
                   path, rank);
  hid_t space = H5Screate_simple(rank, dims, NULL);
  hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
  hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  /* Space is allocated at creation, so a rank without rows writes nothing and the layout is set
   * before the collective writes; no fill values: every byte is written by some rank. */
  if (space >= 0 && lcpl >= 0 && dcpl >= 0 && H5Pset_create_intermediate_group(lcpl, 1) >= 0 &&
      H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY) >= 0 &&
      H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER) >= 0)
    *dset = H5Dcreate2(loc, path, type, space, lcpl, dcpl, H5P_DEFAULT);
  if (space >= 0) H5Sclose(space);
  if (lcpl >= 0) H5Pclose(lcpl);
  if (dcpl >= 0) H5Pclose(dcpl);
  if (*dset < 0) {
    int err = errno;
    return ar_fail(AR_ERR_IO, "%s: cannot create dataset %s (%s)", h5u_file_name(loc), path,
                   err ? strerror(err) : h5u_error_detail());
  }
  return AR_OK;
}

/* Selects rows [first, first+count) of dimension 0 in the file space and a matching memory space
 * (both empty when count is 0). Returns 0, -2 (rows outside: empty selections, an error to
 * report after the collective call), 1 (a dataset of no elements: no transfer at all) or -1. */
static int rows_select(hid_t dset, hsize_t first, hsize_t count, hid_t *filespace,
                       hid_t *memspace) {
  *memspace = -1;
  *filespace = H5Dget_space(dset);
  if (*filespace < 0) return -1;
  int rank = H5Sget_simple_extent_ndims(*filespace);
  hsize_t dims[H5U_MAX_RANK], start[H5U_MAX_RANK] = {0}, block[H5U_MAX_RANK];
  if (rank < 1 || rank > H5U_MAX_RANK || H5Sget_simple_extent_dims(*filespace, dims, NULL) < 0)
    return -1;
  /* Rows outside the dataset: take part with an empty selection (the transfer is collective,
   * the other ranks must not wait for us) and report the error afterwards. */
  int outside = first > dims[0] || count > dims[0] - first;
  /* A dataset of no elements has no storage: HDF5 fails any transfer, even an empty one. Every
   * rank sees the same shape, so every rank skips the (collective) call alike. */
  hsize_t dataset_elements = 1;
  for (int i = 0; i < rank; i++)
    dataset_elements *= dims[i];
  if (dataset_elements == 0 && !outside) return 1;
  for (int i = 0; i < rank; i++)
    block[i] = dims[i];
  start[0] = first;
  block[0] = outside ? 0 : count;
  *memspace = H5Screate_simple(rank, block, NULL);
  if (*memspace < 0) return -1;
  hsize_t elements = 1;
  for (int i = 0; i < rank; i++)
    elements *= block[i];
  if (elements == 0) { /* no rows, or rows of no elements (a dimension of size 0) */
    if (H5Sselect_none(*filespace) < 0 || H5Sselect_none(*memspace) < 0) return -1;
    return outside ? -2 : 0;
  }
  if (H5Sselect_hyperslab(*filespace, H5S_SELECT_SET, start, NULL, block, NULL) < 0) return -1;
  return 0;
}

static ar_status rows_transfer(hid_t dset, hid_t memtype, hsize_t first, hsize_t count, void *data,
                               int writing) {
  char name[512] = "?";
  if (H5Iget_name(dset, name, sizeof name) <= 0)
    snprintf(name, sizeof name, "?"); /* for messages */
  hid_t filespace, memspace;
  int sel = rows_select(dset, first, count, &filespace, &memspace);
  hid_t dxpl = collective_dxpl();
  herr_t rc = -1;
  int err = 0;
  if (sel == 1) rc = 0; /* nothing to transfer (see rows_select) */
  if ((sel == 0 || sel == -2) && dxpl >= 0) {
    errno = 0;
    /* A rank without rows still takes part: the transfer is collective. */
    static char dummy[1];
    void *buf = count && sel == 0 ? data : dummy;
    rc = writing ? H5Dwrite(dset, memtype, memspace, filespace, dxpl, buf)
                 : H5Dread(dset, memtype, memspace, filespace, dxpl, buf);
    err = errno;
  }
  /* Before the closes below, which clear HDF5's error stack. */
  char detail[512] = "";
  if (rc < 0) snprintf(detail, sizeof detail, "%s", err ? strerror(err) : h5u_error_detail());
  if (dxpl >= 0) H5Pclose(dxpl);
  if (memspace >= 0) H5Sclose(memspace);
  if (filespace >= 0) H5Sclose(filespace);
  const char *file = h5u_file_name(dset);
  if (sel == -2)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s has no rows %llu..%llu", file, name,
                   (unsigned long long)first, (unsigned long long)(first + count));
  if (rc < 0 && writing)
    return ar_fail(AR_ERR_IO, "%s: cannot write rows %llu..%llu of dataset %s (%s)", file,
                   (unsigned long long)first, (unsigned long long)(first + count), name, detail);
  if (rc < 0)
    return ar_fail(AR_ERR_INPUT, "%s: cannot read rows %llu..%llu of dataset %s (%s)", file,
                   (unsigned long long)first, (unsigned long long)(first + count), name, detail);
  return AR_OK;
}

ar_status h5u_write_rows(hid_t dset, hid_t memtype, hsize_t first, hsize_t count,
                         const void *data) {
  return rows_transfer(dset, memtype, first, count, (void *)data, 1);
}

ar_status h5u_read_rows(hid_t dset, hid_t memtype, hsize_t first, hsize_t count, void *data) {
  return rows_transfer(dset, memtype, first, count, data, 0);
}

void h5u_library_version(char *buf, size_t cap) {
  unsigned major = 0, minor = 0, release = 0;
  if (H5get_libversion(&major, &minor, &release) < 0)
    snprintf(buf, cap, "unknown");
  else
    snprintf(buf, cap, "%u.%u.%u%s", major, minor, release,
#ifdef H5_HAVE_PARALLEL
             " (parallel)"
#else
             " (serial)"
#endif
    );
}
