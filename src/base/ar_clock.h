/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_clock: the command's own wall clock, from the first instruction of main (app_main calls
 * ar_clock_start() before anything else, MPI_Init included), so that `solve --time T` counts
 * everything the command does: reading, bounds, candidate lists, first tours, the search,
 * writing (docs/cli.md). What the launcher (mpirun, srun) spends before main is not counted.
 * Never fails.
 */
#ifndef AR_CLOCK_H
#define AR_CLOCK_H

/* Notes the start (the first call only; later calls do nothing). */
void ar_clock_start(void);

/* Seconds since ar_clock_start() (a monotonic clock); starts the clock if nobody did. */
double ar_clock_elapsed(void);

/* Notes that MPI is ready (app_main, after MPI_Init; the first call only), so that a run can
 * tell its start apart from the rest of its work before the search. */
void ar_clock_note_mpi(void);

/* Seconds from the start until MPI was ready; 0 when not noted. */
double ar_clock_mpi(void);

#endif
