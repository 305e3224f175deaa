/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_rank0: run a serial command's work on rank 0 while the other ranks wait, so that commands
 * such as `import` behave the same under mpirun as alone. */
#ifndef AR_CLI_RANK0_H
#define AR_CLI_RANK0_H

#include "ar_error.h"
#include "param.h"

/* Runs work(ctx) on rank 0 of MPI_COMM_WORLD and broadcasts its status: every rank returns it.
 * On failure, ranks other than 0 carry a "failed on rank 0" message marked shared, so only rank 0
 * prints (main()). */
ar_status cli_rank0_run(ar_status (*work)(void *ctx), void *ctx);

/* cli_rank0_run() of a command's work on its parsed parameters. Fails as cli_rank0_run(). */
ar_status cli_rank0_run_params(ar_status (*work)(const param_set *ps), const param_set *ps);

#endif
