/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_identity: a run's id (CRC-32 of input checksum and search parameters), read from files. */
#include "ckpt_identity.h"

#include <hdf5.h>
#include <stdlib.h>
#include <string.h>

#include "ar_error.h"
#include "ar_path.h"
#include "ckpt_crc.h"
#include "h5u.h"

uint32_t ckpt_identity(const char *input_checksum, const char *search_parameters) {
  const char *a = input_checksum ? input_checksum : "",
             *b = search_parameters ? search_parameters : "";
  size_t la = strlen(a), lb = strlen(b);
  uint32_t crc = ckpt_crc32(a, la);
  crc = ckpt_crc32_combine(crc, ckpt_crc32("\n", 1), 1);
  return ckpt_crc32_combine(crc, ckpt_crc32(b, lb), lb);
}

int ckpt_identity_read(const char *path, uint32_t *id) {
  enum { TEXT_MAX = 65536 };
  if (ar_input_check(path, NULL) != AR_OK) { /* never open a FIFO put under a checkpoint's name */
    ar_error_clear();
    return 0;
  }
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  if (fapl < 0) return 0;
  hid_t file = H5Fopen(path, H5F_ACC_RDONLY, fapl);
  H5Pclose(fapl);
  if (file < 0) return 0;
  char *input = malloc(TEXT_MAX), *search = malloc(TEXT_MAX);
  int ok = input && search && h5u_attr_read_str(file, "input_checksum", input, TEXT_MAX) == AR_OK &&
           h5u_attr_read_str(file, "search_parameters", search, TEXT_MAX) == AR_OK;
  if (ok) *id = ckpt_identity(input, search);
  free(input);
  free(search);
  H5Fclose(file);
  ar_error_clear(); /* an unreadable file only has no id */
  return ok;
}
