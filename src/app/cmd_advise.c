/* cmd_advise: `antroute advise`: recommend or judge a ranks x threads layout for a node and print
 * the #SBATCH, srun, mpirun and OMP_* lines that realise it; with --report-binding, show where
 * the threads of this run actually are. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "param.h"
#include "topo_bind.h"
#include "topo_binding.h"
#include "topo_colonies.h"
#include "topo_judge.h"
#include "topo_launch.h"
#include "topo_load.h"
#include "topo_plan.h"
#include "topo_recommend.h"
#include "topo_shape.h"

enum { ADVISE_RANKS_SHOWN = 4, ADVISE_CANDIDATES = 6 };

static const param_def advise_params[] = {
    {"topology", 0, PARAM_STRING, NULL, NULL, 1, 0, "DESC",
     "advise for an hwloc synthetic topology, e.g. \"pack:4 [numa] l3:1 core:24 pu:2\" "
     "(default: this machine)",
     0},
    {"topology-xml", 0, PARAM_STRING, NULL, NULL, 1, 0, "FILE",
     "advise for a topology exported with `lstopo -f FILE.xml` on the target node", 0},
    {"nodes", 'N', PARAM_INT, "1", NULL, 1, 100000, "N", "number of nodes of the job", 0},
    {"layout", 'l', PARAM_STRING, NULL, NULL, 1, 0, "RxT",
     "judge this layout: R ranks per node x T OpenMP threads per rank (default: recommend one)", 0},
    {"cpus-per-task", 'c', PARAM_INT, NULL, NULL, 1, 65536, "C",
     "CPUs the launcher gives each rank when not T (Slurm -c, Open MPI PE=)", 0},
    {"program", 0, PARAM_STRING, "antroute solve NETWORK.h5 -o RESULTS.h5", NULL, 1, 0, "CMD",
     "the command the srun and mpirun lines start", 0},
    {"format", 'f', PARAM_CHOICE, "text", "text|sbatch|env", 1, 0, "F",
     "text: the full advice; sbatch: only the #SBATCH header block; env: shell assignments "
     "(OMP_*, AR_SRUN_OPTIONS, AR_MPIRUN_OPTIONS) for eval",
     0},
    {"colonies", 0, PARAM_INT, NULL, NULL, 1, 1e9, "C",
     "judge solve --colonies C for the layout (default: recommend a count)", 0},
    {"prefer-threads", 0, PARAM_INT, "3", NULL, 1, 4096, "T",
     "threads per rank the recommendation favours (3: the seed work's measured best)", 0},
    {"plan", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "list every rank of a node with its cores, PUs and threads", 0},
    {"report-binding", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "instead of advising, report where every thread of this run may run (start it with your "
     "launcher: srun/mpirun ... antroute advise --report-binding)",
     0},
    {"bind", 0, PARAM_CHOICE, "none", "none|auto|cores|threads", 1, 0, "UNIT",
     "with --report-binding: first bind each OpenMP thread inside its rank's mask", 0},
};

static void print_rank(hwloc_topology_t topo, const topo_plan *plan, int r, FILE *out) {
  (void)topo;
  const topo_rank_plan *rp = &plan->ranks[r];
  char cores[256], pus[256], thread[64];
  topo_bitmap_text(rp->cores, cores, sizeof cores);
  topo_bitmap_text(rp->cpuset, pus, sizeof pus);
  fprintf(out, "  rank %3d  package %d%s  cores %-8s PUs %-10s threads on PUs ", r, rp->package,
          rp->npackages > 1 ? "+" : "", cores, pus);
  for (int t = 0; t < plan->layout.threads_per_rank; t++) {
    topo_bitmap_text(rp->thread_cpusets[t], thread, sizeof thread);
    fprintf(out, "%s%s", t ? " | " : "", thread);
  }
  fprintf(out, "\n");
}

static void print_placement(hwloc_topology_t topo, const topo_plan *plan, int all, FILE *out) {
  const topo_layout *lay = &plan->layout;
  const int cpus = topo_layout_cpus(lay);
  if (plan->by_package)
    fprintf(out, "placement: up to %d rank%s per package (--ntasks-per-socket=%d)",
            plan->ranks_per_package, plan->ranks_per_package == 1 ? "" : "s",
            plan->ranks_per_package);
  else
    fprintf(out, "placement: ranks packed over the node (they do not fit package by package)");
  if (plan->smt)
    fprintf(out, ", %d hardware thread%s per rank (%g cores)", cpus, cpus == 1 ? "" : "s",
            (double)cpus / plan->shape.pus_per_core);
  else
    fprintf(out, ", %d core%s per rank, one thread per core", cpus, cpus == 1 ? "" : "s");
  fprintf(out, "; bind to %s\n", topo_bind_unit_name(plan->bind));
  /* Per package: which ranks and PUs. */
  int first = 0;
  for (int p = 0; p < plan->shape.packages; p++) {
    int n = plan->package_ranks[p];
    hwloc_bitmap_t pus = hwloc_bitmap_alloc();
    if (!pus) return;
    for (int r = first; r < first + n; r++)
      hwloc_bitmap_or(pus, pus, plan->ranks[r].cpuset);
    char text[512];
    topo_bitmap_text(pus, text, sizeof text);
    if (n > 1)
      fprintf(out, "  package %d: ranks %d-%d, PUs %s\n", p, first, first + n - 1, text);
    else if (n == 1)
      fprintf(out, "  package %d: rank %d, PUs %s\n", p, first, text);
    else
      fprintf(out, "  package %d: no rank starts here\n", p);
    hwloc_bitmap_free(pus);
    first += n;
  }
  int shown =
      all ? lay->ranks_per_node
          : (lay->ranks_per_node < ADVISE_RANKS_SHOWN ? lay->ranks_per_node : ADVISE_RANKS_SHOWN);
  for (int r = 0; r < shown; r++)
    print_rank(topo, plan, r, out);
  if (shown < lay->ranks_per_node)
    fprintf(out, "  ... (--plan lists all %d ranks; node n holds ranks %d*n to %d*n+%d)\n",
            lay->ranks_per_node, lay->ranks_per_node, lay->ranks_per_node, lay->ranks_per_node - 1);
}

