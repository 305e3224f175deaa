/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_launch: #SBATCH, srun, mpirun and OMP_* lines for a plan. */
#include "topo_launch.h"

const char *topo_launch_omp_places(const topo_plan *plan) {
  return plan->bind == TOPO_BIND_PU ? "threads" : "cores";
}

const char *topo_launch_cpu_bind(const topo_plan *plan) {
  return plan->bind == TOPO_BIND_PU ? "threads" : "cores";
}

void topo_launch_srun_options(const topo_plan *plan, char *buf, size_t size) {
  snprintf(buf, size, "--distribution=block:block --cpu-bind=%s", topo_launch_cpu_bind(plan));
}

void topo_launch_mpirun_options(const topo_plan *plan, char *buf, size_t size) {
  const int cpus = topo_layout_cpus(&plan->layout);
  /* Open MPI counts PE in cores unless --use-hwthread-cpus makes hardware threads the CPUs. */
  int hwthreads = plan->bind == TOPO_BIND_PU;
  int pe = hwthreads || !plan->smt ? cpus : cpus / plan->shape.pus_per_core;
  char ppr[64];
  if (plan->by_package && plan->shape.packages > 1)
    snprintf(ppr, sizeof ppr, "ppr:%d:socket:PE=%d", plan->ranks_per_package, pe);
  else
    snprintf(ppr, sizeof ppr, "ppr:%d:node:PE=%d", plan->layout.ranks_per_node, pe);
  snprintf(buf, size, "--map-by %s %s", ppr,
           hwthreads ? "--use-hwthread-cpus --bind-to hwthread" : "--bind-to core");
}

void topo_launch_print_sbatch(const topo_plan *plan, const char *source, FILE *out) {
  const topo_layout *lay = &plan->layout;
  const topo_shape *s = &plan->shape;
  char srun[128];
  topo_launch_srun_options(plan, srun, sizeof srun);
  fprintf(out,
          "# antroute advise: %d rank%s x %d thread%s per node, node of %d x %d x %d: %s\n"
          "# bind to %s; run the step with:\n"
          "#   export OMP_NUM_THREADS=%d OMP_PLACES=%s OMP_PROC_BIND=close\n"
          "#   srun -c $SLURM_CPUS_PER_TASK %s PROGRAM\n",
          lay->ranks_per_node, lay->ranks_per_node == 1 ? "" : "s", lay->threads_per_rank,
          lay->threads_per_rank == 1 ? "" : "s", s->packages, s->cores_per_package, s->pus_per_core,
          source, topo_bind_unit_name(plan->bind), lay->threads_per_rank,
          topo_launch_omp_places(plan), srun);
  fprintf(out, "#SBATCH --nodes=%d\n", lay->nodes);
  fprintf(out, "#SBATCH --ntasks=%lld\n", (long long)lay->nodes * lay->ranks_per_node);
  fprintf(out, "#SBATCH --ntasks-per-node=%d\n", lay->ranks_per_node);
  if (plan->by_package) fprintf(out, "#SBATCH --ntasks-per-socket=%d\n", plan->ranks_per_package);
  fprintf(out, "#SBATCH --cpus-per-task=%d\n", topo_layout_cpus(lay));
  fprintf(out, "#SBATCH --threads-per-core=%d\n", plan->threads_per_core);
  fprintf(out, "# --hint=%s asks the same; Slurm refuses --hint together with --threads-per-core\n",
          plan->threads_per_core > 1 ? "multithread" : "nomultithread");
}

void topo_launch_print_env(const topo_plan *plan, FILE *out) {
  char srun[128], mpirun[160];
  topo_launch_srun_options(plan, srun, sizeof srun);
  topo_launch_mpirun_options(plan, mpirun, sizeof mpirun);
  fprintf(out,
          "OMP_NUM_THREADS=%d\nOMP_PLACES=%s\nOMP_PROC_BIND=close\n"
          "export OMP_NUM_THREADS OMP_PLACES OMP_PROC_BIND\n"
          "AR_NTASKS=%lld\nAR_CPUS_PER_TASK=%d\nAR_BIND=%s\n"
          "AR_SRUN_OPTIONS='%s'\nAR_MPIRUN_OPTIONS='%s'\n",
          plan->layout.threads_per_rank, topo_launch_omp_places(plan),
          (long long)plan->layout.nodes * plan->layout.ranks_per_node,
          topo_layout_cpus(&plan->layout), plan->bind == TOPO_BIND_PU ? "threads" : "cores", srun,
          mpirun);
}

void topo_launch_print_srun(const topo_plan *plan, const char *program, FILE *out) {
  char srun[128];
  topo_launch_srun_options(plan, srun, sizeof srun);
  fprintf(out, "srun -c $SLURM_CPUS_PER_TASK %s %s\n", srun, program);
}

void topo_launch_print_mpirun(const topo_plan *plan, const char *program, FILE *out) {
  char mpirun[160];
  topo_launch_mpirun_options(plan, mpirun, sizeof mpirun);
  fprintf(out,
          "OMP_NUM_THREADS=%d OMP_PLACES=%s OMP_PROC_BIND=close mpirun -np %lld %s "
          "--report-bindings -x OMP_NUM_THREADS -x OMP_PLACES -x OMP_PROC_BIND %s\n",
          plan->layout.threads_per_rank, topo_launch_omp_places(plan),
          (long long)plan->layout.nodes * plan->layout.ranks_per_node, mpirun, program);
}
