/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net: the header every network file has (see h5net.h). */
#include "h5net.h"

#include <stdio.h>
#include <string.h>

#include "ar_agree.h"
#include "h5meta.h"
#include "h5u.h"

ar_status h5net_header_read(hid_t file, char *kind, size_t cap, int64_t *version) {
  const char *name = h5u_file_name(file);
  if (cap > 0) kind[0] = '\0';
  char format[64];
  *version = 0;
  ar_status st = h5meta_read(file, format, sizeof format, version);
  if (st != AR_OK) return st;
  if (strcmp(format, H5META_NETWORK) != 0)
    return ar_fail(AR_ERR_INPUT, "%s: is an %s file, expected an %s file", name, format,
                   H5META_NETWORK);
  if (!h5u_attr_exists(file, "kind"))
    return ar_fail(AR_ERR_INPUT, "%s: attribute 'kind' is missing (not a network file?)", name);
  return h5u_attr_read_str(file, "kind", kind, cap);
}

ar_status h5net_version_check(const char *file, const char *kind, int64_t version, int64_t newest) {
  if (version >= 1 && version <= newest) return AR_OK;
  return ar_fail(AR_ERR_INPUT,
                 "%s: %s format version %lld is not supported (this antroute reads '%s' "
                 "networks of versions 1 to %lld)",
                 file, H5META_NETWORK, (long long)version, kind, (long long)newest);
}

ar_status h5net_open_kind(const char *path, MPI_Comm comm, const char *want, int64_t newest,
                          hid_t *file) {
  ar_status st = h5u_open_read(path, comm, file);
  if (st != AR_OK) return st;
  char kind[64];
  int64_t version = 0;
  st = h5net_header_read(*file, kind, sizeof kind, &version);
  if (st == AR_OK && strcmp(kind, want) != 0)
    st = ar_fail(AR_ERR_INPUT, "%s: is a '%s' network, expected a '%s' network", path, kind, want);
  if (st == AR_OK) st = h5net_version_check(h5u_file_name(*file), kind, version, newest);
  if (st != AR_OK) {
    h5u_close(*file);
    *file = -1;
  }
  return st;
}

ar_status h5net_kind(const char *path, MPI_Comm comm, char *kind, size_t cap) {
  if (cap > 0) kind[0] = '\0';
  hid_t file;
  int64_t version = 0;
  ar_status st = h5u_open_read(path, comm, &file);
  if (st == AR_OK) {
    st = h5net_header_read(file, kind, cap, &version);
    h5u_close(file);
  }
  st = ar_agree(comm, st);
  if (st != AR_OK && cap > 0) kind[0] = '\0';
  return st;
}
