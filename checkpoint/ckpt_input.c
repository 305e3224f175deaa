/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_input: CRC-32 and size of the input file, computed on rank 0 and broadcast. */
#include "ckpt_input.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_path.h"
#include "ckpt_crc.h"

enum { INPUT_PIECE = 1 << 20 };

static ar_status file_checksum(const char *path, char *out, size_t cap) {
  int fd;
  ar_status opened = ar_input_open(path, NULL, &fd);
  if (opened != AR_OK) return opened;
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    close(fd);
    return ar_fail(AR_ERR_IO, "cannot open input %s: %s", path, strerror(errno));
  }
  unsigned char *buf = malloc(INPUT_PIECE);
  if (!buf) {
    fclose(f);
    return ar_fail(AR_ERR_NOMEM, "out of memory reading %s", path);
  }
  uint32_t crc = 0;
  uint64_t size = 0;
  size_t got;
  while ((got = fread(buf, 1, INPUT_PIECE, f)) > 0) {
    crc = ckpt_crc32_combine(crc, ckpt_crc32(buf, got), got);
    size += got;
  }
  int failed = ferror(f);
  int err = errno;
  free(buf);
  fclose(f);
  if (failed) return ar_fail(AR_ERR_IO, "cannot read input %s: %s", path, strerror(err));
  snprintf(out, cap, "crc32:%08lx size:%llu", (unsigned long)crc, (unsigned long long)size);
  return AR_OK;
}

ar_status ckpt_input_checksum(const char *path, MPI_Comm comm, char *out, size_t cap) {
  int rank = 0;
  char text[CKPT_INPUT_CHECKSUM_MAX] = "";
  ar_status st = cap < CKPT_INPUT_CHECKSUM_MAX
                     ? ar_fail(AR_ERR_INTERNAL, "ckpt_input_checksum: buffer too small")
                     : ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st == AR_OK && rank == 0) st = file_checksum(path, text, sizeof text);
  st = ar_agree(comm, st);
  if (st != AR_OK) return st;
  st = ar_mpi_check(MPI_Bcast(text, (int)sizeof text, MPI_CHAR, 0, comm),
                    "MPI_Bcast of the input checksum");
  if (st != AR_OK) return st;
  snprintf(out, cap, "%s", text);
  return AR_OK;
}
