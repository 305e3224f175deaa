/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_bind: `--bind WORD` and `--report-binding`, the same for solve and advise. */
#ifndef AR_CLI_BIND_H
#define AR_CLI_BIND_H

#include "ar_error.h"

/* Collective over MPI_COMM_WORLD: binds every rank's OpenMP threads as `bind_word` says
 * (topo_bind_by_word: none, auto, cores, threads, or the old core and pu), then, when `report`,
 * prints the binding report on rank 0's stdout (topo_binding_report). The same status on every
 * rank: AR_ERR_USAGE for an unknown word, AR_ERR_INTERNAL when binding fails, AR_ERR_MPI. */
ar_status cli_bind(const char *bind_word, int report);

#endif
