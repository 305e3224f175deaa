/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_advise: `antroute advise`: recommend or judge a ranks x threads layout for a node and print
 * the #SBATCH, srun, mpirun and OMP_* lines that realise it; with --report-binding, show where
 * the threads of this run actually are. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_bind.h"
#include "cli_parse.h"
#include "cli_rank0.h"
#include "param.h"
#include "topo_bind.h"
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
    {"bind", 0, PARAM_CHOICE, "none", TOPO_BIND_CHOICES, 1, 0, "UNIT",
     "with --report-binding: first bind each OpenMP thread inside its rank's mask", 0},
};

int cmd_advise_defs(param_def *out, int cap) {
  return cli_copy_defs(advise_params, (int)(sizeof advise_params / sizeof advise_params[0]), out,
                       cap);
}

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

static void print_candidates(const topo_candidate *cands, int n, FILE *out) {
  fprintf(out, "\nlayouts for this node, best first:\n");
  for (int i = 0; i < n; i++)
    fprintf(out, "  %d. %dx%d: %s\n", i + 1, cands[i].layout.ranks_per_node,
            cands[i].layout.threads_per_rank, cands[i].reason);
}

/* What advise works on: the node, the layouts it recommends, and the layout it judges. */
typedef struct {
  hwloc_topology_t topo;
  char described[512]; /* where the topology came from */
  topo_shape shape;
  topo_candidate cands[TOPO_MAX_CANDIDATES];
  int ncands;
  topo_layout layout; /* --layout, else the best candidate */
  int judged;         /* 1: --layout was given */
  topo_findings findings;
  long long ranks;    /* of the job: nodes x ranks per node */
  long long colonies; /* --colonies, else the recommended count */
  int colonies_given; /* 1: --colonies was given */
  int runnable;       /* no finding is an error, so plan holds the placement */
  topo_plan plan;
  char layout_text[64];
} advice;

static void advice_free(advice *a) {
  topo_plan_free(&a->plan);
  if (a->topo) hwloc_topology_destroy(a->topo);
}

/* Loads the node, recommends layouts, judges the chosen one and, when it can run, places it. */
static ar_status advice_make(const param_set *ps, advice *a) {
  const char *synthetic = param_str(ps, "topology"), *xml = param_str(ps, "topology-xml");
  topo_source source =
      synthetic ? TOPO_SOURCE_SYNTHETIC : (xml ? TOPO_SOURCE_XML : TOPO_SOURCE_THIS_MACHINE);
  const char *what = synthetic ? synthetic : xml;
  topo_source_describe(source, what, a->described, sizeof a->described);
  ar_status st = topo_load(source, what, &a->topo);
  if (st == AR_OK) st = topo_shape_of(a->topo, a->described, &a->shape);
  if (st != AR_OK) return st;
  const int nodes = (int)param_int(ps, "nodes");
  const int prefer = (int)param_int(ps, "prefer-threads");
  a->ncands = topo_recommend(&a->shape, nodes, prefer, a->cands, ADVISE_CANDIDATES);
  if (a->ncands < 1) return ar_fail(AR_ERR_NOMEM, "out of memory recommending layouts");
  a->layout = a->cands[0].layout;
  a->judged = param_is_set(ps, "layout");
  if (a->judged) {
    a->layout.nodes = nodes;
    st = topo_layout_parse(param_str(ps, "layout"), &a->layout);
    if (st != AR_OK) return st;
  }
  if (param_is_set(ps, "cpus-per-task"))
    a->layout.cpus_per_rank = (int)param_int(ps, "cpus-per-task");
  snprintf(a->layout_text, sizeof a->layout_text, "%dx%d", a->layout.ranks_per_node,
           a->layout.threads_per_rank);
  st = topo_judge(a->topo, &a->layout, prefer, &a->findings);
  if (st != AR_OK) return st;
  a->ranks = (long long)nodes * a->layout.ranks_per_node;
  a->colonies_given = param_is_set(ps, "colonies");
  a->colonies = a->colonies_given ? param_int(ps, "colonies")
                                  : topo_colonies_recommend(a->ranks, a->layout.threads_per_rank);
  topo_colonies_judge(a->ranks, a->layout.threads_per_rank, a->colonies, &a->findings);
  a->runnable = topo_findings_worst(&a->findings) < (int)TOPO_ERROR;
  return a->runnable ? topo_plan_make(a->topo, &a->layout, &a->plan) : AR_OK;
}

/* --format sbatch|env: the lines alone, or an error naming the worst finding. */
static ar_status advice_print_lines_only(const advice *a, const char *format, FILE *out) {
  if (!a->runnable) {
    const topo_finding *worst = NULL;
    for (int i = 0; i < a->findings.count && !worst; i++)
      if (a->findings.items[i].severity == TOPO_ERROR) worst = &a->findings.items[i];
    return ar_fail(AR_ERR_USAGE, "layout %s cannot run well on %s: %s", a->layout_text,
                   a->described, worst ? worst->text : "see antroute advise --format text");
  }
  if (strcmp(format, "sbatch") == 0) {
    topo_launch_print_sbatch(&a->plan, a->described, out);
  } else {
    topo_launch_print_env(&a->plan, out);
    fprintf(out, "AR_COLONIES=%lld\n", a->colonies);
  }
  return AR_OK;
}

