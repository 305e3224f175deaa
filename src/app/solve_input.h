/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_input: `antroute solve FILE.tsp -o r.h5`, a first run in one command (docs/cli.md,
 * "antroute solve"). An input that is not an HDF5 file is imported on the fly by the wing whose
 * importer recognises it (wing.h, solve_recognises: the tour wing's TSPLIB .tsp/.atsp), with
 * that importer's defaults (the lower bound included, a .opt.tour and OPTIMA.tsv beside the
 * input), into the network file beside the results: RESULTS.net.h5 (r.h5 -> r.net.h5), which
 * `report` later reads for the pictures. The network is rewritten by every such solve. Under a
 * time budget (solve_budget.h) the importer also gets the wing's solve_import_budget_args (tours:
 * --no-bound --alpha-steps 0), so that the solve's plan of --time schedules that work or leaves
 * the optional part out, instead of an import before the plan that no budget stops. */
#ifndef AR_SOLVE_INPUT_H
#define AR_SOLVE_INPUT_H

#include <stddef.h>

#include "ar_error.h"
#include "param.h"

/* Collective over MPI_COMM_WORLD. When ps's network (positional 0) is a regular non-empty file
 * that is not HDF5: imports it into net (cap bytes: RESULTS.net.h5) and points positional 0 at
 * net; any other input is left as it is (the solve's own reader judges it). AR_ERR_INPUT with the
 * hint "X is not an HDF5 file; convert it first: antroute import NAME|NAME ..." when no wing
 * recognises it; else the importer's failures (AR_ERR_USAGE, AR_ERR_INPUT, AR_ERR_IO,
 * AR_ERR_NOMEM), agreed by every rank. */
ar_status solve_input_prepare(param_set *ps, char *net, size_t cap);

#endif
