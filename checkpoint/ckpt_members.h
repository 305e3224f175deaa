/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_members: an array of records (one C struct per colony, per epoch, per month) written as
 * one checkpoint field per named member, so that adding a member adds a dataset and cannot shift
 * another (no state is packed by position).
 *
 * The owner declares its members once, in a static table beside its struct:
 *   static const ckpt_member colony_members[] = {
 *       {.name = "iterations", .type = CKPT_MEMBER_I64,
 *        .offset = offsetof(aco_colony_state, iterations), .meaning = "iterations completed"},
 *       {.name = "best_cost", .type = CKPT_MEMBER_F64, .count = 3, ...}, ...};
 * and ckpt_members_init() makes one field per member, GROUP/NAME, of shape [rows] (count 1) or
 * [rows][count]: distributed over the colonies or replicated, like any ckpt_field. Before a write
 * ckpt_members_pack() copies the records into the fields' buffers; after a read
 * ckpt_members_unpack() copies them back into records (members not in the table are left as
 * they are).
 */
#ifndef AR_CKPT_MEMBERS_H
#define AR_CKPT_MEMBERS_H

#include <stddef.h>

#include "ckpt_field.h"

typedef enum { CKPT_MEMBER_I8, CKPT_MEMBER_I32, CKPT_MEMBER_I64, CKPT_MEMBER_F64 } ckpt_member_type;

typedef struct {
  const char *name;      /* dataset name inside the group: "tau_max" */
  ckpt_member_type type; /* the member's C type (int8_t, int32_t, int64_t, double) */
  size_t offset;         /* offsetof(record, member) */
  int count;             /* elements of a fixed vector member (a cost: 3 doubles); 0 means 1 */
  const char *meaning;   /* the dataset's description attribute */
} ckpt_member;

typedef struct {
  const ckpt_member *members;
  int n;
  size_t stride;      /* sizeof(record) */
  ckpt_field *fields; /* n fields, in the owner's part (filled by ckpt_members_init) */
  char **paths;       /* [n]: GROUP/NAME */
  void **buf;         /* [n]: rows * count elements each */
  size_t rows;        /* records this rank's buffers hold */
} ckpt_members;

/* Fills fields[0..n) with one field per member under group ("/colonies"), with buffers for rows
 * records on this rank and global_rows in the file (distributed: rows = this rank's colonies,
 * global_rows = all; replicated: rows = global_rows). AR_ERR_NOMEM; on failure the set is freed. */
ar_status ckpt_members_init(ckpt_members *m, const char *group, const ckpt_member *members, int n,
                            size_t stride, int distributed, ckpt_field *fields, size_t rows,
                            hsize_t global_rows);

/* Resizes the buffers (and the fields' shapes) for another number of records, for records whose
 * count changes (one per epoch). AR_ERR_NOMEM naming the count. */
ar_status ckpt_members_size(ckpt_members *m, size_t rows, hsize_t global_rows);

/* Records -> buffers (m->rows records at records, m->stride bytes apart). Cannot fail. */
void ckpt_members_pack(ckpt_members *m, const void *records);

/* Buffers -> records (only the declared members of each record are written). Cannot fail. */
void ckpt_members_unpack(const ckpt_members *m, void *records);

/* Frees the paths and buffers (the fields then point nowhere). Safe on a zeroed set. */
void ckpt_members_free(ckpt_members *m);

#endif
