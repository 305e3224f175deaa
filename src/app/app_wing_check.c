/* SPDX-License-Identifier: BSD-3-Clause */
/* app_wing_check: the wing of a network or results file (see app_wing_check.h). */
#include "app_wing_check.h"

#include <stdio.h>

#include "app_wings.h"
#include "ar_agree.h"
#include "h5meta.h"
#include "h5net.h"
#include "h5res.h"
#include "h5u.h"

ar_status app_wing_network(hid_t file, const wing **w) {
  char kind[64];
  int64_t version = 0;
  *w = NULL;
  ar_status st = h5net_header_read(file, kind, sizeof kind, &version);
  if (st != AR_OK) return st;
  const wing *found = app_wing_find(kind);
  if (!found) {
    char names[512];
    app_wing_names(names, sizeof names);
    return ar_fail(AR_ERR_INPUT,
                   "%s: network kind '%s' is unknown (this antroute reads %s networks)",
                   h5u_file_name(file), kind, names);
  }
  st = wing_network_version(found, h5u_file_name(file), version);
  if (st == AR_OK) *w = found;
  return st;
}

ar_status app_wing_network_path(const char *path, MPI_Comm comm, const wing **w) {
  hid_t file;
  *w = NULL;
  ar_status st = h5u_open_read(path, comm, &file);
  if (st == AR_OK) {
    st = app_wing_network(file, w);
    h5u_close(file);
  }
  st = ar_agree(comm, st);
  if (st != AR_OK) *w = NULL;
  return st;
}

const wing *app_wing_results(hid_t file, const char *kind) {
  if (kind && kind[0]) return app_wing_find(kind);
  for (int i = 0; i < app_wing_count(); i++) {
    const wing *w = app_wing_at(i);
    if (w->results_marker && h5u_link_exists(file, w->results_marker)) return w;
  }
  return NULL;
}

ar_status app_wing_results_check(hid_t file, const wing **w) {
  char kind[64] = "";
  *w = NULL;
  ar_status st =
      h5u_attr_exists(file, "kind") ? h5u_attr_read_str(file, "kind", kind, sizeof kind) : AR_OK;
  if (st == AR_OK && !(*w = app_wing_results(file, kind))) {
    char names[512];
    app_wing_names(names, sizeof names);
    st = ar_fail(AR_ERR_INPUT, "%s: results of kind '%s' (this antroute reads %s results)",
                 h5u_file_name(file), kind[0] ? kind : "(none)", names);
  }
  return st;
}

ar_status app_wing_results_path(const char *path, const wing **w) {
  hid_t file;
  *w = NULL;
  ar_status st = h5u_open_read(path, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  char format[64];
  int64_t version = 0;
  st = h5meta_check(file, H5META_RESULTS, H5RES_FORMAT_VERSION, format, sizeof format, &version);
  if (st == AR_OK) st = app_wing_results_check(file, w);
  h5u_close(file);
  return st;
}
