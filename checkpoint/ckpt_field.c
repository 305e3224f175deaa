/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_field: sizes, the usual block split and sanity checks of a checkpoint description. */
#include "ckpt_field.h"

#include <string.h>

void ckpt_block(uint64_t n, int size, int rank, hsize_t *first, hsize_t *count) {
  uint64_t lo = n * (uint64_t)rank / (uint64_t)size;
  uint64_t hi = n * (uint64_t)(rank + 1) / (uint64_t)size;
  *first = lo;
  *count = hi - lo;
}

ckpt_field ckpt_field_make(const char *path, hid_t type, int rank, hsize_t d0, hsize_t d1,
                           hsize_t d2, int distributed, void *data, void *const *rows,
                           const char *description) {
  ckpt_field f = {path, type, rank, {d0, d1, d2}, distributed, data, description, rows};
  return f;
}

int ckpt_field_npieces(const ckpt_state *st, const ckpt_field *f, int rank, int reading) {
  if (!f->distributed) return reading || rank == 0 ? 1 : 0;
  if (f->colony_rows) return (int)st->colony_count;
  return st->colony_count > 0 ? 1 : 0;
}

ckpt_piece ckpt_field_piece(const ckpt_state *st, const ckpt_field *f, int rank, int reading,
                            int k) {
  ckpt_piece p = {0, 0, NULL};
  if (k < 0 || k >= ckpt_field_npieces(st, f, rank, reading)) return p;
  if (!f->distributed) {
    p.count = f->dims[0];
    p.data = f->data;
  } else if (f->colony_rows) {
    p.first = st->colony_first + (hsize_t)k;
    p.count = 1;
    p.data = f->colony_rows[k];
  } else {
    p.first = st->colony_first;
    p.count = st->colony_count;
    p.data = f->data;
  }
  return p;
}

uint64_t ckpt_field_row_bytes(const ckpt_field *f) {
  uint64_t bytes = H5Tget_size(f->type);
  for (int i = 1; i < f->rank; i++)
    bytes *= f->dims[i];
  return bytes;
}

uint64_t ckpt_field_bytes(const ckpt_field *f) { return ckpt_field_row_bytes(f) * f->dims[0]; }

ar_status ckpt_state_add(ckpt_state *st, ckpt_part *part) {
  if (st->nparts >= CKPT_MAX_PARTS)
    return ar_fail(AR_ERR_INTERNAL, "checkpoint description: more than %d parts (adding %s)",
                   CKPT_MAX_PARTS, part->name ? part->name : "?");
  st->parts[st->nparts++] = part;
  return AR_OK;
}

int ckpt_state_nfields(const ckpt_state *st) {
  int n = 0;
  for (int p = 0; p < st->nparts; p++)
    n += st->parts[p]->nfields;
  return n;
}

ckpt_field *ckpt_state_field(const ckpt_state *st, int i) {
  for (int p = 0; p < st->nparts; p++) {
    if (i < st->parts[p]->nfields) return &st->parts[p]->fields[i];
    i -= st->parts[p]->nfields;
  }
  return NULL;
}

int ckpt_state_nscalars(const ckpt_state *st) {
  int n = 0;
  for (int p = 0; p < st->nparts; p++)
    n += st->parts[p]->nscalars;
  return n;
}

ckpt_scalar *ckpt_state_scalar(const ckpt_state *st, int i) {
  for (int p = 0; p < st->nparts; p++) {
    if (i < st->parts[p]->nscalars) return &st->parts[p]->scalars[i];
    i -= st->parts[p]->nscalars;
  }
  return NULL;
}

ar_status ckpt_state_stage(ckpt_state *st) {
  for (int p = 0; p < st->nparts; p++) {
    ckpt_part *part = st->parts[p];
    ar_status s = part->stage ? part->stage(part->owner, st) : AR_OK;
    if (s != AR_OK) return s;
  }
  return AR_OK;
}

