/* h5net: the header check every network file passes (see h5net.h). */
#include "h5net.h"

#include <stdio.h>
#include <string.h>

#include "ar_agree.h"
#include "h5meta.h"
#include "h5u.h"

typedef struct {
  const char *kind;
  int64_t newest;
} kind_version;

static const kind_version kinds[] = {
    {H5NET_KIND_TOUR, H5NET_FORMAT_VERSION},
    {H5NET_SUPPLY_KIND, H5NET_SUPPLY_FORMAT_VERSION},
    {H5NET_ROAD_KIND, H5NET_ROAD_FORMAT_VERSION},
};
enum { NKINDS = (int)(sizeof kinds / sizeof kinds[0]) };

ar_status h5net_header_check(hid_t file, char *kind, size_t cap) {
  const char *name = h5u_file_name(file);
  if (cap > 0) kind[0] = '\0';
  char format[64];
  int64_t version = 0;
  ar_status st = h5meta_read(file, format, sizeof format, &version);
  if (st != AR_OK) return st;
  if (strcmp(format, H5META_NETWORK) != 0)
    return ar_fail(AR_ERR_INPUT, "%s: is an %s file, expected an %s file", name, format,
                   H5META_NETWORK);
  if (!h5u_attr_exists(file, "kind"))
    return ar_fail(AR_ERR_INPUT, "%s: attribute 'kind' is missing (not a network file?)", name);
  st = h5u_attr_read_str(file, "kind", kind, cap);
  if (st != AR_OK) return st;
  const kind_version *k = NULL;
  for (int i = 0; i < NKINDS; i++)
    if (strcmp(kind, kinds[i].kind) == 0) k = &kinds[i];
  if (!k)
    return ar_fail(AR_ERR_INPUT,
                   "%s: network kind '%s' is unknown (this antroute reads '%s', '%s' and '%s' "
                   "networks)",
                   name, kind, H5NET_KIND_TOUR, H5NET_SUPPLY_KIND, H5NET_ROAD_KIND);
  if (version < 1 || version > k->newest)
    return ar_fail(AR_ERR_INPUT,
                   "%s: %s format version %lld is not supported (this antroute reads '%s' "
                   "networks of versions 1 to %lld)",
                   name, format, (long long)version, kind, (long long)k->newest);
  return AR_OK;
}

ar_status h5net_open_kind(const char *path, MPI_Comm comm, const char *want, hid_t *file) {
  ar_status st = h5u_open_read(path, comm, file);
  if (st != AR_OK) return st;
  char kind[64];
  st = h5net_header_check(*file, kind, sizeof kind);
  if (st == AR_OK && strcmp(kind, want) != 0)
    st = ar_fail(AR_ERR_INPUT, "%s: is a '%s' network, expected a '%s' network", path, kind, want);
  if (st != AR_OK) {
    h5u_close(*file);
    *file = -1;
  }
  return st;
}

ar_status h5net_kind(const char *path, MPI_Comm comm, char *kind, size_t cap) {
  if (cap > 0) kind[0] = '\0';
  hid_t file;
  ar_status st = h5u_open_read(path, comm, &file);
  if (st == AR_OK) {
    st = h5net_header_check(file, kind, cap);
    h5u_close(file);
  }
  st = ar_agree(comm, st);
  if (st != AR_OK && cap > 0) kind[0] = '\0';
  return st;
}
