/* SPDX-License-Identifier: BSD-3-Clause */
/* fuzz_file: for fuzz targets whose reader takes a file (HDF5): the input's bytes, written to the
 * file the real reader then opens. */
#ifndef AR_FUZZ_FILE_H
#define AR_FUZZ_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* 1 when path now holds exactly the size bytes of data. */
static inline int fuzz_write_file(const char *path, const uint8_t *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f) return 0;
  size_t wrote = fwrite(data, 1, size, f);
  return fclose(f) == 0 && wrote == size;
}

#endif
