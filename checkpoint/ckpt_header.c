/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_header: the root of a checkpoint, judged digest first (see ckpt_header.h). */
#include "ckpt_header.h"

#include <stdint.h>

#include "ckpt_digest.h"
#include "ckpt_field.h"
#include "h5meta.h"
#include "h5u.h"

static ar_status header_fail(ckpt_problem *problem, ckpt_problem kind, ar_status st) {
  *problem = kind;
  return st;
}

ar_status ckpt_header_check(hid_t file, const char *path, ckpt_problem *problem) {
  int has_digest = h5u_attr_exists(file, CKPT_DIGEST_ATTRIBUTE);
  if (has_digest) {
    int64_t stored = -1;
    uint32_t crc = 0;
    if (h5u_attr_read_i64(file, CKPT_DIGEST_ATTRIBUTE, &stored) != AR_OK ||
        ckpt_digest(file, path, &crc) != AR_OK)
      return header_fail(problem, CKPT_PROBLEM_DAMAGED, AR_ERR_INPUT);
    if (stored != (int64_t)crc)
      return header_fail(problem, CKPT_PROBLEM_DAMAGED,
                         ar_fail(AR_ERR_INPUT,
                                 "%s: the header is damaged: an attribute, a dataset's type or "
                                 "shape, or a dataset's recorded CRC was changed (header CRC-32 "
                                 "%08llx, the file records %08llx)",
                                 path, (unsigned long long)crc, (unsigned long long)stored));
  }
  char format[64];
  int64_t version = 0;
  ar_status st = h5meta_check(file, H5META_CHECKPOINT, INT64_MAX, format, sizeof format, &version);
  if (st != AR_OK) return header_fail(problem, CKPT_PROBLEM_DAMAGED, st);
  /* An intact older file (its digest, if any, held above) is another antroute's, not damage. */
  if (version < CKPT_FORMAT_VERSION)
    return header_fail(problem, CKPT_PROBLEM_MISMATCH,
                       ar_fail(AR_ERR_INPUT,
                               "%s: checkpoint format version %lld was written by an older "
                               "antroute; this one reads version %d only (start without "
                               "--resume, or finish the run with the antroute that wrote it)",
                               path, (long long)version, CKPT_FORMAT_VERSION));
  if (!has_digest)
    return header_fail(problem, CKPT_PROBLEM_DAMAGED,
                       ar_fail(AR_ERR_INPUT,
                               "%s: no header checksum (%s) where format version %lld needs one",
                               path, CKPT_DIGEST_ATTRIBUTE, (long long)version));
  if (version > CKPT_FORMAT_VERSION)
    return header_fail(problem, CKPT_PROBLEM_MISMATCH,
                       ar_fail(AR_ERR_INPUT,
                               "%s: checkpoint format version %lld is newer than this antroute "
                               "reads (%d)",
                               path, (long long)version, CKPT_FORMAT_VERSION));
  int64_t complete = 0;
  if (!h5u_attr_exists(file, "complete") ||
      h5u_attr_read_i64(file, "complete", &complete) != AR_OK || complete != 1)
    return header_fail(
        problem, CKPT_PROBLEM_DAMAGED,
        ar_fail(AR_ERR_INPUT, "%s: no 'complete' mark: the checkpoint was not finished", path));
  return AR_OK;
}
