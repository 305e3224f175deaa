/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_outputs: `antroute solve` never writes over one of its own inputs (docs/cli.md).
 *
 * Before any work the driver compares what the run writes (the results file -o, the plan CSV
 * --csv, the checkpoints of --checkpoint-dir) with what it reads (the network file, --resume
 * FILE, --params FILE), by device and inode (ar_path.h):
 *   - an output (or the PATH.tmp it is written through) that is an input;
 *   - two outputs that share a folder entry;
 *   - an input lying in the checkpoint folder under a checkpoint's name (checkpoints there are
 *     overwritten, removed by --keep and moved aside);
 *   - an output under a checkpoint's name in the checkpoint folder, or that is an existing
 *     checkpoint of it.
 */
#ifndef AR_SOLVE_OUTPUTS_H
#define AR_SOLVE_OUTPUTS_H

#include <mpi.h>

#include "ar_error.h"
#include "param.h"

/* Collective over comm (rank 0 looks, every rank learns the verdict, marked shared).
 * AR_ERR_USAGE naming both paths on a collision; ps is a parsed solve parameter set (either
 * kind's table). */
ar_status solve_outputs_check(const param_set *ps, MPI_Comm comm);

/* What an earlier segment of this run wrote (solve_outputs_own): replaced without a backup. */
typedef struct {
  int results; /* the results file at -o */
  int plan;    /* the plan CSV at --csv */
} solve_outputs_owned;

/* Whether the results file `path` (which may not exist) is this run's own, written by an earlier
 * segment of it, the final one included (a Slurm job requeued after it finished): a run that
 * resumed a checkpoint (`resumed`) finds there a results file whose recorded parameters are ps's
 * record (param_serialize, PARAM_RECORD), but for the settings of one segment that leave the
 * answer alone (--max-hours, which the Slurm helper computes at each start, and the display
 * options: the options declared PARAM_SEGMENT, param.h). Such a file is replaced, and so is the
 * --csv plan when that file's `paths` name the same --csv; any other is kept as a backup
 * (ar_backup.h). Local (one rank calls it); never fails: a file that cannot be read is not this
 * run's. */
solve_outputs_owned solve_outputs_own(const param_set *ps, const char *path, int resumed);

#endif
