/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt: checkpoint/restart of antroute (one header for the whole module).
 *
 *   ckpt_field.h     what a checkpoint holds (fields, scalars, match strings)
 *   ckpt_write.h     collective write, CRC per dataset, atomic rename, --keep rotation
 *   ckpt_read.h      collective read on any number of ranks, CRC and match checks
 *   ckpt_resume.h    --resume auto|FILE with fallback over damaged checkpoints
 *   ckpt_find.h      the newest sound checkpoint of a directory; ckpt_verify.h: check one file
 *   ckpt_header.h    the root judged digest first; ckpt_digest.h: the CRC of every attribute,
 *                    type and shape; ckpt_problem.h: why a checkpoint cannot be used
 *   ckpt_input.h     checksum of the input file; ckpt_identity.h: whose files (rotation)
 *   ckpt_lock.h      one run per folder; ckpt_keep.h: values kept for restarts (the bound)
 *   ckpt_deadline.h  --max-hours, SLURM_JOB_END_TIME; ckpt_stop.h: the stop decision all ranks
 *                    agree on (signals: src/base/ar_signal.h)
 *   ckpt_schedule.h  when to write (epoch end, every N iterations, every S seconds, on stop)
 *   ckpt_options.h   solve's checkpoint options
 * See docs/checkpoint.md for the file format and how solve drives these.
 */
#ifndef AR_CKPT_H
#define AR_CKPT_H

#include "ar_agree.h"
#include "ckpt_crc.h"
#include "ckpt_deadline.h"
#include "ckpt_digest.h"
#include "ckpt_dir.h"
#include "ckpt_field.h"
#include "ckpt_find.h"
#include "ckpt_header.h"
#include "ckpt_identity.h"
#include "ckpt_input.h"
#include "ckpt_keep.h"
#include "ckpt_lock.h"
#include "ckpt_match.h"
#include "ckpt_options.h"
#include "ckpt_problem.h"
#include "ckpt_read.h"
#include "ckpt_resume.h"
#include "ckpt_schedule.h"
#include "ckpt_stop.h"
#include "ckpt_verify.h"
#include "ckpt_write.h"

#endif