uint64_t ckpt_state_bytes(const ckpt_state *st) {
  uint64_t total = 0;
  for (int i = 0; i < ckpt_state_nfields(st); i++)
    total += ckpt_field_bytes(ckpt_state_field(st, i));
  return total;
}

ar_status ckpt_state_check(const ckpt_state *st) {
  for (int p = 0; p < st->nparts; p++)
    if (!st->parts[p] || st->parts[p]->nfields < 0 ||
        (st->parts[p]->nfields > 0 && !st->parts[p]->fields) || st->parts[p]->nscalars < 0 ||
        (st->parts[p]->nscalars > 0 && !st->parts[p]->scalars))
      return ar_fail(AR_ERR_INTERNAL, "checkpoint description: part %d has no field array", p);
  const int nfields = ckpt_state_nfields(st), nscalars = ckpt_state_nscalars(st);
  for (int i = 0; i < nfields; i++) {
    const ckpt_field *f = ckpt_state_field(st, i);
    const char *name = f->path ? f->path : "(no path)";
    if (!f->path || f->path[0] != '/')
      return ar_fail(AR_ERR_INTERNAL, "checkpoint field %d: path %s must start with /", i, name);
    if (f->rank < 1 || f->rank > CKPT_MAX_RANK)
      return ar_fail(AR_ERR_INTERNAL, "checkpoint field %s: rank %d is not 1..%d", name, f->rank,
                     CKPT_MAX_RANK);
    H5T_class_t cls = H5Tget_class(f->type);
    if ((cls != H5T_INTEGER && cls != H5T_FLOAT) || H5Tget_size(f->type) == 0)
      return ar_fail(AR_ERR_INTERNAL, "checkpoint field %s: type must be a native number", name);
    hsize_t rows = f->distributed ? st->colony_count : f->dims[0];
    if (f->distributed &&
        (st->colony_first > f->dims[0] || st->colony_count > f->dims[0] - st->colony_first))
      return ar_fail(AR_ERR_INTERNAL,
                     "checkpoint field %s: this rank's colonies %llu..%llu lie outside its %llu "
                     "rows",
                     name, (unsigned long long)st->colony_first,
                     (unsigned long long)(st->colony_first + st->colony_count),
                     (unsigned long long)f->dims[0]);
    if (f->colony_rows && !f->distributed)
      return ar_fail(AR_ERR_INTERNAL, "checkpoint field %s: colony_rows needs a distributed field",
                     name);
    if (f->colony_rows) {
      for (hsize_t k = 0; k < st->colony_count; k++)
        if (!f->colony_rows[k] && ckpt_field_row_bytes(f) > 0)
          return ar_fail(AR_ERR_INTERNAL, "checkpoint field %s: no data for local colony %llu",
                         name, (unsigned long long)k);
    } else if (rows > 0 && ckpt_field_row_bytes(f) > 0 && !f->data) {
      return ar_fail(AR_ERR_INTERNAL, "checkpoint field %s: no data", name);
    }
    for (int j = 0; j < i; j++)
      if (strcmp(ckpt_state_field(st, j)->path, f->path) == 0)
        return ar_fail(AR_ERR_INTERNAL, "checkpoint field %s appears twice", name);
  }
  static const char *const reserved[] = {
      "format",   "format_version",    "tool_version", "created",   "parameters",
      "complete", "search_parameters", "epoch",        "iteration", "input_checksum",
      "sequence", "written_by_ranks",  "header_crc32"};
  for (int i = 0; i < nscalars; i++) {
    const char *name = ckpt_state_scalar(st, i)->name;
    if (!name || !name[0]) return ar_fail(AR_ERR_INTERNAL, "checkpoint scalar %d has no name", i);
    for (size_t k = 0; k < sizeof reserved / sizeof reserved[0]; k++)
      if (strcmp(name, reserved[k]) == 0)
        return ar_fail(AR_ERR_INTERNAL, "checkpoint scalar '%s' is a reserved attribute name",
                       name);
  }
  return AR_OK;
}