static void print_lines(const topo_plan *plan, const char *source, const char *program, FILE *out) {
  fprintf(out, "\nSlurm batch script:\n");
  topo_launch_print_sbatch(plan, source, out);
  fprintf(out, "export OMP_NUM_THREADS=%d OMP_PLACES=%s OMP_PROC_BIND=close\n",
          plan->layout.threads_per_rank, topo_launch_omp_places(plan));
  topo_launch_print_srun(plan, program, out);
  fprintf(out, "\nOpen MPI 4.1 (inside the allocation, or with a hostfile):\n");
  topo_launch_print_mpirun(plan, program, out);
}

static void print_colonies(long long ranks, long long colonies, int given, FILE *out) {
  if (given)
    fprintf(out, "colonies: %lld (--colonies) over %lld rank%s\n", colonies, ranks,
            ranks == 1 ? "" : "s");
  else if (ranks == 1)
    fprintf(out,
            "colonies: solve --colonies %lld (the threads go on with one colony's ants while "
            "another ends its iteration)\n",
            colonies);
  else
    fprintf(out,
            "colonies: solve --colonies %lld (%lld per rank); any multiple of %lld keeps the "
            "ranks even (the answer depends on the count, not on the layout)\n",
            colonies, colonies / ranks, ranks);
}

static void print_candidates(const topo_candidate *cands, int n, FILE *out) {
  fprintf(out, "\nlayouts for this node, best first:\n");
  for (int i = 0; i < n; i++)
    fprintf(out, "  %d. %dx%d: %s\n", i + 1, cands[i].layout.ranks_per_node,
            cands[i].layout.threads_per_rank, cands[i].reason);
}

