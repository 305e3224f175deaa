/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_launch: the launcher lines that realise a plan: Slurm's #SBATCH header and srun line,
 * Open MPI 4.1's mpirun line, and the OpenMP environment.
 *
 * For the flagship 64x3 on 4 x 24 x 2 (docs/parallel.md, "Binding and the advisor"):
 *   #SBATCH --nodes=1 --ntasks=64 --ntasks-per-node=64 --ntasks-per-socket=16
 *   #SBATCH --cpus-per-task=3 --threads-per-core=2       (one option per line)
 *   srun -c $SLURM_CPUS_PER_TASK --distribution=block:block --cpu-bind=threads PROGRAM
 *   mpirun -np 64 --map-by ppr:16:socket:PE=3 --use-hwthread-cpus --bind-to hwthread ...
 *   OMP_NUM_THREADS=3 OMP_PLACES=threads OMP_PROC_BIND=close
 * Slurm refuses --hint together with --threads-per-core, so the header states --hint only as a
 * comment. Open MPI 4.1 spells packages "socket" in --map-by.
 *
 * The printers cannot fail (they write to `out`; a write error shows on the stream).
 */
#ifndef AR_TOPO_LAUNCH_H
#define AR_TOPO_LAUNCH_H

#include <stddef.h>
#include <stdio.h>

#include "topo_plan.h"

/* "threads" or "cores" */
const char *topo_launch_omp_places(const topo_plan *plan);

/* "threads" or "cores" (srun --cpu-bind) */
const char *topo_launch_cpu_bind(const topo_plan *plan);

/* srun options after -c: "--distribution=block:block --cpu-bind=threads" */
void topo_launch_srun_options(const topo_plan *plan, char *buf, size_t size);

/* mpirun options after -np: "--map-by ppr:16:socket:PE=3 --use-hwthread-cpus --bind-to
 * hwthread" */
void topo_launch_mpirun_options(const topo_plan *plan, char *buf, size_t size);

/* The #SBATCH block: comment lines starting with "# " and "#SBATCH --option=value" lines only,
 * so it can sit at the top of a batch script with more #SBATCH lines after it. Stable format,
 * documented in docs/parallel.md ("--format sbatch"). `source` describes the topology. */
void topo_launch_print_sbatch(const topo_plan *plan, const char *source, FILE *out);

/* Shell assignments for `eval`: OMP_NUM_THREADS, OMP_PLACES, OMP_PROC_BIND (exported),
 * AR_SRUN_OPTIONS, AR_MPIRUN_OPTIONS, AR_NTASKS, AR_CPUS_PER_TASK, AR_BIND. */
void topo_launch_print_env(const topo_plan *plan, FILE *out);

/* "srun -c $SLURM_CPUS_PER_TASK ... PROGRAM" (one line). */
void topo_launch_print_srun(const topo_plan *plan, const char *program, FILE *out);

/* "OMP_NUM_THREADS=3 ... mpirun -np 64 ... -x OMP_NUM_THREADS ... PROGRAM" (one line). */
void topo_launch_print_mpirun(const topo_plan *plan, const char *program, FILE *out);

#endif
