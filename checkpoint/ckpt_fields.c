/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_fields: the checkpoint protocol's part of the file, declared (see ckpt_fields.h). */
#include "ckpt_fields.h"

#include <stdio.h>

#define ROOT_ATTR(key, t, text)                                                                    \
  { .name = key, .path = "/" key, .type = t, .meaning = text, .flags = H5FIELD_ATTRIBUTE }
#define DATASET_ATTR(key, t, text)                                                                 \
  {                                                                                                \
    .name = "dataset_" key, .path = "/GROUP/DATASET/" key, .type = t, .meaning = text,             \
    .flags = H5FIELD_ATTRIBUTE | H5FIELD_PER_GROUP                                                 \
  }

static const h5field header_fields[] = {
    ROOT_ATTR("format", H5FIELD_STR, "\"antroute-checkpoint\""),
    ROOT_ATTR("format_version", H5FIELD_I64,
              "the layout's version (CKPT_FORMAT_VERSION); older versions are refused, exit 3"),
    ROOT_ATTR("tool_version", H5FIELD_STR, "the antroute that wrote it"),
    ROOT_ATTR("tool_build", H5FIELD_STR, "its commit, build type and compiler"),
    ROOT_ATTR("created", H5FIELD_STR, "when (UTC, ISO 8601)"),
    ROOT_ATTR("parameters", H5FIELD_STR,
              "all parameters of the run that wrote it (a parameter file: --params reads it)"),
    ROOT_ATTR("search_parameters", H5FIELD_STR,
              "the search parameters (PARAM_SEARCH) as key = value lines: compared on resume"),
    ROOT_ATTR("input_checksum", H5FIELD_STR,
              "crc32:1a2b3c4d size:123456 of the input network file's bytes: compared on resume"),
    ROOT_ATTR("epoch", H5FIELD_I64, "epochs completed"),
    ROOT_ATTR("iteration", H5FIELD_I64, "iterations completed"),
    ROOT_ATTR("sequence", H5FIELD_I64, "the checkpoint's number"),
    ROOT_ATTR("written_by_ranks", H5FIELD_I64, "MPI ranks that wrote it (information only)"),
    ROOT_ATTR("complete", H5FIELD_I64, "1: a file without it was not finished and is never used"),
    ROOT_ATTR("header_crc32", H5FIELD_I64,
              "written last: the CRC-32 of every other root attribute and of every group's and "
              "dataset's path, type, shape and attributes (docs/checkpoint.md, \"Checks\")"),
    DATASET_ATTR("crc32", H5FIELD_I64,
                 "every dataset: the CRC-32 of its bytes in global row-major order and the file's "
                 "type (the same whatever the number of ranks that wrote it)"),
    DATASET_ATTR("distributed", H5FIELD_I64,
                 "every dataset: 1 when dimension 0 is the colony dimension (each rank wrote its "
                 "block of colonies), 0 when replicated (written by rank 0)"),
    DATASET_ATTR("description", H5FIELD_STR, "every dataset: its meaning"),
};

const h5field_table ckpt_header_table =
    H5FIELD_TABLE("checkpoint:header", "Checkpoint file: header", header_fields);

static h5field_type member_type(ckpt_member_type t) {
  switch (t) {
  case CKPT_MEMBER_I8: return H5FIELD_I8;
  case CKPT_MEMBER_I32: return H5FIELD_I32;
  case CKPT_MEMBER_I64: return H5FIELD_I64;
  case CKPT_MEMBER_F64: break;
  }
  return H5FIELD_F64;
}

int ckpt_members_describe(const ckpt_member *members, int n, const char *group, const char *rows,
                          h5field *out, ckpt_field_text *text, int cap) {
  int k = 0;
  for (int i = 0; i < n && k < cap; i++, k++) {
    const ckpt_member *m = &members[i];
    snprintf(text[k].path, sizeof text[k].path, "%s/%s", group, m->name);
    snprintf(text[k].name, sizeof text[k].name, "%s", text[k].path + (text[k].path[0] == '/'));
    for (char *c = text[k].name; *c; c++)
      if (*c == '/') *c = '_';
    if (m->count > 1)
      snprintf(text[k].shape, sizeof text[k].shape, "[%s][%d]", rows, m->count);
    else
      snprintf(text[k].shape, sizeof text[k].shape, "[%s]", rows);
    out[k] = (h5field){.name = text[k].name,
                       .path = text[k].path,
                       .type = member_type(m->type),
                       .rank = m->count > 1 ? 2 : 1,
                       .shape = text[k].shape,
                       .meaning = m->meaning};
  }
  return k;
}