static ar_status advise(param_set *ps, FILE *out) {
  const char *synthetic = param_str(ps, "topology"), *xml = param_str(ps, "topology-xml");
  if (synthetic && xml) return ar_fail(AR_ERR_USAGE, "give --topology or --topology-xml, not both");
  topo_source source =
      synthetic ? TOPO_SOURCE_SYNTHETIC : (xml ? TOPO_SOURCE_XML : TOPO_SOURCE_THIS_MACHINE);
  const char *what = synthetic ? synthetic : xml;
  char described[512];
  topo_source_describe(source, what, described, sizeof described);
  hwloc_topology_t topo = NULL;
  ar_status st = topo_load(source, what, &topo);
  if (st != AR_OK) return st;
  topo_shape shape;
  topo_plan plan = {0};
  st = topo_shape_of(topo, described, &shape);
  if (st != AR_OK) goto done;

  const char *format = param_str(ps, "format");
  const int nodes = (int)param_int(ps, "nodes");
  const int prefer = (int)param_int(ps, "prefer-threads");
  topo_candidate cands[TOPO_MAX_CANDIDATES];
  int ncands = topo_recommend(&shape, nodes, prefer, cands, ADVISE_CANDIDATES);
  if (ncands < 1) {
    st = ar_fail(AR_ERR_NOMEM, "out of memory recommending layouts");
    goto done;
  }
  topo_layout layout = cands[0].layout;
  int judged = param_is_set(ps, "layout");
  if (judged) {
    layout.nodes = nodes;
    st = topo_layout_parse(param_str(ps, "layout"), &layout);
    if (st != AR_OK) goto done;
  }
  if (param_is_set(ps, "cpus-per-task")) layout.cpus_per_rank = (int)param_int(ps, "cpus-per-task");
  topo_findings findings;
  st = topo_judge(topo, &layout, prefer, &findings);
  if (st != AR_OK) goto done;
  const long long job_ranks = (long long)nodes * layout.ranks_per_node;
  const long long colonies = param_is_set(ps, "colonies")
                                 ? param_int(ps, "colonies")
                                 : topo_colonies_recommend(job_ranks, layout.threads_per_rank);
  topo_colonies_judge(job_ranks, layout.threads_per_rank, colonies, &findings);
  const int runnable = topo_findings_worst(&findings) < (int)TOPO_ERROR;
  if (runnable) {
    st = topo_plan_make(topo, &layout, &plan);
    if (st != AR_OK) goto done;
  }
  char layout_text[64];
  snprintf(layout_text, sizeof layout_text, "%dx%d", layout.ranks_per_node,
           layout.threads_per_rank);

  if (strcmp(format, "text") != 0) {
    if (!runnable) {
      const topo_finding *worst = NULL;
      for (int i = 0; i < findings.count && !worst; i++)
        if (findings.items[i].severity == TOPO_ERROR) worst = &findings.items[i];
      st = ar_fail(AR_ERR_USAGE, "layout %s cannot run well on %s: %s", layout_text, described,
                   worst ? worst->text : "see antroute advise --format text");
      goto done;
    }
    if (strcmp(format, "sbatch") == 0) {
      topo_launch_print_sbatch(&plan, described, out);
    } else {
      topo_launch_print_env(&plan, out);
      fprintf(out, "AR_COLONIES=%lld\n", colonies);
    }
    goto done;
  }

  char shape_text[256];
  topo_shape_describe(&shape, shape_text, sizeof shape_text);
  fprintf(out, "topology: %s\n          from %s\n", shape_text, described);
  const long long total_ranks = (long long)nodes * layout.ranks_per_node;
  const long long total_threads = total_ranks * layout.threads_per_rank;
  fprintf(out,
          "layout: %s = %d rank%s x %d thread%s per node on %d node%s (%lld rank%s, %lld "
          "thread%s): %s\n",
          layout_text, layout.ranks_per_node, layout.ranks_per_node == 1 ? "" : "s",
          layout.threads_per_rank, layout.threads_per_rank == 1 ? "" : "s", nodes,
          nodes == 1 ? "" : "s", total_ranks, total_ranks == 1 ? "" : "s", total_threads,
          total_threads == 1 ? "" : "s",
          judged ? "the layout asked for (--layout)" : "recommended");
  if (runnable) print_placement(topo, &plan, param_flag(ps, "plan"), out);
  print_colonies(job_ranks, colonies, param_is_set(ps, "colonies"), out);
  if (findings.count == 0)
    fprintf(out, "judgement: no problem found\n");
  else
    fprintf(out, "judgement:\n");
  topo_findings_print(&findings, out);
  if (runnable)
    print_lines(&plan, described, param_str(ps, "program"), out);
  else
    fprintf(out, "\nno launch lines for %s: change the layout first (see the layouts below).\n",
            layout_text);
  print_candidates(cands, ncands, out);
  if (!runnable)
    st = ar_fail(AR_ERR_USAGE, "layout %s cannot run well on this node (see the errors above)",
                 layout_text);
done:
  topo_plan_free(&plan);
  hwloc_topology_destroy(topo);
  return st;
}

