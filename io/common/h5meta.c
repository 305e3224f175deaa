/* SPDX-License-Identifier: BSD-3-Clause */
/* h5meta: root attributes common to every antroute file. */
#include "h5meta.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ar_agree.h"
#include "ar_commit.h"
#include "ar_version.h"
#include "h5u.h"

ar_status h5meta_write(hid_t file, const char *format, int64_t format_version,
                       const param_set *ps) {
  char stamp[32];
  time_t now = time(NULL);
  struct tm tm_utc;
  gmtime_r(&now, &tm_utc);
  strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm_utc);
  /* Attributes of a parallel file must be written with the same value on every rank; the ranks'
   * clocks may straddle a second, so rank 0's stamp is used. */
  MPI_Comm comm;
  ar_status st = h5u_file_comm(file, &comm);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(stamp, (int)sizeof stamp, MPI_CHAR, 0, comm),
                      "MPI_Bcast of the creation time");
  ar_status free_st = h5u_comm_free(&comm);
  if (st == AR_OK) st = free_st;
  if (st == AR_OK) st = h5u_attr_write_str(file, "format", format);
  if (st == AR_OK) st = h5u_attr_write_i64(file, "format_version", format_version);
  if (st == AR_OK) st = h5u_attr_write_str(file, "tool_version", "antroute " AR_VERSION_STRING);
  /* The build that wrote it (antroute --version has the libraries too), for support tickets. */
  if (st == AR_OK)
    st = h5u_attr_write_str(file, "tool_build",
                            "commit " AR_BUILD_COMMIT ", " AR_BUILD_TYPE ", " AR_BUILD_COMPILER);
  if (st == AR_OK) st = h5u_attr_write_str(file, "created", stamp);
  if (st == AR_OK && ps) {
    char *text = param_serialize(ps, PARAM_RECORD);
    if (!text) return ar_fail(AR_ERR_NOMEM, "out of memory writing parameters");
    st = h5u_attr_write_str(file, "parameters", text);
    free(text);
  }
  /* The files of this run apart from its parameters: a replay of `parameters` names its own. */
  if (st == AR_OK && ps) {
    char *text = param_serialize(ps, PARAM_RECORD_OUTPUTS);
    if (!text) return ar_fail(AR_ERR_NOMEM, "out of memory writing parameters");
    if (text[0]) st = h5u_attr_write_str(file, "paths", text);
    free(text);
  }
  return st;
}

ar_status h5meta_read(hid_t file, char *format, size_t format_cap, int64_t *version) {
  const char *name = h5u_file_name(file);
  if (!h5u_attr_exists(file, "format"))
    return ar_fail(AR_ERR_INPUT, "%s: not an antroute file (no 'format' attribute on /)", name);
  ar_status st = h5u_attr_read_str(file, "format", format, format_cap);
  if (st == AR_OK) st = h5u_attr_read_i64(file, "format_version", version);
  return st;
}

ar_status h5meta_check(hid_t file, const char *expect, int64_t max_version, char *format,
                       size_t format_cap, int64_t *version) {
  const char *name = h5u_file_name(file);
  ar_status st = h5meta_read(file, format, format_cap, version);
  if (st != AR_OK) return st;
  if (expect && strcmp(format, expect) != 0)
    return ar_fail(AR_ERR_INPUT, "%s: is an %s file, expected an %s file", name, format, expect);
  if (*version < 1 || *version > max_version)
    return ar_fail(AR_ERR_INPUT,
                   "%s: %s format version %lld is not supported (this antroute reads "
                   "up to %lld)",
                   name, format, (long long)*version, (long long)max_version);
  return AR_OK;
}