static void print_layout_line(const advice *a, FILE *out) {
  const topo_layout *lay = &a->layout;
  const long long ranks = (long long)lay->nodes * lay->ranks_per_node;
  const long long threads = ranks * lay->threads_per_rank;
  fprintf(out,
          "layout: %s = %d rank%s x %d thread%s per node on %d node%s (%lld rank%s, %lld "
          "thread%s): %s\n",
          a->layout_text, lay->ranks_per_node, lay->ranks_per_node == 1 ? "" : "s",
          lay->threads_per_rank, lay->threads_per_rank == 1 ? "" : "s", lay->nodes,
          lay->nodes == 1 ? "" : "s", ranks, ranks == 1 ? "" : "s", threads,
          threads == 1 ? "" : "s", a->judged ? "the layout asked for (--layout)" : "recommended");
}

/* The colony count: the one judged, or the one recommended. */
static void print_colonies(const advice *a, FILE *out) {
  if (a->colonies_given)
    fprintf(out, "colonies: %lld (--colonies) over %lld rank%s\n", a->colonies, a->ranks,
            a->ranks == 1 ? "" : "s");
  else if (a->ranks == 1)
    fprintf(out,
            "colonies: solve --colonies %lld (the threads go on with one colony's ants while "
            "another ends its iteration)\n",
            a->colonies);
  else
    fprintf(out,
            "colonies: solve --colonies %lld (%lld per rank); any multiple of %lld keeps the "
            "ranks even (the answer depends on the count, not on the layout)\n",
            a->colonies, a->colonies / a->ranks, a->ranks);
}

/* --format text: the node, the layout, its placement and judgement, the lines, the candidates. */
static ar_status advice_print_text(const param_set *ps, const advice *a, FILE *out) {
  char shape_text[256];
  topo_shape_describe(&a->shape, shape_text, sizeof shape_text);
  fprintf(out, "topology: %s\n          from %s\n", shape_text, a->described);
  print_layout_line(a, out);
  if (a->runnable) print_placement(a->topo, &a->plan, param_flag(ps, "plan"), out);
  print_colonies(a, out);
  fprintf(out, a->findings.count == 0 ? "judgement: no problem found\n" : "judgement:\n");
  topo_findings_print(&a->findings, out);
  if (a->runnable)
    print_lines(&a->plan, a->described, param_str(ps, "program"), out);
  else
    fprintf(out, "\nno launch lines for %s: change the layout first (see the layouts below).\n",
            a->layout_text);
  print_candidates(a->cands, a->ncands, out);
  if (!a->runnable)
    return ar_fail(AR_ERR_USAGE, "layout %s cannot run well on this node (see the errors above)",
                   a->layout_text);
  return AR_OK;
}

static ar_status advise_work(const param_set *ps) {
  advice a = {0};
  ar_status st = advice_make(ps, &a);
  const char *format = param_str(ps, "format");
  if (st == AR_OK)
    st = strcmp(format, "text") == 0 ? advice_print_text(ps, &a, stdout)
                                     : advice_print_lines_only(&a, format, stdout);
  advice_free(&a);
  return st;
}

static const cli_rule advise_rules[] = {
    {CLI_EXCLUSIVE, "topology", "topology-xml", "give --topology or --topology-xml, not both",
     NULL},
    {CLI_NEEDS, "bind", "report-binding", "--bind needs --report-binding", NULL},
};

ar_status cmd_advise(int argc, char **argv) {
  param_set ps = {.command = "advise",
                  .usage = "antroute advise [--topology DESC | --topology-xml FILE] [--nodes N] "
                           "[--layout RxT] [--format text|sbatch|env]\n"
                           "       srun|mpirun ... antroute advise --report-binding [--bind auto]",
                  .examples = "antroute advise\n"
                              "antroute advise --topology \"pack:2 core:16 pu:2\" --nodes 4\n"
                              "antroute advise --layout 8x4 --format sbatch\n"
                              "mpirun -np 4 antroute advise --report-binding",
                  .description =
                      "Recommends MPI ranks per node x OpenMP threads per rank for a node (this "
                      "machine, a synthetic hwloc topology or an XML export), or judges the "
                      "layout given with --layout, and prints the #SBATCH, srun and mpirun lines "
                      "and the OMP_* settings that place and bind it. With --report-binding, "
                      "started by a launcher, it reports instead where every thread of the run "
                      "may run, with warnings.",
                  CLI_OPTIONS(advise_params, 0, 0)};
  int help_done = 0;
  ar_status st = cli_parse_rules(&ps, argc, argv, CLI_RULES(advise_rules), &help_done);
  if (st == AR_OK && !help_done && param_flag(&ps, "report-binding"))
    st = cli_bind(param_str(&ps, "bind"), 1); /* collective: every rank reports its threads */
  else if (st == AR_OK && !help_done)
    st = cli_rank0_run_params(advise_work, &ps); /* advice is not parallel */
  param_free(&ps);
  return st;
}
