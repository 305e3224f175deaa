/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_members: records written member by member (see ckpt_members.h). */
#include "ckpt_members.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_alloc.h"

static size_t member_bytes(ckpt_member_type t) {
  switch (t) {
  case CKPT_MEMBER_I8: return 1;
  case CKPT_MEMBER_I32: return 4;
  case CKPT_MEMBER_I64:
  case CKPT_MEMBER_F64: break;
  }
  return 8;
}

/* H5T_NATIVE_* are run-time values, so the tables hold an enum and the type is looked up here. */
static hid_t member_hdf5_type(ckpt_member_type t) {
  switch (t) {
  case CKPT_MEMBER_I8: return H5T_NATIVE_INT8;
  case CKPT_MEMBER_I32: return H5T_NATIVE_INT32;
  case CKPT_MEMBER_I64: return H5T_NATIVE_INT64;
  case CKPT_MEMBER_F64: break;
  }
  return H5T_NATIVE_DOUBLE;
}

static int member_count(const ckpt_member *mb) { return mb->count > 0 ? mb->count : 1; }

ar_status ckpt_members_size(ckpt_members *m, size_t rows, hsize_t global_rows) {
  for (int i = 0; i < m->n; i++) {
    const ckpt_member *mb = &m->members[i];
    size_t row = member_bytes(mb->type) * (size_t)member_count(mb);
    ar_free(m->buf[i]);
    m->buf[i] = ar_alloc_array(rows ? rows : 1, row);
    m->fields[i].dims[0] = global_rows;
    m->fields[i].data = m->buf[i];
    if (!m->buf[i])
      return ar_fail(AR_ERR_NOMEM, "out of memory for %zu checkpoint records of %s", rows,
                     m->paths[i]);
  }
  m->rows = rows;
  return AR_OK;
}

ar_status ckpt_members_init(ckpt_members *m, const char *group, const ckpt_member *members, int n,
                            size_t stride, int distributed, ckpt_field *fields, size_t rows,
                            hsize_t global_rows) {
  *m = (ckpt_members){members, n, stride, fields, NULL, NULL, 0};
  m->paths = calloc((size_t)n, sizeof *m->paths);
  m->buf = calloc((size_t)n, sizeof *m->buf);
  if (!m->paths || !m->buf) {
    ckpt_members_free(m);
    return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
  }
  for (int i = 0; i < n; i++) {
    const ckpt_member *mb = &members[i];
    size_t len = strlen(group) + strlen(mb->name) + 2;
    m->paths[i] = malloc(len);
    if (!m->paths[i]) {
      ckpt_members_free(m);
      return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
    }
    snprintf(m->paths[i], len, "%s/%s", group, mb->name);
    int count = member_count(mb);
    fields[i] =
        ckpt_field_make(m->paths[i], member_hdf5_type(mb->type), count > 1 ? 2 : 1, global_rows,
                        (hsize_t)count, 0, distributed, NULL, NULL, mb->meaning);
  }
  ar_status st = ckpt_members_size(m, rows, global_rows);
  if (st != AR_OK) ckpt_members_free(m);
  return st;
}

void ckpt_members_pack(ckpt_members *m, const void *records) {
  const char *base = records;
  for (int i = 0; i < m->n; i++) {
    const ckpt_member *mb = &m->members[i];
    size_t bytes = member_bytes(mb->type) * (size_t)member_count(mb);
    char *out = m->buf[i];
    for (size_t r = 0; r < m->rows; r++)
      memcpy(out + r * bytes, base + r * m->stride + mb->offset, bytes);
  }
}

void ckpt_members_unpack(const ckpt_members *m, void *records) {
  char *base = records;
  for (int i = 0; i < m->n; i++) {
    const ckpt_member *mb = &m->members[i];
    size_t bytes = member_bytes(mb->type) * (size_t)member_count(mb);
    const char *in = m->buf[i];
    for (size_t r = 0; r < m->rows; r++)
      memcpy(base + r * m->stride + mb->offset, in + r * bytes, bytes);
  }
}

void ckpt_members_free(ckpt_members *m) {
  for (int i = 0; i < m->n; i++) {
    if (m->paths) free(m->paths[i]);
    if (m->buf) ar_free(m->buf[i]);
  }
  free(m->paths);
  free(m->buf);
  m->paths = NULL;
  m->buf = NULL;
  m->rows = 0;
}
