/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_keep: small kept values in the checkpoint folder, checksummed text (see ckpt_keep.h). */
#include "ckpt_keep.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ar_path.h"
#include "ar_signal.h"
#include "ckpt_crc.h"
#include "h5u.h"

enum { KEEP_FILE_MAX = CKPT_KEEP_TEXT_MAX + 512 };

static const char keep_header[] = "# antroute: kept by solve so that a restart need not compute "
                                  "it again (docs/checkpoint.md)\n";

ar_status ckpt_keep_path(char *buf, size_t cap, const char *dir, const char *name,
                         const char *input_checksum) {
  uint32_t id = ckpt_crc32(input_checksum, strlen(input_checksum));
  int n = snprintf(buf, cap, "%s/kept-%s-%08lx.txt", dir, name, (unsigned long)id);
  if (n < 0 || (size_t)n >= cap) return ar_fail(AR_ERR_USAGE, "checkpoint path too long: %s", dir);
  return AR_OK;
}

int ckpt_keep_is_name(const char *name) {
  size_t n = strlen(name);
  return strncmp(name, "kept-", 5) == 0 && ((n > 4 && strcmp(name + n - 4, ".txt") == 0) ||
                                            (n > 8 && strcmp(name + n - 8, ".txt.tmp") == 0));
}

/* Rank 0: the caller's lines of the file at path, or *found = 0 with a note why not. */
static void read_on_rank0(const char *path, const char *input_checksum, char *text, size_t cap,
                          int *found, FILE *report) {
  *found = 0;
  int fd;
  if (ar_input_open(path, NULL, &fd) != AR_OK) { /* not kept (yet): nothing to say */
    ar_error_clear();
    return;
  }
  char buf[KEEP_FILE_MAX + 1];
  ssize_t n = read(fd, buf, KEEP_FILE_MAX);
  close(fd);
  buf[n > 0 ? n : 0] = '\0';
  char *crc_line = n > 0 ? strstr(buf, "\ncrc32 = ") : NULL;
  unsigned long want = 0;
  char expect[CKPT_KEEP_TEXT_MAX + 128];
  const char *why = NULL;
  if (!crc_line || sscanf(crc_line, "\ncrc32 = %lx", &want) != 1)
    why = "no checksum line";
  else if (ckpt_crc32(buf, (uint64_t)(crc_line + 1 - buf)) != (uint32_t)want)
    why = "its CRC-32 does not hold";
  if (!why) {
    crc_line[1] = '\0';
    snprintf(expect, sizeof expect, "%sinput_checksum = %s\n", keep_header, input_checksum);
    size_t head = strlen(expect);
    if (strncmp(buf, expect, head) != 0)
      why = "it was kept for another input";
    else if (strlen(buf + head) >= cap)
      why = "it is too long";
    else {
      snprintf(text, cap, "%s", buf + head);
      *found = 1;
    }
  }
  if (why && report) {
    fprintf(report, "antroute: ignoring %s: %s\n", path, why);
    fflush(report);
  }
}

ar_status ckpt_keep_read(const char *dir, const char *name, const char *input_checksum, char *text,
                         size_t cap, int *found, FILE *report, MPI_Comm comm) {
  *found = 0;
  if (cap) text[0] = '\0';
  int rank = 0;
  ar_status st = ar_comm_rank_size(comm, &rank, NULL);
  if (st != AR_OK) return st;
  char path[H5U_PATH_MAX], buf[CKPT_KEEP_TEXT_MAX] = "";
  int got[1] = {0};
  if (rank == 0 && ckpt_keep_path(path, sizeof path, dir, name, input_checksum) == AR_OK)
    read_on_rank0(path, input_checksum, buf, sizeof buf, &got[0], report);
  ar_error_clear();
  st = ar_mpi_check(MPI_Bcast(got, 1, MPI_INT, 0, comm), "MPI_Bcast of whether a value is kept");
  if (st == AR_OK && got[0])
    st = ar_mpi_check(MPI_Bcast(buf, (int)sizeof buf, MPI_CHAR, 0, comm),
                      "MPI_Bcast of a kept value");
  if (st == AR_OK && got[0]) {
    snprintf(text, cap, "%s", buf);
    *found = 1;
  }
  return st;
}

/* Rank 0: writes the file through path.tmp and a rename. */
static ar_status write_on_rank0(const char *path, const char *input_checksum, const char *text) {
  char body[KEEP_FILE_MAX], tmp[H5U_PATH_MAX + 8];
  int len =
      snprintf(body, sizeof body, "%sinput_checksum = %s\n%s", keep_header, input_checksum, text);
  if (len < 0 || (size_t)len + 32 >= sizeof body)
    return ar_fail(AR_ERR_INTERNAL, "%s: the value to keep is too long", path);
  len += snprintf(body + len, sizeof body - (size_t)len, "crc32 = %08lx\n",
                  (unsigned long)ckpt_crc32(body, (uint64_t)len));
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  int slot = ar_signal_tmp_add(tmp);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  ar_status st = AR_OK;
  if (fd < 0 || write(fd, body, (size_t)len) != len || fsync(fd) != 0)
    st = ar_fail(AR_ERR_IO, "cannot write %s: %s", tmp, strerror(errno));
  if (fd >= 0 && close(fd) != 0 && st == AR_OK)
    st = ar_fail(AR_ERR_IO, "cannot write %s: %s", tmp, strerror(errno));
  if (st == AR_OK && rename(tmp, path) != 0)
    st = ar_fail(AR_ERR_IO, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
  if (st != AR_OK) unlink(tmp);
  ar_signal_tmp_remove(slot);
  if (st == AR_OK) st = h5u_fsync_dir(path);
  return st;
}

ar_status ckpt_keep_write(const char *dir, const char *name, const char *input_checksum,
                          const char *text, MPI_Comm comm) {
  int rank = 0;
  ar_status st = ar_comm_rank_size(comm, &rank, NULL);
  if (st == AR_OK && rank == 0) {
    char path[H5U_PATH_MAX];
    st = ckpt_keep_path(path, sizeof path, dir, name, input_checksum);
    if (st == AR_OK) st = write_on_rank0(path, input_checksum, text);
  }
  return ar_agree(comm, st);
}