static ar_status report_binding(param_set *ps) {
  const char *bind = param_str(ps, "bind");
  ar_status st = AR_OK;
  if (strcmp(bind, "none") != 0) {
    topo_bind_unit unit = strcmp(bind, "cores") == 0     ? TOPO_BIND_CORE
                          : strcmp(bind, "threads") == 0 ? TOPO_BIND_PU
                                                         : TOPO_BIND_AUTO;
    st = topo_bind_threads(MPI_COMM_WORLD, NULL, unit);
    /* Binding is local after its collectives: agree before the report's collectives. */
    int failed = st != AR_OK, any = 0;
    if (MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS)
      return ar_fail(AR_ERR_MPI, "cannot agree on the binding");
    if (failed) return st;
    if (any) {
      ar_fail(AR_ERR_INTERNAL, "binding failed on another rank");
      ar_error_mark_shared();
      return AR_ERR_INTERNAL;
    }
  }
  int rank = 0, nwarnings = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  st = topo_binding_report(MPI_COMM_WORLD, rank == 0 ? stdout : NULL, &nwarnings);
  fflush(stdout);
  return st;
}

ar_status cmd_advise(int argc, char **argv) {
  param_set ps = {.command = "advise",
                  .usage = "antroute advise [--topology DESC | --topology-xml FILE] [--nodes N] "
                           "[--layout RxT] [--format text|sbatch|env]\n"
                           "       srun|mpirun ... antroute advise --report-binding [--bind auto]",
                  .description =
                      "Recommends MPI ranks per node x OpenMP threads per rank for a node (this "
                      "machine, a synthetic hwloc topology or an XML export), or judges the "
                      "layout given with --layout, and prints the #SBATCH, srun and mpirun lines "
                      "and the OMP_* settings that place and bind it. With --report-binding, "
                      "started by a launcher, it reports instead where every thread of the run "
                      "may run, with warnings.",
                  .defs = advise_params,
                  .ndefs = (int)(sizeof advise_params / sizeof advise_params[0]),
                  .min_positional = 0,
                  .max_positional = 0};
  ar_status st = param_parse(&ps, argc, argv);
  if (st != AR_OK || ps.help_requested) {
    if (ps.help_requested) param_print_help(&ps, stdout);
    param_free(&ps);
    return st;
  }
  if (param_flag(&ps, "report-binding")) {
    st = report_binding(&ps);
    param_free(&ps);
    return st;
  }
  if (strcmp(param_str(&ps, "bind"), "none") != 0) {
    param_free(&ps);
    return ar_fail(AR_ERR_USAGE, "--bind needs --report-binding");
  }
  /* Advice is not parallel: rank 0 works, the others learn its status. */
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    st = advise(&ps, stdout);
    fflush(stdout);
  }
  int code = (int)st;
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank != 0 && code != AR_OK) {
    st = ar_fail((ar_status)code, "advise failed on rank 0");
    ar_error_mark_shared();
  }
  param_free(&ps);
  return st;
}
