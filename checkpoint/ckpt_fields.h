/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_fields: the checkpoint file declared as h5field tables (io/common/h5field.h), so that
 * `antroute formats` lists it and docs/formats.md's checkpoint tables are generated from it and
 * checked (the test formats_docs).
 *
 * The checkpoint protocol's own part is declared here: the root attributes (ckpt_header_table,
 * "checkpoint:header") and the attributes every dataset carries. The state's datasets are
 * declared by their owners: the engine's in aco_engine_ckpt.c ("checkpoint:engine"), a kind's in
 * its wing; a record written member by member (ckpt_members.h) is declared by its member table
 * through ckpt_members_describe(), so that the member names, types and meanings are written once.
 */
#ifndef AR_CKPT_FIELDS_H
#define AR_CKPT_FIELDS_H

#include "ckpt_members.h"
#include "h5field.h"

/* The root attributes and the per-dataset attributes of every checkpoint. */
extern const h5field_table ckpt_header_table;

enum { CKPT_DESCRIBE_TEXT = 96 };

/* Storage for the rows that ckpt_members_describe() makes (their paths and shapes). */
typedef struct {
  char name[CKPT_DESCRIBE_TEXT];
  char path[CKPT_DESCRIBE_TEXT];
  char shape[CKPT_DESCRIBE_TEXT];
} ckpt_field_text;

/* Writes one h5field per member of members[0..n) into out[0..cap): path GROUP/NAME, name the
 * path's components joined by '_' ("global_epochs_time"), the member's type, shape "[ROWS]" or
 * "[ROWS][count]" (rows: "C", "E", "M"), its meaning. text[i] holds the strings of out[i] (it must
 * outlive out). Returns how many were written (at most cap). Cannot fail. */
int ckpt_members_describe(const ckpt_member *members, int n, const char *group, const char *rows,
                          h5field *out, ckpt_field_text *text, int cap);

#endif
